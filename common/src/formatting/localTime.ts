/**
 * Times as the person reading them counts them: in their browser's locale and time zone (never a
 * raw ISO string), and a `datetime-local` input's value (their time zone) as the ISO instant the
 * API takes.
 */

/** An ISO instant as a date and time to the second, in the reader's locale and time zone. */
export function localDateTime(iso: string, locale?: string, timeZone?: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return new Date(t).toLocaleString(locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** `YYYY-MM-DDTHH:mm` of the browser's time zone (a datetime-local input's value) as ISO, or null. */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}
