import fc from 'fast-check';
import { FIELD_SPECS } from './logSchema';
import {
  LogQuerySyntaxError,
  MAX_QUERY_DEPTH,
  applySuggestion,
  completionContext,
  joinLogQuery,
  parseLogQueryText,
  printLogCondition,
  printLogQueryParts,
  querySuggestions,
  resolveFieldName,
  splitLogQuery,
  type LogCondition,
} from './logQueryLanguage';

const web = (text: string) => parseLogQueryText('scan_web', text);
/** The error a query gives: message and 0-based position. */
function errorOf(text: string, logType: Parameters<typeof parseLogQueryText>[0] = 'scan_web') {
  try {
    parseLogQueryText(logType, text);
  } catch (e) {
    if (e instanceof LogQuerySyntaxError) return { message: e.message, position: e.position };
    throw e;
  }
  throw new Error(`"${text}" parsed`);
}
const WEB_CHIPS = ['action', 'category', 'risk', 'threat_class', 'country'];

describe('parseLogQueryText', () => {
  it('reads the example of the issue: wildcard on a text field, codes, NOT', () => {
    expect(web('user:ella* AND action:block AND NOT country:FR')).toEqual({
      kind: 'and',
      items: [
        { kind: 'like', field: 'userid', pattern: 'ella*' },
        { kind: 'in', field: 'action', values: ['block'] },
        { kind: 'not', item: { kind: 'in', field: 'country', values: ['FR'] } },
      ],
    });
  });

  it('an empty or blank query is no condition', () => {
    expect(web('')).toBeNull();
    expect(web('   ')).toBeNull();
  });

  it('a bare word or a quoted text is free text; words side by side are ANDed', () => {
    expect(web('ella')).toEqual({ kind: 'text', text: 'ella' });
    expect(web('"rock and roll"')).toEqual({ kind: 'text', text: 'rock and roll' });
    expect(web('rock and roll')).toEqual({
      kind: 'and',
      items: ['rock', 'and', 'roll'].map((text) => ({ kind: 'text', text })),
    });
  });

  it('OR binds looser than AND, NOT tighter; parentheses group', () => {
    expect(web('a b OR c')).toEqual({
      kind: 'or',
      items: [
        {
          kind: 'and',
          items: [
            { kind: 'text', text: 'a' },
            { kind: 'text', text: 'b' },
          ],
        },
        { kind: 'text', text: 'c' },
      ],
    });
    expect(web('a AND (b OR c)')).toEqual({
      kind: 'and',
      items: [
        { kind: 'text', text: 'a' },
        {
          kind: 'or',
          items: [
            { kind: 'text', text: 'b' },
            { kind: 'text', text: 'c' },
          ],
        },
      ],
    });
    expect(web('NOT a b')).toEqual({
      kind: 'and',
      items: [
        { kind: 'not', item: { kind: 'text', text: 'a' } },
        { kind: 'text', text: 'b' },
      ],
    });
  });

  it('takes field labels and aliases, case-insensitively, and labels of values', () => {
    expect(web('Country:france')).toEqual({ kind: 'in', field: 'country', values: ['FR'] });
    expect(web('source_ip:"10.0.0.1"')).toEqual({ kind: 'in', field: 'src_ip', values: ['10.0.0.1'] });
    expect(web('action:Isolate')).toEqual({ kind: 'in', field: 'action', values: ['safeview'] });
    expect(web('country:"United Arab Emirates"')).toEqual({ kind: 'in', field: 'country', values: ['AE'] });
  });

  it('a wildcard on a coded field means the codes or labels it matches', () => {
    const c = web('action:safeview*') as Extract<LogCondition, { kind: 'in' }>;
    expect(c.values).toEqual(expect.arrayContaining(['safeview', 'safeview_readonly']));
    expect(c.values.every((v) => String(v).startsWith('safeview'))).toBe(true);
  });

  it('field:(a OR b) is any of the values', () => {
    expect(web('action:(block OR allow)')).toEqual({
      kind: 'in',
      field: 'action',
      values: ['block', 'allow'],
    });
  });

  it('ranges and comparisons on numbers and byte counts (the display’s decimal units)', () => {
    expect(web('status_code:[200 TO 299]')).toEqual({
      kind: 'and',
      items: [
        { kind: 'compare', field: 'status_code', op: '>=', value: 200 },
        { kind: 'compare', field: 'status_code', op: '<=', value: 299 },
      ],
    });
    expect(web('status_code>=500')).toEqual({ kind: 'compare', field: 'status_code', op: '>=', value: 500 });
    expect(web('status_code:<400')).toEqual({ kind: 'compare', field: 'status_code', op: '<', value: 400 });
    // The display's units (formatBytes): what is typed means what is read.
    expect(web('bytes_in>1.5KB')).toEqual({ kind: 'compare', field: 'bytes_in', op: '>', value: 1500 });
    expect(web('bytes>1MB')).toEqual({ kind: 'compare', field: 'bytes', op: '>', value: 1_000_000 });
    expect(web('bytes_out:[* TO 10kb]')).toEqual({
      kind: 'compare',
      field: 'bytes_out',
      op: '<=',
      value: 10000,
    });
    expect(web('status_code:(200 OR 204)')).toEqual({ kind: 'in', field: 'status_code', values: [200, 204] });
  });

  it('bytes exists only for types with byte counts; it is their sum', () => {
    expect(resolveFieldName('scan_audit', 'bytes')).toBeNull();
    expect(resolveFieldName('scan_email', 'bytes')).toBe('bytes');
  });

  it('escapes: backslash in a bare value, quotes keep stars plain', () => {
    expect(web('url:a\\ b')).toEqual({ kind: 'in', field: 'url', values: ['a b'] });
    expect(web('url:"a*b"')).toEqual({ kind: 'in', field: 'url', values: ['a*b'] });
    expect(web('url:a\\*b*')).toEqual({ kind: 'like', field: 'url', pattern: 'a\\*b*' });
    expect(web('url:http://x.example/*')).toEqual({
      kind: 'like',
      field: 'url',
      pattern: 'http://x.example/*',
    });
  });

  it.each([
    ['action:block AND', 'AND needs a term after it.', 13],
    ['a OR )', 'OR needs a term after it.', 2],
    ['(action:block', 'Missing ")".', 0],
    ['action:block)', 'Unexpected ")": no "(" to close.', 12],
    ['foo:bar', 'Unknown field "foo". To search for the text, put it in quotes.', 0],
    ['action:nope', 'Action has no value "nope".', 7],
    ['country:', '"country:" needs a value after it.', 8],
    ['status_code>abc', '"abc" is not a whole number (Status code takes numbers).', 12],
    ['status_code:1KB', '"1KB" is not a whole number (Status code takes numbers).', 12],
    ['domain>3', 'Domain is not a number: > compares numbers and byte counts.', 0],
    ['status_code:[1 2]', 'Expected TO in the range [a TO b].', 15],
    ['status_code:[1 TO 2', 'Missing "]" of the range.', 12],
    ['"open', 'Missing closing quote.', 0],
    ['NOT', 'NOT needs a term after it.', 0],
    ['OR a', 'OR needs a term before it.', 0],
    ['()', 'Empty parentheses.', 0],
    ['a"b', 'A quote inside a word: put the whole value in quotes.', 1],
    ['action:(block AND allow)', 'Values of "action:( … )" are joined with OR.', 14],
  ])('%s → %s at %d', (text, message, position) => {
    expect(errorOf(text)).toEqual({ message, position });
  });

  it('a field of another log type is unknown', () => {
    expect(errorOf('email_action:block').message).toMatch(/Unknown field "email_action"/);
    expect(parseLogQueryText('scan_email', 'email_action:*')).toMatchObject({
      kind: 'in',
      field: 'email_action',
    });
  });

  it('bounds nesting and length', () => {
    const deep = `${'('.repeat(MAX_QUERY_DEPTH + 1)}a${')'.repeat(MAX_QUERY_DEPTH + 1)}`;
    expect(errorOf(deep).message).toMatch(/Too deeply nested/);
    expect(errorOf('a '.repeat(101)).message).toMatch(/Too many terms/);
    expect(errorOf('a'.repeat(1001)).message).toMatch(/longer than 1000/);
  });
});

describe('printLogCondition', () => {
  it.each([
    'userid:ella* AND action:block AND NOT country:FR',
    'action:(block OR allow) AND (risk:R OR country:FR)',
    'status_code>=200 AND status_code<=299',
    'NOT (a AND b)',
    '"rock and roll" AND url:"a b"',
    'bytes>1048576',
  ])('prints %s as it reads', (text) => {
    expect(printLogCondition(web(text)!)).toBe(text);
  });
});

describe('chips and query', () => {
  it('splits the top-level AND into chips, the search and the rest', () => {
    const parts = splitLogQuery(
      web('action:(block OR allow) ella country:FR NOT risk:R action:bypass')!,
      WEB_CHIPS,
    );
    expect(parts.filters).toEqual({ action: ['block', 'allow'], country: ['FR'] });
    expect(parts.search).toBe('ella');
    expect(parts.rest).toEqual({
      kind: 'and',
      items: [
        { kind: 'not', item: { kind: 'in', field: 'risk', values: ['R'] } },
        { kind: 'in', field: 'action', values: ['bypass'] },
      ],
    });
  });

  it('an OR of values of one chip field is a chip; across fields it is the rest', () => {
    expect(splitLogQuery(web('action:block OR action:allow'), WEB_CHIPS).filters).toEqual({
      action: ['block', 'allow'],
    });
    const across = splitLogQuery(web('action:block OR risk:R'), WEB_CHIPS);
    expect(across.filters).toEqual({});
    expect(across.rest).toMatchObject({ kind: 'or' });
  });

  it('prints chips in bar order, then the search, then the rest', () => {
    expect(
      printLogQueryParts(
        { filters: { country: ['FR'], action: ['block'] }, search: 'ella fitz', rest: web('bytes>10') },
        WEB_CHIPS,
      ),
    ).toBe('action:block AND country:FR AND "ella fitz" AND bytes>10');
    expect(printLogQueryParts({ filters: {}, search: '', rest: null }, WEB_CHIPS)).toBe('');
  });

  // Whatever the chips and the search hold prints to a query that parses back to the same chips.
  it('property: chips → text → parse → the same chips and search', () => {
    const chipValues = fc.record(
      Object.fromEntries(
        WEB_CHIPS.map((f) => [
          f,
          fc.subarray(
            FIELD_SPECS[f].vocabulary!.map((e) => e.code),
            { maxLength: Math.min(4, FIELD_SPECS[f].vocabulary!.length) },
          ),
        ]),
      ),
    );
    const search = fc.oneof(
      fc.constant(''),
      fc.string({ minLength: 1, maxLength: 30 }).map((s) => s.trim()),
    );
    fc.assert(
      fc.property(chipValues, search, (filters, text) => {
        const chips = Object.fromEntries(Object.entries(filters).filter(([, v]) => v.length > 0));
        const printed = printLogQueryParts({ filters: chips, search: text, rest: null }, WEB_CHIPS);
        const back = splitLogQuery(web(printed), WEB_CHIPS);
        expect(back.filters).toEqual(chips);
        expect(back.search).toBe(text);
        expect(back.rest).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  // Any condition prints to a text that parses back to it.
  it('property: condition → text → the same condition', () => {
    const leaf: fc.Arbitrary<LogCondition> = fc.oneof(
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((s) => s.trim() !== '')
        .map((text) => ({ kind: 'text' as const, text })),
      fc
        .subarray(['block', 'allow', 'safeview'], { minLength: 1 })
        .map((values) => ({ kind: 'in' as const, field: 'action', values })),
      fc
        .array(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 3 })
        .map((values) => ({ kind: 'in' as const, field: 'domain', values: [...new Set(values)] })),
      fc.tuple(fc.constantFrom('>', '>=', '<', '<=' as const), fc.nat()).map(([op, value]) => ({
        kind: 'compare' as const,
        field: 'status_code',
        op,
        value,
      })),
      fc.string({ minLength: 1, maxLength: 8 }).map((s) => ({
        kind: 'like' as const,
        field: 'url',
        pattern: `${s.replace(/[\\*]/g, (c) => `\\${c}`)}*`,
      })),
    );
    const { tree } = fc.letrec<{ tree: LogCondition }>((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.record({ kind: fc.constant('not' as const), item: tie('tree') }),
        fc.record({
          kind: fc.constantFrom('and' as const, 'or' as const),
          items: fc.array(tie('tree'), { minLength: 2, maxLength: 3 }),
        }),
      ),
    }));
    // The parser flattens a AND (b AND c): compare with the same flattening.
    const flat = (c: LogCondition): LogCondition =>
      c.kind === 'and' || c.kind === 'or'
        ? { kind: c.kind, items: c.items.map(flat).flatMap((i) => (i.kind === c.kind ? i.items : [i])) }
        : c.kind === 'not'
          ? { kind: 'not', item: flat(c.item) }
          : c;
    fc.assert(
      fc.property(tree, (c) => {
        expect(flat(web(printLogCondition(c))!)).toEqual(flat(c));
      }),
      { numRuns: 300 },
    );
  });

  it('join puts chips, search and rest together again', () => {
    const c = web('action:block "x y" NOT risk:R')!;
    expect(joinLogQuery(splitLogQuery(c, WEB_CHIPS), WEB_CHIPS)).toEqual(c);
  });
});

describe('suggestions', () => {
  it('suggests fields by name or label while a word is typed', () => {
    const ctx = completionContext('scan_web', 'action:block cou', 16)!;
    expect(ctx).toEqual({ kind: 'field', prefix: 'cou', from: 13, to: 16 });
    expect(querySuggestions('scan_web', ctx).map((s) => s.insert)).toEqual(['country:']);
    expect(querySuggestions('scan_web', completionContext('scan_web', 'sour', 4)!)[0]).toEqual({
      insert: 'src_ip:',
      label: 'src_ip',
      detail: 'Source IP',
    });
  });

  it('suggests codes of a coded field by code or label, and puts one in place', () => {
    const text = 'country:fra';
    const ctx = completionContext('scan_web', text, text.length)!;
    expect(ctx).toMatchObject({ kind: 'value', field: 'country', prefix: 'fra' });
    const s = querySuggestions('scan_web', ctx).find((x) => x.detail === 'France')!;
    expect(applySuggestion(text, ctx, s)).toEqual({ text: 'country:FR ', caret: 11 });
    const inList = completionContext('scan_web', 'action:(block OR al', 19)!;
    expect(inList).toMatchObject({ kind: 'value', field: 'action', prefix: 'al' });
  });

  it('offers nothing inside quotes, after keywords or for text fields', () => {
    expect(completionContext('scan_web', '"abc', 4)).toBeNull();
    expect(completionContext('scan_web', 'a AND', 5)).toBeNull();
    expect(querySuggestions('scan_web', completionContext('scan_web', 'domain:a', 8)!)).toEqual([]);
  });

  it("suggests a text field's known values (the user database's usernames) that contain the word", () => {
    const ctx = completionContext('scan_web', 'userid:car', 10)!;
    expect(ctx).toMatchObject({ kind: 'value', field: 'userid', prefix: 'car' });
    const known = { userid: ['alice@acme.example', 'carol@acme.example', 'mcarthy@globex.example'] };
    expect(querySuggestions('scan_web', ctx, 12, known)).toEqual([
      { insert: 'carol@acme.example', label: 'carol@acme.example' },
      { insert: 'mcarthy@globex.example', label: 'mcarthy@globex.example' },
    ]);
    expect(querySuggestions('scan_web', ctx)).toEqual([]);
  });
});
