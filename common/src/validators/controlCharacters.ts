/**
 * The string rules the server applies to every request body (issue 38) and to names, in one
 * place so the client can apply the same ones.
 *
 * Every body string: no control character but the three that multi-line text keeps (tab, line
 * feed, carriage return: a PAC file, a certificate PEM, a comment). So no NUL (PostgreSQL's text
 * cannot hold one; SQLite stored it), no ESC or other C0 control, no DEL, no C1 control
 * (U+0080–U+009F). Whether a single-line field may hold a line break is that field's own rule
 * (noLineBreaks).
 *
 * Names (user names, end users' and administrators' names): NFKC-normalised, and besides the
 * above no tab or line break and no format character (Unicode category Cf: zero-width space
 * U+200B, right-to-left override U+202E, byte-order mark U+FEFF…): each makes two names look the
 * same that are not, or one look like another.
 */

/** The control characters no body string may hold (see above). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BODY_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/** What a name may not hold: every control character (Cc) and every format character (Cf). */
const NAME_FORBIDDEN = /[\p{Cc}\p{Cf}]/u;

/** "U+001B": how a refused character is named in messages and on screen. */
export const codePointLabel = (character: string): string =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The first control character a body string may not hold, or null. */
export function bodyControlCharacter(value: string): string | null {
  return BODY_CONTROL.exec(value)?.[0] ?? null;
}

/** A body field's refusal: which field, which character. */
export const controlCharacterMessage = (field: string, character: string): string =>
  character === '\u0000'
    ? `${field} must not contain a NUL character.`
    : `${field} must not contain the control character ${codePointLabel(character)}.`;

/** A name as it is stored and compared: NFKC (compatibility forms folded: ｆｕｌｌwidth, ligatures). */
export const normaliseName = (value: string): string => value.normalize('NFKC');

/** The form uniqueness is checked on: normalised, then case-folded. */
export const nameKey = (value: string): string => normaliseName(value).toLowerCase().normalize('NFKC');

/** The first control or format character a name may not hold, or null. */
export function nameForbiddenCharacter(value: string): string | null {
  return NAME_FORBIDDEN.exec(value)?.[0] ?? null;
}

/** A name's refusal. */
export const nameCharacterMessage = (field: string, character: string): string =>
  `${field} must not contain the invisible or control character ${codePointLabel(character)}.`;

/**
 * The scripts a name mixes, when it mixes more than one (Latin with Cyrillic or Greek: `аdmin`
 * with a Cyrillic а looks like `admin`), with the characters of the minority scripts; null when
 * it uses one script (digits, punctuation and symbols belong to none).
 */
const SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Han', /\p{Script=Han}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
];

export interface MixedScripts {
  scripts: string[];
  /** Each character outside the name's main script, with its code point ("а U+0430"). */
  characters: { character: string; codePoint: string; script: string }[];
}

export function mixedScripts(value: string): MixedScripts | null {
  const counts = new Map<string, number>();
  const byChar: { character: string; script: string }[] = [];
  for (const character of value) {
    const found = SCRIPTS.find(([, re]) => re.test(character));
    if (!found) continue;
    counts.set(found[0], (counts.get(found[0]) ?? 0) + 1);
    byChar.push({ character, script: found[0] });
  }
  if (counts.size < 2) return null;
  // The main script (most characters) first.
  const scripts = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([script]) => script);
  const main = scripts[0];
  const seen = new Set<string>();
  const characters = byChar
    .filter((c) => c.script !== main && !seen.has(c.character) && seen.add(c.character))
    .map((c) => ({ ...c, codePoint: codePointLabel(c.character) }));
  return { scripts, characters };
}
