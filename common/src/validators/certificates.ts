import { isEmptyValue, type ValidationErrorKey } from './errorKeys';

const BLOCK = /-----BEGIN CERTIFICATE-----\r?\n([\s\S]*?)\r?\n?-----END CERTIFICATE-----/g;

/**
 * PEM certificate [invalidCert]: one or more `-----BEGIN CERTIFICATE-----` … `-----END
 * CERTIFICATE-----` blocks (a chain), whose bodies are non-empty base64 (line breaks allowed,
 * padding only at the end). Decision: whitespace around and between the blocks is fine, but any
 * other text outside them (e.g. openssl's "Bag Attributes" or "subject=" lines, or a private key)
 * is refused, because it would be saved with the certificate; the user should paste the blocks only.
 */
export function pemCertificate(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  let blocks = 0;
  let outside = '';
  let last = 0;
  for (const match of value.matchAll(BLOCK)) {
    outside += value.slice(last, match.index);
    last = (match.index ?? 0) + match[0].length;
    const body = match[1].replace(/\s+/g, '');
    if (body.length === 0 || body.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body))
      return 'invalidCert';
    blocks += 1;
  }
  outside += value.slice(last);
  return blocks > 0 && outside.trim() === '' ? null : 'invalidCert';
}
