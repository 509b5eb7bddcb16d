/**
 * Secrets at rest (issue 38 point 10): the secrets the server must use in clear (TOTP seeds, a
 * storage profile's `secret_key`, the SMTP and LDAP bind passwords, a tenant's SAML signing key)
 * are stored sealed with AES-256-GCM (node:crypto) under a key from the deployment's
 * configuration; bearer tokens and passwords stay digests (security/tokens.ts, passwords.ts).
 *
 * A sealed value is `wbsec:v1:<key id>:<base64 of iv, tag, ciphertext>`; the key id (the first 8
 * hex digits of the key's SHA-256) says which key sealed it, so during a rotation the old key
 * still opens what it sealed while the new one seals. Which values are secrets is
 * store/secretFields.ts; the store seals and opens them (store/README.md "Secrets at rest").
 *
 * The keys (server/README.md "Secrets at rest"): WORKBENCH_SECRET_KEY (comma list) or the file of
 * WORKBENCH_SECRET_KEY_FILE (one key a line), each 32 random bytes in base64 (or 64 hex digits),
 * the first one sealing, the others only opening; without either, the embedded server makes
 * `secret.key` in its data directory on first start (mode 0600). Servers sharing a PostgreSQL
 * store must be given the same key (a start without one stops with a message).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PREFIX = 'wbsec:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** The key file the embedded server makes in its data directory when no key is configured. */
export const SECRET_KEY_FILE = 'secret.key';

export interface SecretBox {
  /** The value sealed with the current key. */
  seal(clear: string): string;
  /**
   * The clear value of a sealed one; a value that is not sealed (stored before sealing existed)
   * is answered as it is: the start's migration seals it (store/secretFields.ts).
   */
  open(stored: string): string;
  /** Whether the stored value must be sealed again: clear, or sealed by a key other than the current one. */
  needsSealing(stored: string): boolean;
}

export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretKeyError';
  }
}

const keyId = (key: Buffer): string => crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);

/** A key as written in the variable or file: 32 bytes in base64 or hex. */
export function parseSecretKey(text: string, where: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== KEY_BYTES || (!/^[0-9a-f]{64}$/i.test(t) && key.toString('base64') !== t))
    throw new SecretKeyError(
      `${where} must hold keys of 32 random bytes in base64 (openssl rand -base64 32) or 64 hex digits.`,
    );
  return key;
}

/** A new random key, as written in a key file. */
export const newSecretKeyText = (): string => crypto.randomBytes(KEY_BYTES).toString('base64');

/** The box over the keys: the first seals, every one opens what it sealed. */
export function secretBox(keys: readonly Buffer[]): SecretBox {
  if (keys.length === 0) throw new SecretKeyError('A secret box needs at least one key.');
  const byId = new Map(keys.map((k) => [keyId(k), k]));
  const currentId = keyId(keys[0]);
  const current = keys[0];
  return {
    seal(clear) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', current, iv);
      const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
      return `${PREFIX}${currentId}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const [id, payload = ''] = stored.slice(PREFIX.length).split(':');
      const key = byId.get(id);
      if (!key)
        throw new SecretKeyError(
          `A secret in the config store was sealed with key ${id}, which is not among the configured keys (WORKBENCH_SECRET_KEY / WORKBENCH_SECRET_KEY_FILE): keep the old key after the new one until a start has sealed everything again.`,
        );
      const raw = Buffer.from(payload, 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
    needsSealing: (stored) => !stored.startsWith(`${PREFIX}${currentId}:`),
  };
}

/** Whether a stored value is sealed (by any key). */
export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/** The keys of the environment: WORKBENCH_SECRET_KEY, or WORKBENCH_SECRET_KEY_FILE; null for neither. */
export function secretKeysFromEnv(env: NodeJS.ProcessEnv): Buffer[] | null {
  const inline = env.WORKBENCH_SECRET_KEY?.trim();
  const file = env.WORKBENCH_SECRET_KEY_FILE?.trim();
  if (inline && file)
    throw new SecretKeyError('Set WORKBENCH_SECRET_KEY or WORKBENCH_SECRET_KEY_FILE, not both.');
  if (inline) return inline.split(',').map((k) => parseSecretKey(k, 'WORKBENCH_SECRET_KEY'));
  if (file) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new SecretKeyError(
        `WORKBENCH_SECRET_KEY_FILE: cannot read ${file} (${(error as Error).message}).`,
      );
    }
    const keys = text.split('\n').filter((line) => line.trim() !== '');
    if (keys.length === 0) throw new SecretKeyError(`WORKBENCH_SECRET_KEY_FILE: ${file} holds no key.`);
    return keys.map((k) => parseSecretKey(k, `WORKBENCH_SECRET_KEY_FILE (${file})`));
  }
  return null;
}

/** The embedded default: the data directory's key file, made (0600) on first start. */
export function dataDirSecretKeys(dataDir: string): Buffer[] {
  const file = path.join(dataDir, SECRET_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${newSecretKeyText()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const keys = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  return keys.map((k) => parseSecretKey(k, file));
}
