import {
  LogQueryError,
  decodeCursor,
  encodeCursor,
  parseLogQuery,
  queryFingerprint,
  toLogEventJson,
} from './logQuery';
import { tenantFieldsOf } from '@workbench/common/api/contract/logSchema';

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

  it('a field name with "!" after it excludes its values; a field may be both kept and excluded', () => {
    const { query } = parseLogQuery(
      'scan_web',
      't',
      { 'action!': 'block,allow', action: 'safeview', 'userid!': 'ella' },
      NOW,
    );
    expect(query.filters).toEqual([
      { field: 'action', values: ['safeview'] },
      { field: 'action', values: ['allow', 'block'], exclude: true },
      { field: 'userid', values: ['ella'], exclude: true },
    ]);
    expect(errorOf(() => parseLogQuery('scan_web', 't', { 'risk!': 'purple' }, NOW)).field).toBe('risk!');
    expect(errorOf(() => parseLogQuery('scan_web', 't', { 'colour!': 'red' }, NOW)).field).toBe('colour!');
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

describe('parseLogQuery edges and exact messages (issue 18)', () => {
  it('start = end is refused; one millisecond apart is a range', () => {
    const error = errorOf(() => parseLogQuery('scan_web', 't', { start: '100', end: '100' }, NOW));
    expect(error.field).toBe('start');
    expect(error.message).toBe('Parameter "start" must be before "end".');
    expect(parseLogQuery('scan_web', 't', { start: '100', end: '100.001' }, NOW).query).toMatchObject({
      start: 100000,
      end: 100001,
    });
  });

  it('only start given: end is now; only end given: start is 7 days before it', () => {
    expect(parseLogQuery('scan_web', 't', { start: '1700000000' }, NOW).query.end).toBe(NOW);
    expect(parseLogQuery('scan_web', 't', { end: '1700000000' }, NOW).query.start).toBe(
      1700000000000 - 604800000,
    );
  });

  it('unix seconds: up to 12 digits and 3 decimals, nothing else', () => {
    expect(parseLogQuery('scan_web', 't', { end: '1700000000.5' }, NOW).query.end).toBe(1700000000500);
    for (const end of ['1700000000.1234', '1e9', ' 100', '0x10', '1234567890123', '']) {
      const error = errorOf(() => parseLogQuery('scan_web', 't', { end }, NOW));
      expect(error.message).toBe(`Parameter "end" must be unix seconds, got "${end}".`);
    }
  });

  it('limit: 1 and 1000 are the ends; non-integers and other forms are refused with one message', () => {
    expect(parseLogQuery('scan_web', 't', { limit: '1' }, NOW).query.limit).toBe(1);
    expect(parseLogQuery('scan_web', 't', { limit: '1000' }, NOW).query.limit).toBe(1000);
    for (const limit of ['1.5', '0', '1001', '-1', '', 'ten', '10000000', ' 5']) {
      const error = errorOf(() => parseLogQuery('scan_web', 't', { limit }, NOW));
      expect(error.field).toBe('limit');
      expect(error.message).toBe('Parameter "limit" must be an integer from 1 to 1000.');
    }
  });

  it('search: the longest (200 characters after trimming) is taken; an empty one is no search', () => {
    const longest = 'x'.repeat(200);
    expect(parseLogQuery('scan_web', 't', { search: ` ${longest} ` }, NOW).query.search).toBe(longest);
    expect(errorOf(() => parseLogQuery('scan_web', 't', { search: 'x'.repeat(201) }, NOW)).message).toBe(
      'Parameter "search" is longer than 200 characters.',
    );
    expect(parseLogQuery('scan_web', 't', { search: '   ' }, NOW).query).not.toHaveProperty('search');
  });

  it('exact refusals: repeated parameter, unknown filter, empty value, integer and vocabulary values', () => {
    expect(errorOf(() => parseLogQuery('scan_web', 't', { limit: ['1', '2'] }, NOW)).message).toBe(
      'Parameter "limit" is given more than once.',
    );
    const unknown = errorOf(() => parseLogQuery('scan_audit', 't', { nonsense: '1' }, NOW));
    expect(unknown.field).toBe('nonsense');
    expect(unknown.message).toMatch(/^Unknown filter "nonsense" for scan_audit; known: [a-z_, ]+\.$/);
    expect(errorOf(() => parseLogQuery('scan_web', 't', { risk: ',G' }, NOW)).message).toBe(
      'Filter "risk" has an empty value.',
    );
    expect(errorOf(() => parseLogQuery('fwaas_logs', 't', { dst_port: '4.5' }, NOW)).message).toBe(
      'Filter "dst_port" must be an integer, got "4.5".',
    );
    expect(errorOf(() => parseLogQuery('scan_web', 't', { risk: 'purple' }, NOW)).message).toMatch(
      /^Bad value for filter "risk": .*unknown value "purple"/,
    );
  });

  it('filter values: trimmed, de-duplicated and sorted; negative integers taken; filters in name order', () => {
    const { query } = parseLogQuery(
      'fwaas_logs',
      't',
      { src_port: '-1', fw_action: ' drop , allow,drop', dst_port: '443,80,443' },
      NOW,
    );
    expect(query.filters).toEqual([
      { field: 'dst_port', values: [443, 80] },
      { field: 'fw_action', values: ['allow', 'drop'] },
      { field: 'src_port', values: [-1] },
    ]);
  });

  it('a parameter present but undefined is ignored; the cursor and range-given are passed on', () => {
    const parsedQuery = parseLogQuery('scan_web', 't', { risk: undefined, cursor: 'c', start: '1' }, NOW);
    expect(parsedQuery.query.filters).toEqual([]);
    expect(parsedQuery.cursor).toBe('c');
    expect(parsedQuery.rangeGiven).toEqual({ start: true, end: false });
  });
});

describe('paging cursor edges (issue 18)', () => {
  const query = parseLogQuery('scan_web', 'tid-1', { start: '1', end: '2', search: 'abc' }, NOW).query;
  const cursor = encodeCursor({ time: 1500, id: 42 }, query);
  const body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('the search text is part of the fingerprint: a cursor of another search is refused', () => {
    const { search: _search, ...noSearch } = query;
    expect(queryFingerprint(noSearch)).not.toBe(queryFingerprint(query));
    expect(queryFingerprint({ ...noSearch, search: '' })).toBe(queryFingerprint(noSearch));
    expect(errorOf(() => decodeCursor(cursor, { ...query, search: 'abd' })).message).toBe(
      'The paging cursor belongs to another query; start again from the first block.',
    );
    expect(queryFingerprint({ ...query, logType: 'scan_audit' })).not.toBe(queryFingerprint(query));
    expect(queryFingerprint({ ...query, start: 0 })).not.toBe(queryFingerprint(query));
    expect(queryFingerprint({ ...query, end: 3000 })).not.toBe(queryFingerprint(query));
  });

  it('the cursor body is version 2 with the position, the range and the fingerprint', () => {
    expect(body).toEqual({ v: 2, t: 1500, i: 42, s: 1000, e: 2000, f: queryFingerprint(query) });
    expect(String(body.f)).toHaveLength(22);
  });

  it('tampered cursors with a valid fingerprint but wrong types, or null fields, are not valid', () => {
    for (const tampered of [
      { ...body, t: '1500' },
      { ...body, i: null },
      { ...body, t: null },
      { ...body, e: null },
      { ...body, s: null },
      { ...body, f: null },
      { ...body, f: 5 },
      { ...body, v: '2' },
      { ...body, t: 1.5 },
      { ...body, e: 2000.5 },
      { ...body, s: 2000 },
      [],
      5,
    ]) {
      const error = errorOf(() => decodeCursor(encode(tampered), query, 'cursor'));
      expect(error.field).toBe('cursor');
      expect(error.message).toBe('The paging cursor is not valid.');
    }
    // Start 0 is a range start like any other.
    const fromZero = { ...query, start: 0 };
    expect(decodeCursor(encodeCursor({ time: 5, id: 1 }, fromZero), fromZero).start).toBe(0);
  });

  it('an event as the API returns it: id as text, time, ISO time, log type and its fields', () => {
    expect(
      toLogEventJson({ id: 7, time: 1700000000000, logType: 'scan_web', tid: 't', fields: { risk: 'R' } }),
    ).toEqual({
      id: '7',
      time: 1700000000000,
      event_time: '2023-11-14T22:13:20.000Z',
      log_type: 'scan_web',
      risk: 'R',
    });
  });
});

describe('log query details the mutants found unpinned (issue 18)', () => {
  const query = parseLogQuery('scan_web', 'tid-1', { start: '1', end: '2' }, NOW).query;
  const cursor = encodeCursor({ time: 1500, id: 42 }, query);

  it('a refusal is a LogQueryError by name, and the unknown-filter message lists the known fields', () => {
    const error = errorOf(() => parseLogQuery('scan_audit', 't', { nonsense: '1' }, NOW));
    expect(error.name).toBe('LogQueryError');
    expect(error.message).toBe(
      `Unknown filter "nonsense" for scan_audit; known: ${tenantFieldsOf('scan_audit').join(', ')}.`,
    );
  });

  it('both ends given: rangeGiven says so, and by default a cursor must match both ends', () => {
    expect(parseLogQuery('scan_web', 't', { start: '1', end: '2' }, NOW).rangeGiven).toEqual({
      start: true,
      end: true,
    });
    expect(errorOf(() => decodeCursor(cursor, { ...query, start: 500 })).message).toContain(
      'belongs to another query',
    );
    expect(errorOf(() => decodeCursor(cursor, { ...query, end: 2500 })).message).toContain(
      'belongs to another query',
    );
  });

  it('a text that is not JSON is refused as not valid, under the given field', () => {
    const error = errorOf(() =>
      decodeCursor(Buffer.from('{not json').toString('base64url'), query, 'cursor'),
    );
    expect(error.field).toBe('cursor');
    expect(error.message).toBe('The paging cursor is not valid.');
  });

  it('a query without an order is fingerprinted as desc', () => {
    const { order: _order, ...unordered } = query;
    expect(queryFingerprint(unordered)).toBe(queryFingerprint({ ...query, order: 'desc' }));
    expect(queryFingerprint(unordered)).not.toBe(queryFingerprint({ ...query, order: 'asc' }));
  });
});
