import { hasMoreCharactersThan } from './characterLength';
import { isEmptyValue, type ValidationErrorKey } from './errorKeys';

/**
 * The longest text the PEM validator reads, in characters: 64 KiB. A certificate in PEM is about
 * 1.5–3 KB (up to ~10 KB for an RSA-4096 certificate with many names), so this holds a chain of
 * leaf, intermediates and root many times over; anything longer is refused [invalidCert] unread.
 */
export const PEM_MAX_LENGTH = 64 * 1024;

const BEGIN_LINE = '-----BEGIN CERTIFICATE-----';
const END_LINE = '-----END CERTIFICATE-----';
/** Base64 whose padding ('=' or '==') only completes the last 4-character group. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;

const isBlank = (value: string, from: number, to: number): boolean => value.slice(from, to).trim() === '';

/**
 * PEM certificate [invalidCert]: one or more `-----BEGIN CERTIFICATE-----` … `-----END
 * CERTIFICATE-----` blocks (a chain), whose bodies are non-empty base64 (line breaks allowed,
 * padding only at the end). Decision: whitespace around and between the blocks is fine, but any
 * other text outside them (e.g. openssl's "Bag Attributes" or "subject=" lines, or a private key)
 * is refused, because it would be saved with the certificate; the user should paste the blocks only.
 * Texts longer than PEM_MAX_LENGTH are refused. The text is read once, front to back, stopping at
 * the first fault, so a paste of many stray BEGIN lines costs time linear in its length.
 */
export function pemCertificate(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  if (hasMoreCharactersThan(value, PEM_MAX_LENGTH)) return 'invalidCert';
  let blocks = 0;
  let position = 0;
  for (;;) {
    const begin = value.indexOf(BEGIN_LINE, position);
    if (!isBlank(value, position, begin === -1 ? value.length : begin)) return 'invalidCert';
    if (begin === -1) return blocks > 0 ? null : 'invalidCert';
    let bodyStart = begin + BEGIN_LINE.length;
    if (value[bodyStart] === '\r') bodyStart += 1;
    if (value[bodyStart] !== '\n') return 'invalidCert';
    bodyStart += 1;
    const end = value.indexOf(END_LINE, bodyStart);
    if (end === -1) return 'invalidCert';
    if (!BASE64.test(value.slice(bodyStart, end).replace(/\s+/g, ''))) return 'invalidCert';
    blocks += 1;
    position = end + END_LINE.length;
  }
}
