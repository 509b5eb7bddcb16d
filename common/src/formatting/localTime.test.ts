import { localDateTime, localInputToIso } from './localTime';

describe('localDateTime', () => {
  it('shows the instant in the given locale and time zone, to the second', () => {
    expect(localDateTime('2026-11-29T10:15:07.000Z', 'en-GB', 'UTC')).toBe('29 Nov 2026, 10:15:07');
    expect(localDateTime('2026-11-29T10:15:07.000Z', 'en-US', 'America/New_York')).toBe(
      'Nov 29, 2026, 5:15:07 AM',
    );
    expect(localDateTime('2026-11-29T10:15:07.000Z', 'de-DE', 'Europe/Berlin')).toBe('29.11.2026, 11:15:07');
  });

  it('is never the ISO text for a valid time; an unreadable one is shown as it came', () => {
    expect(localDateTime('2026-11-29T10:15:07.000Z')).not.toContain('T10:15');
    expect(localDateTime('not a time')).toBe('not a time');
  });
});

describe('localInputToIso', () => {
  it('reads a datetime-local value in the local time zone', () => {
    const iso = localInputToIso('2026-11-29T10:15');
    expect(iso).toBe(new Date(2026, 10, 29, 10, 15).toISOString());
  });

  it('is null for anything else', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('2026-11-29')).toBeNull();
    expect(localInputToIso('2026-13-45T99:99')).toBeNull();
  });
});
