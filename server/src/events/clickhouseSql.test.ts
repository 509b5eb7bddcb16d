/**
 * sqlValue, the one way a value enters the ClickHouse store's SQL, against injection (issue 16):
 * read back by ClickHouse's string-literal grammar (a quote ends a literal, `\` escapes the next
 * character, `''` is a quote), every text is one literal that ends exactly where sqlValue's
 * output ends and means the text itself; numbers stay numbers; names only from the allow-list.
 * The same round trip on a real server: clickhouseComparison.test.ts.
 */
import fc from 'fast-check';
import { aggregateStatement, clickhouseDialect, inline, sqlName, sqlValue, whereSql } from './clickhouseSql';

/** ClickHouse's escapes inside a quoted literal (18.16 and current). */
const ESCAPES: Record<string, string> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  '0': '\0',
  a: '\x07',
  v: '\v',
};

/** Reads the quoted literal at the start of `sql`: its value and where it ends. */
function readLiteral(sql: string): { value: string; end: number } {
  if (sql[0] !== "'") throw new Error('not a literal');
  let value = '';
  for (let i = 1; i < sql.length; i += 1) {
    const c = sql[i];
    if (c === '\\') {
      i += 1;
      value += ESCAPES[sql[i]] ?? sql[i];
    } else if (c === "'") {
      if (sql[i + 1] === "'") {
        value += "'";
        i += 1;
      } else return { value, end: i + 1 };
    } else value += c;
  }
  throw new Error('unterminated literal');
}

const anyText = fc.string({ unit: 'binary', maxLength: 60 });
const quoteHeavy = fc.string({
  unit: fc.constantFrom("'", '\\', '"', '`', ';', '-', '\n', '\0', 'x', '{', '}', 'p1'),
  maxLength: 30,
});

/** What may follow a literal in a statement: anything but a quote, which SQL would read with the
 * closing quote as an escaped one whatever the escaping (inline refuses such a template). */
const restOfStatement = anyText.filter((rest) => !rest.startsWith("'"));

test('any text is one literal that ends where sqlValue ends and reads back as the text', () => {
  fc.assert(
    fc.property(fc.oneof(anyText, quoteHeavy), restOfStatement, (text, rest) => {
      const literal = sqlValue(text);
      const read = readLiteral(`${literal}${rest}`);
      expect(read.end).toBe(literal.length);
      expect(read.value).toBe(text);
    }),
    { numRuns: 2000 },
  );
});

test('whole numbers are their digits (negatives in parentheses); anything else is refused', () => {
  fc.assert(
    fc.property(fc.maxSafeInteger(), (n) => {
      const sql = sqlValue(n);
      expect(sql).toMatch(/^(\d+|\(-\d+\))$/);
      expect(Number(sql.replace(/[()]/g, ''))).toBe(n);
      expect(sqlValue(BigInt(n))).toBe(sql);
    }),
  );
  expect(sqlValue(new Date(1_700_000_000_123))).toBe('1700000000123');
  for (const bad of [1.5, NaN, Infinity, 2 ** 60, 2n ** 63n, new Date(NaN)])
    expect(() => sqlValue(bad)).toThrow();
  expect(() => sqlValue({} as unknown as string)).toThrow('Not a SQL value');
});

test('names come only from the allow-list; database names are letters, digits and _', () => {
  expect(sqlName('userid')).toBe('userid');
  expect(sqlName('events_scan_web_local')).toBe('events_scan_web_local');
  fc.assert(
    fc.property(fc.string({ maxLength: 20 }), (name) => {
      fc.pre(!/^[a-z_]+$/.test(name));
      expect(() => sqlName(name)).toThrow('is not a column or table name');
    }),
  );
  expect(() => sqlName('users; DROP TABLE x', 'database')).toThrow('is not a database name');
  expect(sqlName('workbench_1', 'database')).toBe('workbench_1');
});

test('inline puts each value in once: a value that looks like a placeholder stays text', () => {
  expect(inline('a = {p1} AND b = {p2}', ['{p2}', 7n])).toBe("a = '{p2}' AND b = 7");
  expect(() => inline('a = {p3}', [])).toThrow('No value for placeholder 3');
  expect(() => inline("a = {p1}'x'", [''])).toThrow('A placeholder cannot stand right before a quote.');
});

test("a scan's and an aggregate's statements hold every value only as its literal", () => {
  const dialect = clickhouseDialect('db');
  fc.assert(
    fc.property(anyText, anyText, (value, search) => {
      const scan = {
        logType: 'scan_web' as const,
        tid: value || 't',
        start: 0,
        end: 10,
        filters: [{ field: 'userid', values: [value] }],
        search,
      };
      const where = whereSql({ ...scan, after: { time: 5, id: 3 }, order: 'asc' }, dialect);
      // Cut every literal out: what is left is the same statement whatever the values were.
      const shape = (sql: string): string => {
        let out = '';
        for (let i = 0; i < sql.length;) {
          if (sql[i] === "'") {
            const { end } = readLiteral(sql.slice(i));
            out += '?';
            i += end;
          } else {
            out += sql[i];
            i += 1;
          }
        }
        return out;
      };
      expect(shape(where)).toBe(
        shape(
          whereSql(
            {
              ...scan,
              tid: 't',
              filters: [{ field: 'userid', values: ['v'] }],
              search: search ? 's' : '',
              after: { time: 5, id: 3 },
              order: 'asc',
            },
            dialect,
          ),
        ),
      );
      const { sql } = aggregateStatement(
        { ...scan, groupBy: { field: 'domain', series: 'action' }, measure: { kind: 'count' }, limit: 5 },
        dialect,
      );
      expect(shape(sql)).not.toContain(';');
    }),
    { numRuns: 300 },
  );
});
