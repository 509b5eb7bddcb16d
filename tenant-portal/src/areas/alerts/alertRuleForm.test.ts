/** The alert rule form: checks before sending, the body, the server's field, the condition in words. */
import {
  alertRuleBody,
  alertRuleFieldOf,
  alertRuleFormErrors,
  alertRuleValues,
  conditionText,
  newAlertRule,
  windowText,
} from './alertRuleForm';

describe('alert rule form', () => {
  it('a new rule from the explorer takes its log type, query and window (at most the longest)', () => {
    const v = newAlertRule('web', { log_type: 'audit', query: '"marker"', window_minutes: 60 });
    expect(v).toMatchObject({
      log_type: 'audit',
      query: '"marker"',
      window_minutes: '60',
      every_minutes: '5',
    });
    expect(newAlertRule('web', { log_type: 'web', query: '', window_minutes: 99_999 }).window_minutes).toBe(
      '10080',
    );
  });

  it('names each problem at the field the server names', () => {
    const v = {
      ...newAlertRule('web'),
      window_minutes: 'x',
      threshold: '-1',
      every_minutes: '0',
      kind: 'threshold' as const,
    };
    expect(alertRuleFormErrors(v)).toEqual({
      name: 'Enter a name for the rule.',
      'condition.window_minutes': 'Enter the window in minutes as a whole number.',
      'condition.threshold': 'Enter the threshold as a whole number.',
      every_minutes: 'The schedule in minutes must be from 1 to 1,440.',
    });
    const nv = { ...newAlertRule('web'), name: 'n', kind: 'new_value' as const };
    expect(alertRuleFormErrors(nv)).toEqual({
      'condition.field': 'Choose the field whose new values fire the rule.',
    });
  });

  it('builds the body of each condition; an edited rule reads back as the same body', () => {
    const threshold = alertRuleBody({
      ...newAlertRule('web'),
      name: ' Blocked ',
      query: ' action:blocked ',
      group_by: 'userid',
      threshold: '10',
    });
    expect(threshold).toEqual({
      name: 'Blocked',
      log_type: 'web',
      query: 'action:blocked',
      condition: { kind: 'threshold', window_minutes: 15, threshold: 10, group_by: 'userid' },
      every_minutes: 5,
      severity: 'warning',
      channel_ids: [],
      enabled: true,
    });
    const newValue = alertRuleBody({
      ...newAlertRule('web'),
      name: 'n',
      kind: 'new_value',
      field: 'domain',
      lookback_days: '30',
    });
    expect(newValue.condition).toEqual({
      kind: 'new_value',
      window_minutes: 15,
      field: 'domain',
      lookback_days: 30,
    });
    const rule = {
      ...threshold,
      id: 'r',
      created_at: '',
      updated_at: '',
      updated_by: '',
      last_evaluated_at: null,
      next_evaluation_at: null,
    };
    expect(alertRuleBody(alertRuleValues(rule))).toEqual(threshold);
  });

  it("maps the server's field to the form's", () => {
    expect(alertRuleFieldOf('query')).toBe('query');
    expect(alertRuleFieldOf('condition.group_by')).toBe('condition.group_by');
    expect(alertRuleFieldOf('channel_ids.0')).toBe('channel_ids');
    expect(alertRuleFieldOf('condition')).toBe('condition.window_minutes');
    expect(alertRuleFieldOf('body')).toBeNull();
    expect(alertRuleFieldOf(undefined)).toBeNull();
  });

  it('says the condition in words', () => {
    expect(windowText(90)).toBe('90 minutes');
    expect(windowText(120)).toBe('2 hours');
    expect(windowText(1440)).toBe('1 day');
    expect(conditionText({ condition: { kind: 'threshold', window_minutes: 60, threshold: 1000 } })).toBe(
      'more than 1,000 in 1 hour',
    );
  });
});
