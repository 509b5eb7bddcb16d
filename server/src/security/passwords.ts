import crypto from 'node:crypto';

/**
 * scrypt parameters: N=2^14, r=8, p=1 (about 16 MB, ~45 ms of CPU per check). Under jest
 * (NODE_ENV=test, set by jest itself) N=2^10: the API suites hash and check thousands of
 * passwords (demo accounts per test server, sign-ins, imports), which cost minutes of CI at the
 * real cost. The stored hash names N, and a check refuses any N but the one in force, so a test
 * hash never signs in anywhere else.
 */
const N = process.env.NODE_ENV === 'test' ? 1024 : 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` with base64url salt (16 random bytes per user) and hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time comparison of the derived key; false for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (
    scheme !== 'scrypt' ||
    Number(n) !== N ||
    Number(r) !== R ||
    Number(p) !== P ||
    !saltText ||
    !hashText
  ) {
    return false;
  }
  const expected = Buffer.from(hashText, 'base64url');
  const key = await scrypt(password, Buffer.from(saltText, 'base64url'));
  return expected.length === key.length && crypto.timingSafeEqual(expected, key);
}

let dummyHash: Promise<string> | null = null;
/** A hash to check against when the account does not exist, so both cases take about the same time. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(24).toString('base64url'));
  return dummyHash;
}

/** A strong random password for the demo accounts (about 128 bits). */
export function generatePassword(): string {
  return crypto.randomBytes(16).toString('base64url');
}
