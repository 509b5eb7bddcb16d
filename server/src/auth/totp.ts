/**
 * TOTP second factor (RFC 6238: 30-second steps, 6 digits, SHA-1 — what every authenticator app
 * reads) on the otpauth library (small, maintained, one dependency: @noble/hashes).
 */
import { Secret, TOTP } from 'otpauth';
import { MFA_ISSUER } from '@workbench/common/api/contract/auth';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (clock drift of a phone). */
export const TOTP_WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends for SHA-1. */
const SECRET_BYTES = 20;

const totpOf = (secret: string, label = ''): TOTP =>
  new TOTP({
    issuer: MFA_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A fresh base32 secret. */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

export const totpUri = (secret: string, account: string): string => totpOf(secret, account).toString();

/** The QR code of a URI as SVG (qrcode loads on the first enrolment, not with every server: issue 39). */
export const totpQrSvg = async (uri: string): Promise<string> =>
  (await import('qrcode')).default.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/** The 30-second step of a time. */
export const totpStep = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_PERIOD_S);

/**
 * The step the code belongs to when it is valid now (within the window) and of a step after
 * `lastStep` (a code once accepted is never accepted again); otherwise null.
 */
export function acceptedStep(secret: string, code: string, nowMs: number, lastStep: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(nowMs) + delta;
  return step > lastStep ? step : null;
}

/** The code of a time (tests, and the wdio helper that plays the authenticator app). */
export const totpCode = (secret: string, nowMs: number): string =>
  totpOf(secret).generate({ timestamp: nowMs });
