import { boardInputProblem, type BoardInput } from '@workbench/common/api/contract/customDashboards';
import { DASHBOARDS } from '@workbench/common/api/contract/reportDashboards';
import {
  boardFromTemplate,
  boardLink,
  boardRangeOf,
  fieldPanelQuery,
  intervalCovering,
  panelChart,
  queryPanelParams,
  variableFilters,
  variableValues,
  withPanel,
} from './boardModel';

const board: BoardInput = {
  name: 'B',
  interval: '7d',
  variables: [
    { name: 'user', value: 'alice' },
    { name: 'domain', value: '' },
  ],
  panels: [],
};
const END = Date.UTC(2026, 10, 29, 12, 0, 0);

describe('a board in the URL', () => {
  test("the interval, else the board's; a zoom's from and to win", () => {
    expect(boardRangeOf(board, new URLSearchParams(), END)).toMatchObject({
      interval: '7d',
      zoomed: false,
      range: { end: END / 1000, start: END / 1000 - 7 * 86400 },
    });
    expect(boardRangeOf(board, new URLSearchParams('interval=24h'), END).interval).toBe('24h');
    const zoom = boardRangeOf(board, new URLSearchParams('from=1000&to=4600'), END);
    expect(zoom).toEqual({ interval: '1h', range: { start: 1000, end: 4600 }, zoomed: true });
    // A zoom that is not a range is ignored.
    expect(boardRangeOf(board, new URLSearchParams('from=5000&to=4600'), END).zoomed).toBe(false);
    expect(intervalCovering(40 * 86400)).toBe('30d');
  });

  test("variables: the URL's value, else the default; as the report queries' filters", () => {
    const values = variableValues(board, new URLSearchParams('domain=example.com&group=ignored'));
    expect(values).toEqual({ user: 'alice', domain: 'example.com' });
    expect(variableFilters(values)).toEqual({ userid: ['alice'], domain: ['example.com'] });
    expect(variableValues(board, new URLSearchParams('user='))).toEqual({ user: '', domain: '' });
  });

  test('the link holds the board, the zoom and the variables', () => {
    const link = boardLink('b1', { interval: '7d', range: { start: 10, end: 20 }, values: { user: 'a b' } });
    expect(link).toBe('/boards?board=b1&interval=7d&from=10&to=20&user=a+b');
    expect(boardLink('b1', { interval: '24h', range: null, values: {} })).toBe(
      '/boards?board=b1&interval=24h',
    );
  });
});

describe('panels', () => {
  test('a query panel applies the variables its query takes', () => {
    const params = queryPanelParams(
      { kind: 'query', query: 'top_domains', limit: 10 },
      '7d',
      { start: 1, end: 2 },
      { userid: ['alice'], nope: ['x'] },
    );
    expect(params).toEqual({ start: 1, end: 2, limit: 10, filters: { userid: ['alice'] } });
    expect(
      queryPanelParams({ kind: 'query', query: 'bandwidth_usage_by_date' }, '7d', { start: 1, end: 2 }, {}),
    ).toEqual({ start: 1, end: 2, granularity: 'P1D' });
  });

  test("a field panel keeps the explorer's filters, takes the board's range and the variables its log has a field for", () => {
    const { query, ignored } = fieldPanelQuery(
      {
        kind: 'field',
        log_type: 'fwaas_logs',
        field: 'fw_action',
        view: 'top',
        query: 'start=1&fw_action=block',
      },
      { start: 100, end: 200 },
      { user: 'alice', group: 'staff', domain: 'example.com' },
    );
    expect(query.logType).toBe('fwaas_logs');
    expect(query.params).toMatchObject({ fw_action: 'block', start: '100', end: '200', userid: 'alice' });
    expect(ignored).toEqual(['Group']);
  });

  test('a new panel goes below the others, with an id of its own and the chart its source allows', () => {
    let input = withPanel(board, { kind: 'query', query: 'top_domains' });
    input = withPanel(input, { kind: 'query', query: 'bandwidth_usage_by_date' });
    input = withPanel(input, {
      kind: 'field',
      log_type: 'scan_web',
      field: 'userid',
      view: 'time',
      query: '',
    });
    expect(input.panels.map((p) => [p.id, p.chart, p.layout.y])).toEqual([
      ['p1', 'bar', 0],
      ['p2', 'area', 4],
      ['p3', 'line', 8],
    ]);
    expect(input.panels[2].title).toBe('User over time');
    expect(boardInputProblem(input)).toBeNull();
  });

  test('a two-dimensional query keeps its stacked chart; a table is no chart', () => {
    expect(
      panelChart({
        source: { kind: 'query', query: 'smtp_request_count_by_date_by_event_for_failures' },
        chart: 'line',
      }),
    ).toBe('stacked-time');
    expect(panelChart({ source: { kind: 'query', query: 'top_domains' }, chart: 'table' })).toBeNull();
    expect(panelChart({ source: { kind: 'query', query: 'top_domains' }, chart: 'pie' })).toBe('pie');
  });

  test('every fixed dashboard copies into a board the server accepts, two panels to a row', () => {
    for (const d of DASHBOARDS) {
      const copy = boardFromTemplate(d);
      expect(boardInputProblem(copy)).toBeNull();
      expect(copy.panels.length).toBeGreaterThan(0);
      expect(copy.panels.length).toBeLessThanOrEqual(24);
      copy.panels.forEach((p, i) =>
        expect(p.layout).toMatchObject({ x: (i % 2) * 6, y: Math.floor(i / 2) * 4 }),
      );
    }
  });
});
