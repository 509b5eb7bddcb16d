import crypto from 'node:crypto';

/** A random secret (256 bits), URL-safe. */
export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');

/** What the store keeps in place of a secret. */
export const digest = (secret: string): string => crypto.createHash('sha256').update(secret).digest('hex');

/** Constant-time string equality (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
