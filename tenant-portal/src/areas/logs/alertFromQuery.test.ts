/** "Create alert from this query": the explorer's view as one query of the language, and its window. */
import { parseLogQueryText } from '@workbench/common/api/contract/logQueryLanguage';
import { LOG_ROUTE_TYPES } from '@workbench/common/vocabularies/index';
import { alertPrefillOf, alertQueryText } from './alertFromQuery';

const view = (extra: Partial<Parameters<typeof alertQueryText>[1]> = {}) => ({
  filters: {},
  exclude: {},
  search: '',
  q: '',
  ...extra,
});

describe('alertQueryText', () => {
  it('is empty for a view without conditions (every event of the type)', () => {
    expect(alertQueryText('web', view())).toBe('');
  });

  it('joins the typed rest, the free text and the excluded values into one query the language reads', () => {
    const text = alertQueryText(
      'web',
      view({ q: 'bytes > 1000', search: 'invoice', exclude: { userid: ['bob'] } }),
    );
    expect(text).not.toBeNull();
    const parsed = parseLogQueryText(LOG_ROUTE_TYPES.web, text!);
    expect(parsed).toMatchObject({ kind: 'and' });
    expect(text).toContain('invoice');
    expect(text).toContain('bob');
    expect(text).toMatch(/NOT/);
    expect(text).toContain('1000');
  });

  it('is null for a typed rest the language refuses (nothing is offered)', () => {
    expect(alertQueryText('web', view({ q: '(bytes > 1' }))).toBeNull();
  });
});

describe('alertPrefillOf', () => {
  it('takes the log type and the range length in minutes, at most the longest window', () => {
    const q = (start: number, end: number) => ({
      logType: LOG_ROUTE_TYPES.web,
      params: { start: String(start), end: String(end) },
    });
    expect(alertPrefillOf('web', view({ q: 'bytes > 1000' }), q(1000, 1000 + 3600))).toEqual({
      log_type: 'web',
      query: alertQueryText('web', view({ q: 'bytes > 1000' })),
      window_minutes: 60,
    });
    expect(alertPrefillOf('web', view(), q(0, 30 * 86_400))?.window_minutes).toBe(7 * 24 * 60);
    expect(alertPrefillOf('web', view(), q(0, 10))?.window_minutes).toBe(1);
    expect(alertPrefillOf('web', view(), q(0, 15 * 60 + 59))?.window_minutes).toBe(15);
  });
});
