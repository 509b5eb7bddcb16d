/**
 * Fields of the web-control sections (issue 13: copy/paste, watermark, browsing forensics,
 * bandwidth), built on common's validators; the ranges are the registry's (webControlKinds.ts),
 * so the form refuses what the server would.
 */
import { integer, maxLength, noLineBreaks } from '@workbench/common/validators/index';
import { WATERMARK_PLACEHOLDERS } from '@workbench/common/api/contract/policy-kinds/webControlKinds';
import { DIRECTIONS } from '@workbench/common/api/contract/policy-kinds/enumerations';
import type { EntryField, EntryValues } from './EntryDialog';
import { ruleMessage } from './ruleForm';

export const ALLOW_BLOCK_OPTIONS = [
  { code: 'allow', label: 'Allow' },
  { code: 'block', label: 'Block' },
] as const;

export const allowBlockLabel = (code: string): string =>
  ALLOW_BLOCK_OPTIONS.find((o) => o.code === code)?.label ?? code;

/** docs/glossary.md §3 Enumerations, direction. */
export const DIRECTION_OPTIONS = DIRECTIONS.map((code) => ({
  code,
  label: {
    all: 'All traffic',
    uploads: 'Uploads',
    downloads: 'Downloads',
    uploadsAndDownloads: 'Uploads and downloads',
  }[code],
}));

export const directionLabel = (code: string): string =>
  DIRECTION_OPTIONS.find((o) => o.code === code)?.label ?? code;

/** A whole number in [min, max]; empty only when optional. */
export const wholeNumber =
  (min: number, max: number, optional = false) =>
  (v: string): string | undefined => {
    if (v.trim() === '') return optional ? undefined : ruleMessage('required');
    if (integer(v.trim())) return 'Enter a whole number.';
    const n = Number(v.trim());
    return n < min || n > max
      ? `Enter a number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`
      : undefined;
  };

/** A number field's value in the document, or undefined when empty. */
export const numberOf = (v: EntryValues[string] | undefined): number | undefined =>
  v === undefined || String(v).trim() === '' ? undefined : Number(String(v).trim());

const PLACEHOLDER_LIST = WATERMARK_PLACEHOLDERS.map((p) => `{${p}}`).join(', ');

/** The watermark text: 1–200 characters, one line, placeholders only from the registry's list. */
export function watermarkTextError(v: string): string | undefined {
  if (v.trim() === '') return ruleMessage('required');
  const key = maxLength(v, 200) ?? noLineBreaks(v);
  if (key) return ruleMessage(key);
  for (const [, name] of v.matchAll(/\{([^{}]*)\}/g))
    if (!(WATERMARK_PLACEHOLDERS as readonly string[]).includes(name))
      return `Unknown placeholder {${name}}. Use ${PLACEHOLDER_LIST}.`;
  return undefined;
}

/** What the preview puts in place of each placeholder. */
export const PREVIEW_VALUES: Record<(typeof WATERMARK_PLACEHOLDERS)[number], string> = {
  username: 'jdoe',
  email: 'jdoe@acme.example',
  date: '2026-11-25',
  time: '14:30',
  ip: '203.0.113.7',
  domain: 'example.com',
};

export const watermarkPreviewText = (text: string): string =>
  text.replace(/\{([^{}]*)\}/g, (whole, name: string) =>
    name in PREVIEW_VALUES ? PREVIEW_VALUES[name as keyof typeof PREVIEW_VALUES] : whole,
  );

export const WATERMARK_HELP = `Placeholders: ${PLACEHOLDER_LIST}, filled in per user and page.`;

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
export const colourError = (v: string): string | undefined =>
  HEX_COLOUR.test(v) ? undefined : 'Enter a colour as #RRGGBB, e.g. #808080.';

/** A browsing-forensics rule picks a forensics profile from the list. */
export const profileIdError = (v: string): string | undefined =>
  v.trim() === '' ? 'Choose a forensics profile.' : undefined;

export const selectField = (
  name: string,
  label: string,
  options: ReadonlyArray<{ code: string; label: string }>,
): EntryField => ({ name, label, type: 'select', options });
