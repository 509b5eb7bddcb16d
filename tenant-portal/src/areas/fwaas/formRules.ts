/**
 * What the firewall forms share: one-value-per-line fields checked line by line with common's
 * validators (the same the server's firewall kinds apply), and the texts of their error keys
 * (validators give keys only: docs/shared-ui.md §9).
 */
import * as yup from 'yup';
import { NAME_MAX_LENGTH } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { noLineBreaks } from '@workbench/common/validators/text';

/** What the firewall forms show for each error key. */
export const FIREWALL_FORM_MESSAGES: Record<string, string> = {
  required: 'Required.',
  duplicateName: 'Another entry already has this name.',
  nameTooLong: `At most ${NAME_MAX_LENGTH} characters.`,
  lineBreaks: 'One line only.',
  invalidIP: 'not an IPv4 address, range (10.0.0.1-10.0.0.9) or CIDR (10.0.0.0/24)',
  invalidIpRange: 'the first address of a range must be lower than the last',
  invalidCidr: 'not a CIDR: an address and a prefix of 1 to 32 (10.0.0.0/24)',
  invalidDomain: 'not a domain name (example.com, or *.example.com for its subdomains)',
  invalidPortOrPortRange: 'not a port (1 to 65535) or a range (8000-8080)',
  tooLong: 'too long',
  portsRequired: 'TCP and UDP services need at least one port or range.',
  tooManyValues: 'Too many lines.',
  invalidUriStartsWith: 'Enter a URL starting with https://.',
  invalidUrl: 'Enter a valid URL (https://host/path, 8 to 2048 characters, no spaces).',
  httpsOnly: 'Feeds are fetched over https:// only.',
  refreshRange: 'A whole number of minutes from 5 to 1440 (one day).',
  commentTooLong: 'At most 500 characters.',
};

/** The text of a form error: a known key's text, else the error as given (line errors are texts). */
export const formMessage = (error: unknown): string | undefined =>
  typeof error !== 'string' ? undefined : (FIREWALL_FORM_MESSAGES[error] ?? error);

/** Non-empty trimmed lines of a text field (one value per line). */
export const lines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

export const joinLines = (values: readonly string[]): string => values.join('\n');

/**
 * A one-value-per-line field: each line is checked by `check` (an error key, or null) and is at
 * most `maxLength` characters; the error names the first bad line ("Line 2 (10.0.0.300): …").
 */
export function linesSchema(
  check: (line: string) => string | null,
  { maxLength, maxLines }: { maxLength: number; maxLines: number },
) {
  return yup.string().test('lines', function test(value) {
    const all = lines(value ?? '');
    if (all.length > maxLines) return this.createError({ message: `At most ${maxLines} lines.` });
    for (const [i, line] of all.entries()) {
      const key = line.length > maxLength ? 'tooLong' : check(line);
      if (key) {
        const shown = line.length > 40 ? `${line.slice(0, 40)}…` : line;
        return this.createError({
          message: `Line ${i + 1} (${shown}): ${FIREWALL_FORM_MESSAGES[key] ?? key}.`,
        });
      }
    }
    return true;
  });
}

/** A name: required, one line, at most NAME_MAX_LENGTH, not the name of another entry of the list. */
export function nameSchema(otherNames: readonly string[]) {
  const taken = new Set(otherNames.map((n) => n.trim().toLowerCase()));
  return yup
    .string()
    .trim()
    .required('required')
    .max(NAME_MAX_LENGTH, 'nameTooLong')
    .test('lineBreaks', 'lineBreaks', (v) => noLineBreaks(v) === null)
    .test('duplicateName', 'duplicateName', (v) => !taken.has((v ?? '').trim().toLowerCase()));
}
