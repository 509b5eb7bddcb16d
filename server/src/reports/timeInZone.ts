/** Times read in an IANA time zone, as reports, e-mails and notifications show them. */

/** "2026-11-22 09:00": the time as read in the zone (the zone named beside it by the caller). */
export function formatInZone(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** "2026-11-22 09:00 to 2026-11-22 10:00 (Europe/Berlin)": a range as reports and messages show it. */
export function rangeInZone(startMs: number, endMs: number, timeZone: string): string {
  return `${formatInZone(startMs, timeZone)} to ${formatInZone(endMs, timeZone)} (${timeZone})`;
}
