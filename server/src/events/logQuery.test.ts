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
  const position = { time: 1500, id: 42 };
  const cursor = encodeCursor(position, query);
  const bodyOf = (text: string) =>
    JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('round-trips the last (time, id) of a block and the range it was made for', () => {
    expect(decodeCursor(cursor, query)).toEqual({ after: position, start: 1000, end: 2000 });
  });

  it('a cursor from another query (other filter, other tenant) is refused naming pagingIdentifiers', () => {
    const otherFilter = { ...query, filters: [{ field: 'risk', values: ['G'] }] };
    const otherTenant = { ...query, tid: 'tid-2' };
    expect(queryFingerprint(otherFilter)).not.toBe(queryFingerprint(query));
    expect(queryFingerprint(otherTenant)).not.toBe(queryFingerprint(query));
    expect(errorOf(() => decodeCursor(cursor, otherFilter)).message).toContain('belongs to another query');
    expect(errorOf(() => decodeCursor(cursor, otherTenant)).field).toBe('pagingIdentifiers');
  });

  it('a cursor of the other order is refused naming pagingIdentifiers', () => {
    const asc = { ...query, order: 'asc' as const };
    expect(queryFingerprint({ ...query, order: 'desc' })).toBe(queryFingerprint(query));
    expect(queryFingerprint(asc)).not.toBe(queryFingerprint(query));
    const ascCursor = encodeCursor(position, asc);
    expect(errorOf(() => decodeCursor(cursor, asc)).field).toBe('pagingIdentifiers');
    expect(errorOf(() => decodeCursor(ascCursor, query, 'cursor')).field).toBe('cursor');
    expect(decodeCursor(ascCursor, asc).after).toEqual(position);
  });

  it('the limit is not part of the query fingerprint', () => {
    expect(queryFingerprint({ ...query, limit: 5 } as typeof query)).toBe(queryFingerprint(query));
  });

  it("an end the request left out is the cursor's: the default range of a later block does not matter", () => {
    const first = parseLogQuery('scan_web', 'tid-1', { risk: 'R' }, NOW);
    const later = parseLogQuery('scan_web', 'tid-1', { risk: 'R' }, NOW + 90_000);
    expect(later.rangeGiven).toEqual({ start: false, end: false });
    const made = encodeCursor(position, first.query);
    expect(errorOf(() => decodeCursor(made, later.query)).message).toContain('belongs to another query');
    expect(decodeCursor(made, later.query, 'pagingIdentifiers', later.rangeGiven)).toEqual({
      after: position,
      start: first.query.start,
      end: NOW,
    });
    // start given, end left out: the given start must be the cursor's.
    const withStart = parseLogQuery('scan_web', 't', { start: '1700000000' }, NOW);
    expect(withStart.rangeGiven).toEqual({ start: true, end: false });
    const startCursor = encodeCursor(position, withStart.query);
    const sameStart = parseLogQuery('scan_web', 't', { start: '1700000000' }, NOW + 5000);
    expect(decodeCursor(startCursor, sameStart.query, 'cursor', sameStart.rangeGiven).end).toBe(NOW);
    const otherStart = parseLogQuery('scan_web', 't', { start: '1700000001' }, NOW + 5000);
    expect(
      errorOf(() => decodeCursor(startCursor, otherStart.query, 'cursor', otherStart.rangeGiven)).field,
    ).toBe('cursor');
  });

  it('garbage and tampered cursors are refused as not valid', () => {
    const body = bodyOf(cursor);
    for (const text of [
      'not base64 json',
      encode({ v: 1, t: 'x' }),
      encode({ v: 1, t: 1500, i: 42, f: body.f }),
      encode({ ...body, s: 'x' }),
      encode({ ...body, e: 1e300 }),
      encode({ ...body, s: -1 }),
      encode({ ...body, s: body.e, e: body.s }),
      encode({ ...body, i: 4.5 }),
      encode(null),
      encode('text'),
    ]) {
      expect(errorOf(() => decodeCursor(text, query)).message).toBe('The paging cursor is not valid.');
    }
    // A consistent body whose range no longer matches its fingerprint.
    const moved = encode({ ...body, e: Number(body.e) + 1000 });
    expect(
      errorOf(() => decodeCursor(moved, query, 'pagingIdentifiers', { start: true, end: false })).message,
    ).toContain('belongs to another query');
  });
});
