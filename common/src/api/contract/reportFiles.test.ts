import {
  SCHEDULE_PRESETS,
  cronProblem,
  instantReportProblem,
  nextRunAfter,
  panelsOf,
  scheduleInWords,
  scheduledReportProblem,
  sourceLabel,
  type ScheduledReportInput,
} from './reportFiles';

const valid: ScheduledReportInput = {
  name: 'Weekly',
  source: { dashboard: 'bandwidth' },
  interval: '7d',
  schedule: { preset: 'weekly', timezone: 'Europe/Berlin' },
  format: 'pdf',
  recipients: ['a@acme.example'],
  enabled: true,
};

describe('report files contract', () => {
  it('presets are crons croner reads, at most hourly; a custom cron must be five fields and not too frequent', () => {
    for (const preset of Object.values(SCHEDULE_PRESETS)) expect(cronProblem(preset.cron)).toBeNull();
    expect(cronProblem('0 * * * *')).toBeNull();
    expect(cronProblem('*/10 * * * *')).toBe('runs more often than once an hour.');
    expect(cronProblem('0 0 * * * *')).toMatch(/five fields/);
    expect(cronProblem('0 25 * * *')).toMatch(/^is not a cron expression/);
  });

  it('the next run is read in the time zone', () => {
    const after = new Date('2026-11-22T08:00:00Z');
    expect(nextRunAfter('0 6 * * *', 'Europe/Berlin', after)?.toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(nextRunAfter('0 6 * * *', 'UTC', after)?.toISOString()).toBe('2026-11-23T06:00:00.000Z');
  });

  it('panels: a dashboard’s, or one per query (top 10, bytes for byte sums)', () => {
    expect(panelsOf({ dashboard: 'dlp' }).map((p) => p.query)).toEqual(['top_dlp_users', 'top_dlp_domains']);
    expect(panelsOf({ queries: ['top_bandwidth_users', 'fwaas_blocked_traffic'] })).toEqual([
      { query: 'top_bandwidth_users', limit: 10, bytes: true },
      { query: 'fwaas_blocked_traffic', limit: undefined, bytes: false },
    ]);
    expect(sourceLabel({ dashboard: 'web' })).toBe('Web traffic dashboard');
    expect(sourceLabel({ queries: ['top_domains', 'top_users'] })).toBe('Top domains, Top users');
  });

  it('checks name the field', () => {
    expect(scheduledReportProblem(valid)).toBeNull();
    expect(scheduledReportProblem({ ...valid, source: {} })?.field).toBe('source');
    expect(scheduledReportProblem({ ...valid, recipients: ['x'] })?.field).toBe('recipients.0');
    expect(scheduledReportProblem({ ...valid, recipients: ['a@b.example', 'A@b.example'] })?.field).toBe(
      'recipients',
    );
    expect(
      scheduledReportProblem({ ...valid, schedule: { preset: 'daily', cron: '0 7 * * *', timezone: 'UTC' } })
        ?.field,
    ).toBe('schedule.cron');
    expect(scheduledReportProblem({ ...valid, filters: { domain: 'a.example' } })).toBeNull();
    expect(scheduledReportProblem({ ...valid, filters: { smtp_action: 'x' } })?.field).toBe(
      'filters.smtp_action',
    );
    expect(instantReportProblem({ source: { dashboard: 'web' }, format: 'csv' })?.field).toBe('interval');
    expect(instantReportProblem({ source: { dashboard: 'web' }, format: 'csv', interval: '1h' })).toBeNull();
  });

  it('a schedule in words', () => {
    expect(scheduleInWords({ preset: 'daily', cron: '0 6 * * *', timezone: 'UTC' })).toBe(
      'Daily at 06:00 (UTC)',
    );
    expect(scheduleInWords({ preset: 'custom', cron: '30 7 1 * *', timezone: 'UTC' })).toBe(
      'Cron "30 7 1 * *" (UTC)',
    );
  });
});
