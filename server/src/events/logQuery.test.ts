import { LogQueryError, decodeCursor, encodeCursor, parseLogQuery, queryFingerprint } from './logQuery';

const NOW = Date.UTC(2026, 10, 20, 12);

function errorOf(fn: () => unknown): LogQueryError {
  try {
    fn();
  } catch (error) {
    if (error instanceof LogQueryError) return error;
    throw error;
  }
  throw new Error('expected a LogQueryError');
}

describe('parseLogQuery (GET /api/rep/v1/query/{logtype}?{query})', () => {
  it('start and end are unix seconds; limit defaults to 100', () => {
    const { query } = parseLogQuery('scan_web', 'tid-1', { start: '1700000000', end: '1700003600' }, NOW);
    expect(query).toEqual({
      logType: 'scan_web',
      tid: 'tid-1',
      start: 1700000000000,
      end: 1700003600000,
      order: 'desc',
      limit: 100,
      filters: [],
    });
  });

  it('order: desc (the default) reads newest first, asc oldest first', () => {
    expect(parseLogQuery('scan_web', 't', {}, NOW).query.order).toBe('desc');
    expect(parseLogQuery('scan_web', 't', { order: 'desc' }, NOW).query.order).toBe('desc');
    expect(parseLogQuery('scan_web', 't', { order: 'asc' }, NOW).query.order).toBe('asc');
  });

  it('a bad order is refused naming order', () => {
    for (const order of ['ASC', 'up', '', 'time']) {
      const error = errorOf(() => parseLogQuery('scan_web', 't', { order }, NOW));
      expect(error.field).toBe('order');
      expect(error.message).toBe(`Parameter "order" must be desc or asc, got "${order}".`);
    }
    expect(errorOf(() => parseLogQuery('scan_web', 't', { order: ['asc', 'asc'] }, NOW)).field).toBe('order');
  });

  it('Default log interval: 7d — without start and end the last 7 days are read', () => {
    const { query } = parseLogQuery('scan_web', 't', {}, NOW);
    expect(query.end).toBe(NOW);
    expect(query.start).toBe(NOW - 604800000);
  });

  it('multi-value filters are comma-joined; integer fields take integers; search is trimmed', () => {
    const { query, cursor } = parseLogQuery(
      'fwaas_logs',
      't',
      { fw_action: 'drop,allow', dst_port: '443', search: '  10.1 ', cursor: 'abc', limit: '1000' },
      NOW,
    );
    expect(query.filters).toEqual([
      { field: 'dst_port', values: [443] },
      { field: 'fw_action', values: ['allow', 'drop'] },
    ]);
    expect(query.search).toBe('10.1');
    expect(query.limit).toBe(1000);
    expect(cursor).toBe('abc');
  });

  it('bad filters are refused naming the filter', () => {
    expect(errorOf(() => parseLogQuery('scan_audit', 't', { domain: 'x.com' }, NOW)).field).toBe('domain');
    expect(errorOf(() => parseLogQuery('scan_web', 't', { nonsense: '1' }, NOW)).message).toContain(
      'Unknown filter "nonsense" for scan_web',
    );
    expect(errorOf(() => parseLogQuery('scan_web', 't', { risk: 'G,purple' }, NOW)).message).toContain(
      'unknown value "purple"',
    );
    expect(errorOf(() => parseLogQuery('scan_web', 't', { risk: 'G,' }, NOW)).message).toContain(
      'empty value',
    );
    expect(errorOf(() => parseLogQuery('fwaas_logs', 't', { dst_port: '443a' }, NOW)).field).toBe('dst_port');
    expect(errorOf(() => parseLogQuery('scan_web', 't', { limit: '1001' }, NOW)).field).toBe('limit');
    expect(errorOf(() => parseLogQuery('scan_web', 't', { limit: '0' }, NOW)).field).toBe('limit');
    expect(errorOf(() => parseLogQuery('scan_web', 't', { start: 'yesterday' }, NOW)).field).toBe('start');
    expect(errorOf(() => parseLogQuery('scan_web', 't', { end: '-5' }, NOW)).field).toBe('end');
    expect(errorOf(() => parseLogQuery('scan_web', 't', { start: '200', end: '100' }, NOW)).field).toBe(
      'start',
    );
    expect(errorOf(() => parseLogQuery('scan_web', 't', { risk: ['G', 'R'] }, NOW)).message).toContain(
      'more than once',
    );
    expect(errorOf(() => parseLogQuery('scan_web', 't', { search: 'x'.repeat(201) }, NOW)).field).toBe(
      'search',
    );
  });
});

describe('paging cursor', () => {
  const query = parseLogQuery('scan_web', 'tid-1', { start: '1', end: '2', risk: 'R' }, NOW).query;
  const fingerprint = queryFingerprint(query);

  it('round-trips the last (time, id) of a block', () => {
    expect(decodeCursor(encodeCursor({ time: 1500, id: 42 }, fingerprint), fingerprint)).toEqual({
      time: 1500,
      id: 42,
    });
  });

  it('a cursor from another query (other filter, other tenant) is refused naming pagingIdentifiers', () => {
    const cursor = encodeCursor({ time: 1500, id: 42 }, fingerprint);
    const otherFilter = queryFingerprint({ ...query, filters: [{ field: 'risk', values: ['G'] }] });
    const otherTenant = queryFingerprint({ ...query, tid: 'tid-2' });
    expect(otherFilter).not.toBe(fingerprint);
    expect(otherTenant).not.toBe(fingerprint);
    expect(errorOf(() => decodeCursor(cursor, otherFilter)).message).toContain('belongs to another query');
    expect(errorOf(() => decodeCursor(cursor, otherTenant)).field).toBe('pagingIdentifiers');
  });

  it('a cursor of the other order is refused naming pagingIdentifiers', () => {
    const asc = queryFingerprint({ ...query, order: 'asc' });
    expect(queryFingerprint({ ...query, order: 'desc' })).toBe(fingerprint);
    expect(asc).not.toBe(fingerprint);
    const descCursor = encodeCursor({ time: 1500, id: 42 }, fingerprint);
    const ascCursor = encodeCursor({ time: 1500, id: 42 }, asc);
    expect(errorOf(() => decodeCursor(descCursor, asc)).field).toBe('pagingIdentifiers');
    expect(errorOf(() => decodeCursor(ascCursor, fingerprint)).field).toBe('pagingIdentifiers');
    expect(decodeCursor(ascCursor, asc)).toEqual({ time: 1500, id: 42 });
  });

  it('the limit is not part of the query fingerprint', () => {
    expect(queryFingerprint({ ...query, limit: 5 } as typeof query)).toBe(fingerprint);
  });

  it('garbage is refused', () => {
    expect(errorOf(() => decodeCursor('not base64 json', fingerprint)).message).toBe(
      'The paging cursor is not valid.',
    );
    expect(
      errorOf(() => decodeCursor(Buffer.from('{"v":1,"t":"x"}').toString('base64url'), fingerprint)).message,
    ).toBe('The paging cursor is not valid.');
  });
});
