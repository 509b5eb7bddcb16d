/**
 * Labels of the private access codes (docs/glossary.md §3 Enumerations: posture checks, session
 * mode, time units) as an administrator reads them: the Secure Application Access page and the
 * readable revision diff use the same words.
 */
import type { Vocabulary } from './vocabulary';

export const POSTURE_CHECK_VOCABULARY: Vocabulary = [
  { code: 'antivirus', label: 'Antivirus running' },
  { code: 'firewall', label: 'Firewall on' },
  { code: 'os_version', label: 'Supported OS version' },
  { code: 'full_disk_encryption', label: 'Full-disk encryption' },
  { code: 'detect_crowdstrike', label: 'CrowdStrike agent present' },
  { code: 'crowdstrike_zta', label: 'CrowdStrike ZTA score' },
  { code: 'gatekeeper', label: 'Gatekeeper on (macOS)' },
  { code: 'google_safe_browsing', label: 'Google Safe Browsing on' },
];

/** How long access lasts before the user signs in again. */
export const SESSION_MODE_VOCABULARY: Vocabulary = [
  { code: 'none', label: 'No limit' },
  { code: 'session', label: 'Until the browser session ends' },
  { code: 'time', label: 'For a set time' },
];

/** A session as a short phrase: "No limit", "Browser session", "8 hours", "1 day". */
export function sessionText(session: { mode: string; duration?: { value: number; unit: string } }): string {
  if (session.mode === 'none') return 'No limit';
  if (session.mode === 'session') return 'Browser session';
  const d = session.duration;
  if (!d) return 'For a set time';
  return `${d.value} ${d.value === 1 ? d.unit.replace(/s$/, '') : d.unit}`;
}
