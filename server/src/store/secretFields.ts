/**
 * The secrets at rest (issue 38 point 10; security/secretBox.ts seals them): which stored values
 * are secrets the server must use in clear, so the store seals them on write, opens them on read
 * and seals again at start what is clear or sealed by an old key (the migration of a store
 * written before sealing, and the end of a key rotation). The routes see clear values only.
 *
 * - `user_mfa.secret`, `user_mfa.pending_secret`: TOTP seeds (repositories/accounts.ts).
 * - Provider entity rows (repositories/entities.ts), by entity, at a path of their JSON (`[]`:
 *   every item of a list): the storage profiles' cloud secret key, the SMTP password, the LDAP
 *   bind password and a tenant's SAML signing key.
 * - `notification_channels.secret`: an alert webhook's signing secret (repositories/alerts.ts
 *   seals it on write, opens it on read and seals it again at start under the current key).
 * Empty strings (no secret set) stay as they are.
 */
import { TENANT_SETTINGS_REGISTRY } from '@workbench/common/api/contract/tenantSettings';
import {
  SETTINGS_DOCUMENTS,
  type SettingsDocumentDef,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import type { SecretBox } from '../security/secretBox';
import { settingsEntity } from '../settings/settingsEntity';

/**
 * Every write-only field of common's settings registries (a settings list's are at each item of its
 * list; a new one is sealed without a line here), and the sign-in settings' own secrets.
 */
export const SECRET_ENTITY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(
    Object.entries(TENANT_SETTINGS_REGISTRY)
      .filter(([, def]) => def.writeOnly.length > 0)
      .map(([list, def]) => [settingsEntity(list), def.writeOnly.map((p) => `${def.listField}[].${p}`)]),
  ),
  ...Object.fromEntries(
    Object.values(SETTINGS_DOCUMENTS as Record<string, SettingsDocumentDef>)
      .filter((def) => (def.writeOnly ?? []).length > 0)
      .map((def) => [def.entity, def.writeOnly ?? []]),
  ),
  // sign-in-settings/signInSettingsRoutes.ts: the LDAP bind password and the SAML signing key.
  tenant_sign_in: ['ldap.bind_password'],
  tenant_saml_signing: ['privateKeyPem'],
};

/** `value` with `fn` applied to each string at `path` (segments split by dots; `name[]` a list). */
function mapAt(value: unknown, path: readonly string[], fn: (v: string) => string): unknown {
  if (path.length === 0) return typeof value === 'string' && value !== '' ? fn(value) : value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const [head, ...rest] = path;
  const list = head.endsWith('[]');
  const name = list ? head.slice(0, -2) : head;
  const record = value as Record<string, unknown>;
  if (!(name in record)) return value;
  const inner = record[name];
  const next = list
    ? Array.isArray(inner)
      ? inner.map((item) => mapAt(item, rest, fn))
      : inner
    : mapAt(inner, rest, fn);
  return next === inner ? value : { ...record, [name]: next };
}

/** The entity's data with `fn` applied to each of its secret fields (the data itself when it has none). */
export function mapEntitySecrets<T>(entity: string, data: T, fn: (v: string) => string): T {
  const paths = SECRET_ENTITY_FIELDS[entity];
  if (!paths) return data;
  return paths.reduce((d, p) => mapAt(d, p.split('.'), fn) as T, data);
}

/** Whether any secret field of the entity's data must be sealed again (box.needsSealing). */
export function entityNeedsSealing(box: SecretBox, entity: string, data: unknown): boolean {
  let needs = false;
  mapEntitySecrets(entity, data, (v) => {
    if (box.needsSealing(v)) needs = true;
    return v;
  });
  return needs;
}

/** A nullable stored secret column, sealed / opened. */
export const sealNullable = (box: SecretBox, v: string | null): string | null =>
  v === null || v === '' ? v : box.seal(v);
export const openNullable = (box: SecretBox, v: string | null): string | null =>
  v === null ? v : box.open(v);
