import { exportLogsUrl } from '@workbench/common/api/logs';
import { parseLogQueryText, splitLogQuery } from '@workbench/common/api/contract/logQueryLanguage';
import {
  buildLogQuery,
  readLinkedEvent,
  readLogView,
  viewQueryText,
  withAbsoluteRange,
  withColumns,
  withEvent,
  withFieldFilter,
  withInterval,
  withoutCriteria,
  withoutFieldFilter,
  withoutTimeRange,
  withPinnedEnd,
  withQueryParts,
  withSort,
  withTimeRange,
} from './logView';
import { filterSchemaOf } from './LogsPage';
import { fieldText, LOG_ROUTE_FIELDS } from './logFields';

const q = (s: string) => new URLSearchParams(s);

describe('the logs view in the URL', () => {
  it('Default log interval: 7d', () => {
    expect(readLogView('web', q('')).interval).toBe('7d');
  });

  it('reads filters (comma-joined, plus-joined same-label values), search, columns; ignores page and unknown keys', () => {
    const view = readLogView(
      'web',
      q(
        'action=block,safeview%2Bsafeview_readonly&search=%20news%20&columns=domain,bogus,userid&page=0&colour=red',
      ),
    );
    expect(view.filters).toEqual({ action: ['block', 'safeview', 'safeview_readonly'] });
    expect(view.search).toBe('news');
    expect(view.columns).toEqual(['domain', 'userid']);
    expect(readLogView('web', q('action=safeview+safeview_readonly')).filters.action).toEqual([
      'safeview',
      'safeview_readonly',
    ]);
  });

  it('without columns the route shows its default columns', () => {
    expect(readLogView('firewall', q('')).columns).toEqual([...LOG_ROUTE_FIELDS.firewall.defaultColumns]);
  });

  it('the query keeps the pinned end: the same link gives the same start and end at any later time', () => {
    const view = readLogView('web', q('interval=2d&to=1800000000&risk=R'));
    const a = buildLogQuery('web', view, 1_900_000_000_000);
    const b = buildLogQuery('web', view, 2_000_000_000_000);
    expect(a).toEqual(b);
    expect(a).toEqual({
      logType: 'scan_web',
      params: { start: String(1800000000 - 172800), end: '1800000000', order: 'desc', risk: 'R' },
    });
  });

  it('a month name plus a year means that whole calendar month', () => {
    const view = readLogView('audit', q('interval=March%202026'));
    const query = buildLogQuery('audit', view, Date.now());
    expect(Number(query.params.start) * 1000).toBe(new Date(2026, 2, 1).getTime());
    expect(Number(query.params.end) * 1000).toBe(new Date(2026, 3, 1).getTime());
    expect(query.logType).toBe('scan_audit');
  });

  it('an unknown interval is an error naming it', () => {
    expect(() => buildLogQuery('web', readLogView('web', q('interval=forever')), Date.now())).toThrow(
      'Unknown interval "forever"',
    );
  });

  it('withColumns and withPinnedEnd keep the rest of the view', () => {
    const next = withPinnedEnd(
      withColumns(q('interval=1h&action=block&page=3'), ['url', 'risk']),
      1_800_000_000_500,
    );
    expect(next.get('columns')).toBe('url,risk');
    expect(next.get('to')).toBe('1800000001');
    expect(next.get('action')).toBe('block');
    expect(next.get('page')).toBeNull();
  });

  it('sort=event_time:asc is oldest first: the query and the export ask for order=asc', () => {
    const view = readLogView('web', q('interval=1h&to=1800000000&sort=event_time:asc'));
    expect(view.order).toBe('asc');
    expect(view.sort).toBe('event_time:asc');
    const query = buildLogQuery('web', view, Date.now());
    expect(query.params.order).toBe('asc');
    expect(new URL(exportLogsUrl(query), 'http://x').searchParams.get('order')).toBe('asc');
  });

  it('without sort, or with a sort the API does not serve, the view is newest first (order=desc)', () => {
    for (const sort of [
      '',
      'sort=event_time:desc',
      'sort=url:asc',
      'sort=dlp_rule:asc',
      'sort=event_time:sideways',
    ]) {
      const view = readLogView('web', q(`interval=1h&${sort}`));
      expect(view.order).toBe('desc');
      expect(buildLogQuery('web', view, 1_800_000_000_000).params.order).toBe('desc');
    }
  });

  it('sort on a field the API sorts by: the view, the query and the export send sort and order; Time is the default', () => {
    const view = readLogView('web', q('interval=1h&to=1800000000&sort=status_code:desc'));
    expect(view).toMatchObject({ sortColumn: 'status_code', order: 'desc', sort: 'status_code:desc' });
    const query = buildLogQuery('web', view, 1_800_000_000_000);
    expect(query.params).toMatchObject({ sort: 'status_code', order: 'desc' });
    expect(new URL(exportLogsUrl(query), 'http://x').searchParams.get('sort')).toBe('status_code');
    expect(withSort(q('interval=1h'), 'asc', 'domain').get('sort')).toBe('domain:asc');
    expect(
      buildLogQuery('web', readLogView('web', q('interval=1h')), 1_800_000_000_000).params.sort,
    ).toBeUndefined();
  });

  it('withSort writes the order to the URL and drops the page; a copied link keeps it', () => {
    const sorted = withSort(q('interval=1h&action=block&page=2'), 'asc');
    expect(sorted.get('sort')).toBe('event_time:asc');
    expect(sorted.get('page')).toBeNull();
    expect(sorted.get('action')).toBe('block');
    expect(withPinnedEnd(sorted, 1_800_000_000_000).get('sort')).toBe('event_time:asc');
    expect(withPinnedEnd(q('interval=1h'), 1_800_000_000_000).get('sort')).toBe('event_time:desc');
  });

  it('cells and the detail panel show vocabulary labels for codes', () => {
    expect(fieldText('action', 'safeview')).toBe('Isolate');
    expect(fieldText('risk', 'R')).toBe('High');
    expect(fieldText('domain', 'example.com')).toBe('example.com');
    expect(fieldText('action', 'brand_new_code')).toBe('brand_new_code');
    expect(fieldText('bytes_in', 178281)).toBe('178.28 KB');
    expect(fieldText('bytes_out', 512)).toBe('512 B');
  });
});

describe('the typed query in the URL', () => {
  const schema = filterSchemaOf('web', false);

  it('a typed query writes its chips as the filter bar does, its free text as search and the rest as q', () => {
    const parts = splitLogQuery(
      parseLogQueryText('scan_web', 'action:(safeview OR safeview_readonly OR block) ella NOT country:FR'),
      LOG_ROUTE_FIELDS.web.filters,
    );
    const next = withQueryParts(q('risk=R&interval=24h&page=0'), 'web', schema, parts);
    expect(next.get('action')).toBe('block,safeview,safeview_readonly');
    expect(next.get('risk')).toBeNull();
    expect(next.get('search')).toBe('ella');
    expect(next.get('q')).toBe('NOT country:FR');
    expect(next.get('interval')).toBe('24h');
    expect(next.has('page')).toBe(false);
    const view = readLogView('web', next);
    expect(buildLogQuery('web', view, 1_800_000_000_000).params).toMatchObject({
      action: 'block,safeview,safeview_readonly',
      search: 'ella',
      q: 'NOT country:FR',
    });
    // The box shows it back as one query (chips in bar order).
    expect(viewQueryText('web', view)).toBe(
      'action:(block OR safeview OR safeview_readonly) AND ella AND NOT country:FR',
    );
  });

  it('a q the language refuses is shown as typed, after the chips', () => {
    expect(viewQueryText('web', readLogView('web', q('risk=R&q=a%20AND')))).toBe('risk:R AND (a AND)');
  });
});

describe('the absolute range in the URL', () => {
  it('interval=custom with from (and to) is that range; without to it ends now', () => {
    const pinned = withAbsoluteRange(q('interval=7d&risk=R&page=2'), 1_700_000_000, 1_700_003_600);
    expect(pinned.toString()).toBe('interval=custom&risk=R&from=1700000000&to=1700003600');
    const view = readLogView('web', pinned);
    expect(view).toMatchObject({ interval: 'custom', from: 1_700_000_000, to: 1_700_003_600 });
    expect(buildLogQuery('web', view, 1_900_000_000_000).params).toMatchObject({
      start: '1700000000',
      end: '1700003600',
    });
    const open = readLogView('web', withAbsoluteRange(q(''), 1_700_000_000, null));
    expect(buildLogQuery('web', open, 1_800_000_000_000).params).toMatchObject({
      start: '1700000000',
      end: '1800000000',
    });
    // from without an interval (a histogram drag) is an absolute range too.
    expect(readLogView('web', q('from=1700000000')).interval).toBe('custom');
  });

  it('a range that does not start before its end, or has no start, is an error naming it', () => {
    expect(() => buildLogQuery('web', readLogView('web', q('interval=custom&from=20&to=10')), 0)).toThrow(
      'The range must start before it ends.',
    );
    expect(() => buildLogQuery('web', readLogView('web', q('interval=custom')), 0)).toThrow(
      'Choose the start of the custom range.',
    );
  });

  it('an interval code or a month replaces the range; a code from the menu makes from ignored', () => {
    const month = withInterval(q('interval=custom&from=1700000000&to=1700003600'), 'March 2026');
    expect(month.toString()).toBe('interval=March+2026');
    expect(readLogView('web', q('interval=24h&from=1700000000')).from).toBeNull();
  });
});

describe('filter in / filter out, exclusions and the absolute range in the URL (issue 15)', () => {
  it('any field filters; `<field>!` excludes; codes split on +, free text does not; both reach the query', () => {
    const view = readLogView(
      'web',
      q('to=1800000000&userid=ella&action!=block%2Ballow&user_agent=Mozilla%2F5.0%20(X11%3B%20Linux)'),
    );
    expect(view.filters).toEqual({ userid: ['ella'], user_agent: ['Mozilla/5.0 (X11; Linux)'] });
    expect(view.exclude).toEqual({ action: ['block', 'allow'] });
    expect(buildLogQuery('web', view, 0).params).toEqual(
      expect.objectContaining({ userid: 'ella', 'action!': 'block,allow' }),
    );
  });

  it('filter in narrows to the value and drops it from the exclusions; filter out adds an exclusion', () => {
    const start = q('action=block,allow&userid!=ella,bob&page=2');
    expect(withFieldFilter(start, 'action', 'allow', 'in').toString()).toBe(
      'action=allow&userid%21=ella%2Cbob',
    );
    expect(withFieldFilter(start, 'userid', 'ella', 'in').toString()).toBe(
      'action=block%2Callow&userid%21=bob&userid=ella',
    );
    expect(withFieldFilter(start, 'action', 'block', 'out').toString()).toBe(
      'action=allow&userid%21=ella%2Cbob&action%21=block',
    );
    expect(withoutFieldFilter(start, 'userid', 'ella', 'out').get('userid!')).toBe('bob');
    expect(withoutFieldFilter(q('action=block'), 'action', 'block', 'in').has('action')).toBe(false);
    expect(withoutCriteria(start, 'web').toString()).toBe('');
  });

  it("a drag's range is the range picker's custom range (whole seconds); back drops it for the default interval", () => {
    const ranged = withTimeRange(q('interval=7d&page=1'), 1_799_990_000.4, 1_800_000_000.2);
    expect(ranged.toString()).toBe('interval=custom&from=1799990000&to=1800000001');
    const view = readLogView('web', ranged);
    expect(buildLogQuery('web', view, 0).params).toEqual(
      expect.objectContaining({ start: '1799990000', end: '1800000001' }),
    );
    // from alone: a custom range until now; one that ends before it starts is an error.
    expect(buildLogQuery('web', readLogView('web', q('from=1799990000')), 1_800_000_000_000).params).toEqual(
      expect.objectContaining({ start: '1799990000', end: '1800000000' }),
    );
    expect(() => buildLogQuery('web', readLogView('web', q('from=1900000000&to=1800000000')), 0)).toThrow(
      'The range must start before it ends.',
    );
    expect(withoutTimeRange(ranged).toString()).toBe('');
  });
});

describe('the details drawer event in the URL', () => {
  it('event=<id>_<epoch ms> round-trips; malformed values are no event', () => {
    const linked = withEvent(q('interval=7d'), { id: '42', time: 1_800_000_000_123 });
    expect(linked.toString()).toBe('interval=7d&event=42_1800000000123');
    expect(readLinkedEvent(linked)).toEqual({ id: '42', time: 1_800_000_000_123 });
    expect(readLinkedEvent(q('event=42'))).toBeNull();
    expect(readLinkedEvent(q('event=x_1'))).toBeNull();
    expect(withEvent(linked, null).toString()).toBe('interval=7d');
  });
});
