/**
 * The length of a text in characters (Unicode code points), the unit of every length limit of the
 * validators (docs/shared-ui.md §10, §10: text 3 to 200, URL 8 to 2048, hostname 253, label
 * 63). String.length counts UTF-16 units, in which an emoji or another character beyond U+FFFF
 * counts twice. A surrogate that is not part of a pair counts as one character. Grapheme clusters
 * are not joined: 'e' + a combining accent is two characters.
 */
export function characterLength(value: string): number {
  let length = value.length;
  for (let index = 0; index < value.length - 1; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length -= 1;
        index += 1;
      }
    }
  }
  return length;
}

/**
 * Whether a text has more than `max` characters (see characterLength). It counts only when the
 * UTF-16 length leaves the answer open (a character is one or two units), so a cap such as
 * PEM_MAX_LENGTH refuses a huge paste without reading it.
 */
export function hasMoreCharactersThan(value: string, max: number): boolean {
  if (value.length <= max) return false;
  if (value.length > 2 * max) return true;
  return characterLength(value) > max;
}
