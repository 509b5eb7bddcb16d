/**
 * The logs explorer's query language (issue 15): what a user types in the search box, parsed into
 * the same structured filter the filter bar's chips write, and the part chips cannot say (NOT, OR
 * across fields, ranges, wildcards on text fields) into a condition tree the logs API takes as
 * `q`. Shared by the portal (parse, suggest, print) and the server (parse again, validate, SQL),
 * so both read a query the same way.
 *
 *   user:ella* AND action:block AND NOT country:FR
 *   (action:block OR risk:R) "exact phrase" status_code:[200 TO 299] bytes>1MB
 *
 * - A term is `field:value`, `field:"quoted value"`, `field:(a OR b)` (any of), `field:[1 TO 9]`
 *   (inclusive; `*` for an open end), `field>n` / `>=` / `<` / `<=` (also written `field:>n`).
 *   A bare word or a quoted text is free text: a case-insensitive substring over the type's
 *   search fields, as the search box always did.
 * - AND, OR, NOT (upper case, so "rock and roll" stays free text), parentheses; terms side by
 *   side mean AND; NOT binds tightest, then AND, then OR.
 * - Fields by name (`userid`) or label, case-insensitive (`User`, `source_ip` for "Source IP").
 *   `bytes` is the sum of the type's byte counts (bytes_in + bytes_out).
 * - Coded fields take codes or labels (`country:FR`, `country:"France"`), and `*` matches codes
 *   and labels (`country:F*`); text fields take exact values or `*` patterns (case-insensitive);
 *   integer fields take integers, byte fields with a unit (`1.5MB`, in formatBytes's units: 1 MB = 1,000,000 bytes).
 * - In an unquoted value a backslash keeps the next character (`a\ b`, `\*`); in a quoted one it
 *   escapes `"` and `\`; `*` in quotes is a plain star.
 * Syntax and vocabulary errors name the position (0-based offset; shown 1-based).
 */
import { FIELD_SPECS, tenantFieldsOf, type FieldValue, type LogType } from './logSchema';
import { BYTE_UNITS as BYTE_UNIT_NAMES, bytesPerUnit } from '../../formatting/formatBytes';
import { KEYWORDS, VALUE_SPECIAL, needsQuotes, printValue, quote } from './logQueryValues';

/** A comparison of a number field. */
export type LogCompareOp = '>' | '>=' | '<' | '<=';

/**
 * A resolved condition (codes, integers, field names checked against the log type), what the
 * logs API's `q` means. `bytes` is the virtual sum of the type's byte fields.
 */
export type LogCondition =
  | { readonly kind: 'and'; readonly items: readonly LogCondition[] }
  | { readonly kind: 'or'; readonly items: readonly LogCondition[] }
  | { readonly kind: 'not'; readonly item: LogCondition }
  /** Case-insensitive substring over the type's search fields. */
  | { readonly kind: 'text'; readonly text: string }
  /** Equality with any of the values. */
  | { readonly kind: 'in'; readonly field: string; readonly values: readonly FieldValue[] }
  /** A text field matching a pattern, `*` any characters, case-insensitive. */
  | { readonly kind: 'like'; readonly field: string; readonly pattern: string }
  | { readonly kind: 'compare'; readonly field: string; readonly op: LogCompareOp; readonly value: number };

/** A query error: its message and the 0-based offset in the text it refers to. */
export class LogQuerySyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'LogQuerySyntaxError';
  }
}

/** The virtual field summing a type's byte counts. */
export const BYTES_FIELD = 'bytes';
const BYTE_FIELDS = ['bytes_in', 'bytes_out'] as const;
/** A byte count's unit as typed: the display's units (formatBytes), so `>1.5MB` means what 1.5 MB reads as. */
const BYTE_UNITS: Readonly<Record<string, number>> = Object.fromEntries(
  BYTE_UNIT_NAMES.map((unit) => [unit, bytesPerUnit(unit)]),
);
export const MAX_QUERY_LENGTH = 1000;
/** Deepest nesting of parentheses and NOTs, and most terms: bounds the SQL a query makes. */
export const MAX_QUERY_DEPTH = 16;
export const MAX_QUERY_TERMS = 100;
/** Characters that end an unquoted word. */
const WORD_END = /[\s()]/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

// ---------------------------------------------------------------------------------------------
// Syntax: the text as terms, before fields and values are resolved.

interface ValueToken {
  /** The value with escapes removed. */
  readonly text: string;
  readonly quoted: boolean;
  /** Offsets of unescaped `*` in `text` (unquoted values only). */
  readonly stars: readonly number[];
  readonly pos: number;
}

type Syntax =
  | { readonly t: 'and' | 'or'; readonly items: Syntax[] }
  | { readonly t: 'not'; readonly item: Syntax }
  | { readonly t: 'text'; readonly value: ValueToken }
  | { readonly t: 'any'; readonly field: string; readonly fieldPos: number; readonly values: ValueToken[] }
  | {
      readonly t: 'compare';
      readonly field: string;
      readonly fieldPos: number;
      readonly op: LogCompareOp;
      readonly value: ValueToken;
    }
  | {
      readonly t: 'range';
      readonly field: string;
      readonly fieldPos: number;
      readonly min: ValueToken | null;
      readonly max: ValueToken | null;
    };

class Parser {
  private pos = 0;
  private depth = 0;
  private terms = 0;
  constructor(private readonly src: string) {}

  parse(): Syntax | null {
    this.space();
    if (this.pos >= this.src.length) return null;
    const tree = this.or();
    this.space();
    if (this.pos < this.src.length) {
      throw new LogQuerySyntaxError(
        this.src[this.pos] === ')'
          ? 'Unexpected ")": no "(" to close.'
          : `Unexpected "${this.src[this.pos]}".`,
        this.pos,
      );
    }
    return tree;
  }

  private space(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos])) this.pos += 1;
  }

  /** The keyword at the cursor (a whole upper-case word), if any. */
  private keyword(): string | null {
    const m = /^(AND|OR|NOT|TO)(?=[\s()[\]"]|$)/.exec(this.src.slice(this.pos));
    return m ? m[1] : null;
  }

  private or(): Syntax {
    const items = [this.and()];
    for (;;) {
      this.space();
      if (this.keyword() !== 'OR') break;
      this.operand(2);
      items.push(this.and());
    }
    return items.length === 1 ? items[0] : { t: 'or', items };
  }

  private and(): Syntax {
    const items = [this.not()];
    for (;;) {
      this.space();
      const kw = this.keyword();
      if (kw === 'AND') {
        this.operand(3);
        items.push(this.not());
      } else if (kw === 'OR' || kw === 'TO' || this.pos >= this.src.length || this.src[this.pos] === ')') {
        break;
      } else {
        items.push(this.not()); // side by side: AND
      }
    }
    return items.length === 1 ? items[0] : { t: 'and', items };
  }

  /** Steps over AND/OR (`length` characters); something must follow. */
  private operand(length: number): void {
    const at = this.pos;
    const kw = this.src.slice(at, at + length);
    this.pos += length;
    this.space();
    if (this.pos >= this.src.length || this.src[this.pos] === ')')
      throw new LogQuerySyntaxError(`${kw} needs a term after it.`, at);
  }

  private nested<T>(at: number, inner: () => T): T {
    this.depth += 1;
    if (this.depth > MAX_QUERY_DEPTH)
      throw new LogQuerySyntaxError(`Too deeply nested: at most ${MAX_QUERY_DEPTH} levels.`, at);
    const result = inner();
    this.depth -= 1;
    return result;
  }

  private not(): Syntax {
    if (this.keyword() === 'NOT') {
      const at = this.pos;
      this.pos += 3;
      this.space();
      if (this.pos >= this.src.length) throw new LogQuerySyntaxError('NOT needs a term after it.', at);
      return this.nested(at, () => ({ t: 'not', item: this.not() }));
    }
    return this.primary();
  }

  private countTerm(at: number): void {
    this.terms += 1;
    if (this.terms > MAX_QUERY_TERMS)
      throw new LogQuerySyntaxError(`Too many terms: at most ${MAX_QUERY_TERMS}.`, at);
  }

  private primary(): Syntax {
    const at = this.pos;
    const c = this.src[at];
    const kw = this.keyword();
    if (kw) throw new LogQuerySyntaxError(`${kw} needs a term before it.`, at);
    if (c === ')') throw new LogQuerySyntaxError('Unexpected ")": a term is missing.', at);
    if (c === '(') {
      this.pos += 1;
      this.space();
      if (this.src[this.pos] === ')') throw new LogQuerySyntaxError('Empty parentheses.', at);
      if (this.pos >= this.src.length) throw new LogQuerySyntaxError('Missing ")".', at);
      const inner = this.nested(at, () => this.or());
      this.space();
      if (this.src[this.pos] !== ')') throw new LogQuerySyntaxError('Missing ")".', at);
      this.pos += 1;
      return inner;
    }
    this.countTerm(at);
    if (c === '"') return { t: 'text', value: this.quoted() };
    const name = FIELD_NAME.exec(this.src.slice(at));
    if (name) {
      const after = at + name[0].length;
      const next = this.src[after];
      if (next === ':') {
        this.pos = after + 1;
        return this.fieldValue(name[0], at);
      }
      const op = this.op(after);
      if (op) {
        this.pos = after + op.length;
        return { t: 'compare', field: name[0], fieldPos: at, op, value: this.value(at) };
      }
    }
    return { t: 'text', value: this.word() };
  }

  private op(at: number): LogCompareOp | null {
    const m = /^(>=|<=|>|<)/.exec(this.src.slice(at));
    return m ? (m[1] as LogCompareOp) : null;
  }

  private fieldValue(field: string, fieldPos: number): Syntax {
    this.space();
    const at = this.pos;
    const c = this.src[at];
    if (at >= this.src.length || c === ')')
      throw new LogQuerySyntaxError(`"${field}:" needs a value after it.`, at);
    const op = this.op(at);
    if (op) {
      this.pos = at + op.length;
      return { t: 'compare', field, fieldPos, op, value: this.value(fieldPos) };
    }
    if (c === '[') return this.range(field, fieldPos);
    if (c === '(') {
      this.pos += 1;
      const values: ValueToken[] = [];
      for (;;) {
        this.space();
        if (this.pos >= this.src.length) throw new LogQuerySyntaxError('Missing ")".', at);
        if (this.keyword()) throw new LogQuerySyntaxError(`Expected a value of "${field}".`, this.pos);
        if (this.src[this.pos] === ')')
          throw new LogQuerySyntaxError(`Expected a value of "${field}".`, this.pos);
        values.push(this.src[this.pos] === '"' ? this.quoted() : this.word());
        if (values.length > 1) this.countTerm(this.pos);
        this.space();
        if (this.src[this.pos] === ')') {
          this.pos += 1;
          break;
        }
        if (this.keyword() !== 'OR')
          throw new LogQuerySyntaxError(`Values of "${field}:( … )" are joined with OR.`, this.pos);
        this.pos += 2;
      }
      return { t: 'any', field, fieldPos, values };
    }
    return { t: 'any', field, fieldPos, values: [c === '"' ? this.quoted() : this.word()] };
  }

  private range(field: string, fieldPos: number): Syntax {
    const open = this.pos;
    this.pos += 1;
    const bound = (): ValueToken | null => {
      this.space();
      const v = this.rangeWord();
      return v.text === '*' && v.stars.length === 1 ? null : v;
    };
    const min = bound();
    this.space();
    if (this.keyword() !== 'TO')
      throw new LogQuerySyntaxError('Expected TO in the range [a TO b].', this.pos);
    this.pos += 2;
    const max = bound();
    this.space();
    if (this.src[this.pos] !== ']') throw new LogQuerySyntaxError('Missing "]" of the range.', open);
    this.pos += 1;
    return { t: 'range', field, fieldPos, min, max };
  }

  private rangeWord(): ValueToken {
    const at = this.pos;
    const m = /^[^\s\]]+/.exec(this.src.slice(at));
    if (!m || m[0] === 'TO') throw new LogQuerySyntaxError('Expected a number in the range.', at);
    this.pos += m[0].length;
    return { text: m[0], quoted: false, stars: m[0] === '*' ? [0] : [], pos: at };
  }

  /** The value after a comparison operator. */
  private value(fieldPos: number): ValueToken {
    this.space();
    if (this.pos >= this.src.length || this.src[this.pos] === ')')
      throw new LogQuerySyntaxError('A comparison needs a number after it.', fieldPos);
    return this.src[this.pos] === '"' ? this.quoted() : this.word();
  }

  private quoted(): ValueToken {
    const at = this.pos;
    let text = '';
    let i = at + 1;
    for (; i < this.src.length && this.src[i] !== '"'; i += 1) {
      if (this.src[i] === '\\' && i + 1 < this.src.length) i += 1;
      text += this.src[i];
    }
    if (i >= this.src.length) throw new LogQuerySyntaxError('Missing closing quote.', at);
    this.pos = i + 1;
    return { text, quoted: true, stars: [], pos: at };
  }

  private word(): ValueToken {
    const at = this.pos;
    let text = '';
    const stars: number[] = [];
    let i = at;
    for (; i < this.src.length && !WORD_END.test(this.src[i]); i += 1) {
      if (this.src[i] === '\\') {
        if (i + 1 >= this.src.length)
          throw new LogQuerySyntaxError('A backslash at the end escapes nothing.', i);
        i += 1;
      } else if (this.src[i] === '"') {
        throw new LogQuerySyntaxError('A quote inside a word: put the whole value in quotes.', i);
      } else if (this.src[i] === '*') stars.push(text.length);
      text += this.src[i];
    }
    this.pos = i;
    return { text, quoted: false, stars, pos: at };
  }
}

// ---------------------------------------------------------------------------------------------
// Resolution: field names, codes, numbers of one log type.

const byteFieldsOf = (logType: LogType): string[] =>
  BYTE_FIELDS.filter((f) => tenantFieldsOf(logType).includes(f));

const alias = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');

/** The fields a query of the type may name (its fields, plus `bytes` where it has byte counts). */
export function queryFieldsOf(logType: LogType): string[] {
  const fields = [...tenantFieldsOf(logType)];
  return byteFieldsOf(logType).length ? [...fields, BYTES_FIELD] : fields;
}

/** The label a person reads for a query field. */
export function queryFieldLabel(field: string): string {
  return field === BYTES_FIELD ? 'Bytes (in + out)' : (FIELD_SPECS[field]?.label ?? field);
}

/** The field a name or label means in the type, or null. */
export function resolveFieldName(logType: LogType, name: string): string | null {
  const fields = queryFieldsOf(logType);
  if (fields.includes(name)) return name;
  const wanted = alias(name);
  return fields.find((f) => f === wanted) ?? fields.find((f) => alias(queryFieldLabel(f)) === wanted) ?? null;
}

const isByteField = (field: string) =>
  field === BYTES_FIELD || (BYTE_FIELDS as readonly string[]).includes(field);
const isNumberField = (field: string) => field === BYTES_FIELD || FIELD_SPECS[field]?.kind === 'integer';

/** A number of an integer field: an integer, or for byte fields a number with a unit (`1.5MB`). */
function numberOf(field: string, token: ValueToken): number {
  const m = /^(-?\d{1,15}(?:\.\d+)?)\s*([KMGT]?B)?$/i.exec(token.text);
  const unit = m?.[2]?.toUpperCase();
  if (m && (unit === undefined || isByteField(field))) {
    const value = Math.round(Number(m[1]) * (unit ? BYTE_UNITS[unit] : 1));
    if ((unit !== undefined || /^-?\d+$/.test(m[1])) && Number.isSafeInteger(value)) return value;
  }
  throw new LogQuerySyntaxError(
    isByteField(field)
      ? `"${token.text}" is not a byte count (e.g. 1500, 10KB, 1.5MB).`
      : `"${token.text}" is not a whole number (${queryFieldLabel(field)} takes numbers).`,
    token.pos,
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A matcher of a wildcard token: `*` any characters, case-insensitive, whole value. */
function wildcard(token: ValueToken): RegExp {
  let source = '';
  let last = 0;
  for (const star of token.stars) {
    source += escapeRegExp(token.text.slice(last, star)) + '.*';
    last = star + 1;
  }
  source += escapeRegExp(token.text.slice(last));
  return new RegExp(`^${source}$`, 'i');
}

/** The codes a value of a coded field means: its code, the codes of its label, or a wildcard's. */
function codesOf(field: string, token: ValueToken): string[] {
  const vocabulary = FIELD_SPECS[field].vocabulary ?? [];
  if (!token.quoted && token.stars.length) {
    const re = wildcard(token);
    const codes = vocabulary.filter((e) => re.test(e.code) || re.test(e.label)).map((e) => e.code);
    if (codes.length) return codes;
  } else {
    const exact = vocabulary.find((e) => e.code === token.text);
    if (exact) return [exact.code];
    const wanted = token.text.toLowerCase();
    const byLabel = vocabulary.filter((e) => e.label.toLowerCase() === wanted).map((e) => e.code);
    if (byLabel.length) return byLabel;
    const byCode = vocabulary.filter((e) => e.code.toLowerCase() === wanted).map((e) => e.code);
    if (byCode.length) return byCode;
  }
  throw new LogQuerySyntaxError(`${queryFieldLabel(field)} has no value "${token.text}".`, token.pos);
}

function resolveField(logType: LogType, name: string, pos: number): string {
  const field = resolveFieldName(logType, name);
  if (field === null)
    throw new LogQuerySyntaxError(`Unknown field "${name}". To search for the text, put it in quotes.`, pos);
  return field;
}

function resolveAny(logType: LogType, s: Extract<Syntax, { t: 'any' }>): LogCondition {
  const field = resolveField(logType, s.field, s.fieldPos);
  if (isNumberField(field)) {
    if (field === BYTES_FIELD) {
      // bytes:n (a sum, no column): at least n and at most n.
      const exact = unique(s.values.map((v) => numberOf(field, v))).map((n): LogCondition => ({
        kind: 'and',
        items: [
          { kind: 'compare', field, op: '>=', value: n },
          { kind: 'compare', field, op: '<=', value: n },
        ],
      }));
      return exact.length === 1 ? exact[0] : { kind: 'or', items: exact };
    }
    return { kind: 'in', field, values: unique(s.values.map((v) => numberOf(field, v))) };
  }
  if (FIELD_SPECS[field].kind === 'code') {
    return { kind: 'in', field, values: unique(s.values.flatMap((v) => codesOf(field, v))) };
  }
  const exact = s.values.filter((v) => v.quoted || v.stars.length === 0);
  const patterns = s.values.filter((v) => !v.quoted && v.stars.length > 0);
  const items: LogCondition[] = [];
  if (exact.length) items.push({ kind: 'in', field, values: unique(exact.map((v) => v.text)) });
  for (const p of patterns) items.push({ kind: 'like', field, pattern: likePattern(p) });
  return items.length === 1 ? items[0] : { kind: 'or', items };
}

/** A wildcard token as a pattern: `*` any characters, a literal star escaped as `\*`, `\` as `\\`. */
function likePattern(token: ValueToken): string {
  const stars = new Set(token.stars);
  let out = '';
  for (let i = 0; i < token.text.length; i += 1) {
    const ch = token.text[i];
    out += stars.has(i) ? '*' : ch === '*' || ch === '\\' ? `\\${ch}` : ch;
  }
  return out;
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

function resolve(logType: LogType, s: Syntax): LogCondition {
  switch (s.t) {
    case 'and':
    case 'or':
      return { kind: s.t, items: s.items.map((i) => resolve(logType, i)) };
    case 'not':
      return { kind: 'not', item: resolve(logType, s.item) };
    case 'text':
      if (s.value.text.trim() === '') throw new LogQuerySyntaxError('Empty quotes.', s.value.pos);
      return { kind: 'text', text: s.value.text };
    case 'any':
      return resolveAny(logType, s);
    case 'compare': {
      const field = resolveField(logType, s.field, s.fieldPos);
      if (!isNumberField(field))
        throw new LogQuerySyntaxError(
          `${queryFieldLabel(field)} is not a number: ${s.op} compares numbers and byte counts.`,
          s.fieldPos,
        );
      return { kind: 'compare', field, op: s.op, value: numberOf(field, s.value) };
    }
    case 'range': {
      const field = resolveField(logType, s.field, s.fieldPos);
      if (!isNumberField(field))
        throw new LogQuerySyntaxError(
          `${queryFieldLabel(field)} is not a number: a range [a TO b] needs numbers or byte counts.`,
          s.fieldPos,
        );
      const items: LogCondition[] = [];
      if (s.min) items.push({ kind: 'compare', field, op: '>=', value: numberOf(field, s.min) });
      if (s.max) items.push({ kind: 'compare', field, op: '<=', value: numberOf(field, s.max) });
      if (items.length === 0) throw new LogQuerySyntaxError('A range needs at least one end.', s.fieldPos);
      return items.length === 1 ? items[0] : { kind: 'and', items };
    }
  }
}

/**
 * Parses a query of a log type into its condition (null for an empty query). Throws
 * LogQuerySyntaxError with the position of the first problem.
 */
export function parseLogQueryText(logType: LogType, text: string): LogCondition | null {
  if (text.length > MAX_QUERY_LENGTH)
    throw new LogQuerySyntaxError(
      `The query is longer than ${MAX_QUERY_LENGTH} characters.`,
      MAX_QUERY_LENGTH,
    );
  const syntax = new Parser(text).parse();
  return syntax === null ? null : resolve(logType, syntax);
}

// ---------------------------------------------------------------------------------------------
// Printing: a condition back to text that parses to the same condition.

// Values (when quoted, and how) are logQueryValues.ts's: the dashboard's drill-down prints them.
export { printValue };

/** A like pattern (`*` wildcards, `\*` literal) as an unquoted value. */
function printPattern(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i];
    if (ch === '\\' && i + 1 < pattern.length) {
      out += `\\${pattern[i + 1]}`;
      i += 1;
    } else if (ch === '*') out += '*';
    else out += VALUE_SPECIAL.test(ch) ? `\\${ch}` : ch;
  }
  return out;
}

function printIn(field: string, values: readonly FieldValue[]): string {
  const printed = values.map(printValue);
  return printed.length === 1 ? `${field}:${printed[0]}` : `${field}:(${printed.join(' OR ')})`;
}

/** A condition as query text (codes and field names, canonical spacing). */
export function printLogCondition(condition: LogCondition): string {
  const inner = (c: LogCondition, parent: 'and' | 'or' | 'not'): string => {
    const text = printLogCondition(c);
    const wrap = (c.kind === 'or' && parent !== 'or') || (c.kind === 'and' && parent === 'not');
    return wrap ? `(${text})` : text;
  };
  switch (condition.kind) {
    case 'and':
      return condition.items.map((i) => inner(i, 'and')).join(' AND ');
    case 'or':
      return condition.items.map((i) => inner(i, 'or')).join(' OR ');
    case 'not':
      return `NOT ${inner(condition.item, 'not')}`;
    case 'text':
      // VALUE_SPECIAL covers `:` and the operators, so no free text reads back as a field term.
      return needsQuotes(condition.text) ? quote(condition.text) : condition.text;
    case 'in':
      return printIn(condition.field, condition.values);
    case 'like':
      return `${condition.field}:${printPattern(condition.pattern)}`;
    case 'compare':
      return `${condition.field}${condition.op}${condition.value}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Chips: the part of a condition the filter bar's menus and the free-text search can hold.

/** What the filter bar and the search hold, and the rest of the query (the API's `q`). */
export interface LogQueryParts {
  /** Chip field → codes (any of). */
  readonly filters: Readonly<Record<string, readonly string[]>>;
  /** The free-text search ('' for none). */
  readonly search: string;
  /** What chips cannot say, ANDed with them; null for nothing. */
  readonly rest: LogCondition | null;
}

/** The values of an `in` over one field, or of an OR of such: null if it is something else. */
function chipCodes(c: LogCondition): { field: string; values: FieldValue[] } | null {
  if (c.kind === 'in') return { field: c.field, values: [...c.values] };
  if (c.kind !== 'or') return null;
  const parts = c.items.map(chipCodes);
  if (parts.some((p) => p === null || p.field !== parts[0]!.field)) return null;
  return { field: parts[0]!.field, values: unique(parts.flatMap((p) => p!.values)) };
}

/**
 * Splits a condition into chips (the top-level AND's terms over one chip field each, every field
 * once), the free-text search (the first top-level free text) and the rest.
 */
export function splitLogQuery(condition: LogCondition | null, chipFields: readonly string[]): LogQueryParts {
  const filters: Record<string, string[]> = {};
  let search = '';
  const rest: LogCondition[] = [];
  const terms = condition === null ? [] : condition.kind === 'and' ? condition.items : [condition];
  for (const term of terms) {
    const chip = chipCodes(term);
    if (chip && chipFields.includes(chip.field) && !(chip.field in filters)) {
      filters[chip.field] = chip.values.map(String);
    } else if (term.kind === 'text' && search === '') {
      search = term.text;
    } else rest.push(term);
  }
  return {
    filters,
    search,
    rest: rest.length === 0 ? null : rest.length === 1 ? rest[0] : { kind: 'and', items: rest },
  };
}

/** The condition of chips, search and rest, ANDed in that order (null when all are empty). */
export function joinLogQuery(parts: LogQueryParts, chipFields: readonly string[]): LogCondition | null {
  const items: LogCondition[] = [];
  for (const field of chipFields) {
    const codes = parts.filters[field];
    if (codes?.length) items.push({ kind: 'in', field, values: codes });
  }
  if (parts.search.trim()) items.push({ kind: 'text', text: parts.search.trim() });
  if (parts.rest) items.push(...(parts.rest.kind === 'and' ? parts.rest.items : [parts.rest]));
  return items.length === 0 ? null : items.length === 1 ? items[0] : { kind: 'and', items };
}

/** The query text of chips, search and rest. */
export function printLogQueryParts(parts: LogQueryParts, chipFields: readonly string[]): string {
  const condition = joinLogQuery(parts, chipFields);
  return condition === null ? '' : printLogCondition(condition);
}

// ---------------------------------------------------------------------------------------------
// Suggestions while typing.

/** What the word at the caret is: a field name being typed, or a value of a field. */
export type QueryCompletionContext =
  | { readonly kind: 'field'; readonly prefix: string; readonly from: number; readonly to: number }
  | {
      readonly kind: 'value';
      readonly field: string;
      readonly prefix: string;
      readonly from: number;
      readonly to: number;
    };

/** The word the caret is in (or right after), and whether it is a field or a value of one. */
export function completionContext(
  logType: LogType,
  text: string,
  caret: number,
): QueryCompletionContext | null {
  let from = caret;
  while (from > 0 && !/[\s()]/.test(text[from - 1])) from -= 1;
  let to = caret;
  while (to < text.length && !/[\s()]/.test(text[to])) to += 1;
  const word = text.slice(from, caret);
  if (word.startsWith('"')) return null;
  const colon = word.indexOf(':');
  if (colon >= 0) {
    const field = resolveFieldName(logType, word.slice(0, colon));
    if (field === null) return null;
    return {
      kind: 'value',
      field,
      prefix: word.slice(colon + 1).replace(/^"/, ''),
      from: from + colon + 1,
      to,
    };
  }
  // `field:(a OR b` : the value list of the nearest open `field:(`.
  const before = text.slice(0, from);
  const open = /([A-Za-z_][A-Za-z0-9_]*):\(([^()]*)$/.exec(before);
  if (open && !KEYWORDS.has(word)) {
    const field = resolveFieldName(logType, open[1]);
    if (field !== null) return { kind: 'value', field, prefix: word, from, to };
  }
  if (KEYWORDS.has(word) || /[<>=[\]"]/.test(word)) return null;
  return { kind: 'field', prefix: word, from, to };
}

export interface QuerySuggestion {
  /** What replaces the word (`country:` for a field, `FR` for a value). */
  readonly insert: string;
  /** What the list shows. */
  readonly label: string;
  readonly detail?: string;
}

/**
 * Suggestions for the word at the caret: matching field names, or a coded field's values, or the
 * `known` values of a text field (the user database's usernames for `userid`) that contain it.
 */
export function querySuggestions(
  logType: LogType,
  context: QueryCompletionContext,
  limit = 12,
  known: Readonly<Record<string, readonly string[]>> = {},
): QuerySuggestion[] {
  const wanted = context.prefix.toLowerCase();
  if (context.kind === 'field') {
    return queryFieldsOf(logType)
      .filter((f) => f.startsWith(wanted) || queryFieldLabel(f).toLowerCase().startsWith(wanted))
      .slice(0, limit)
      .map((f) => ({ insert: `${f}:`, label: f, detail: queryFieldLabel(f) }));
  }
  const vocabulary = FIELD_SPECS[context.field]?.vocabulary;
  if (!vocabulary)
    return (known[context.field] ?? [])
      .filter((v) => v.toLowerCase().includes(wanted))
      .slice(0, limit)
      .map((v) => ({ insert: printValue(v), label: v }));
  return vocabulary
    .filter((e) => e.code.toLowerCase().startsWith(wanted) || e.label.toLowerCase().startsWith(wanted))
    .slice(0, limit)
    .map((e) => ({ insert: printValue(e.code), label: e.code, detail: e.label }));
}

/** The text with a suggestion put in place of the context's word, and the caret after it. */
export function applySuggestion(
  text: string,
  context: QueryCompletionContext,
  suggestion: QuerySuggestion,
): { text: string; caret: number } {
  const tail = text.slice(context.to);
  const spacer = context.kind === 'value' && !/^[\s)]/.test(tail) ? ' ' : '';
  const next = text.slice(0, context.from) + suggestion.insert + spacer + tail;
  return { text: next, caret: context.from + suggestion.insert.length + spacer.length };
}
