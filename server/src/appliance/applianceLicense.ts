/**
 * Reads a licence string (`WBL1.` and the OVA licence key's fields as base64url JSON) and decides
 * whether it licenses this appliance now: every field present, a state that is not expired nor
 * unissued, and the appliance's version among the key's versions (an empty list covers all).
 */
import {
  LICENSE_MSGS,
  LICENSE_PREFIX,
  type LicenseInfo,
} from '@workbench/common/api/contract/centralManager';
import { LICENCE_TYPES } from '@workbench/common/api/contract/providerEntities';
import { licenceStateOf } from '@workbench/common/api/contract/providerOps';

export type ParsedLicense =
  { ok: true; license: LicenseInfo } | { ok: false; reason: string; license?: LicenseInfo };

export function parseLicense(text: string, version: string, now: Date): ParsedLicense {
  const trimmed = text.trim();
  if (!trimmed.startsWith(LICENSE_PREFIX)) return { ok: false, reason: LICENSE_MSGS.malformed };
  let fields: Record<string, unknown>;
  try {
    const json: unknown = JSON.parse(
      Buffer.from(trimmed.slice(LICENSE_PREFIX.length), 'base64url').toString('utf8'),
    );
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('not an object');
    fields = json as Record<string, unknown>;
  } catch {
    return { ok: false, reason: LICENSE_MSGS.malformed };
  }
  const text_ = (k: string) => (typeof fields[k] === 'string' ? (fields[k] as string) : null);
  for (const k of ['key_id', 'tenant_name'])
    if (!text_(k)) return { ok: false, reason: LICENSE_MSGS.missingField(k) };
  const type = text_('license_type');
  if (!type || !(LICENCE_TYPES as readonly string[]).includes(type))
    return { ok: false, reason: LICENSE_MSGS.missingField('license_type') };
  const versions = fields.versions ?? [];
  if (!Array.isArray(versions) || versions.some((v) => typeof v !== 'string'))
    return { ok: false, reason: LICENSE_MSGS.missingField('versions') };
  const license: LicenseInfo = {
    key_id: text_('key_id')!,
    tenant_name: text_('tenant_name')!,
    license_type: type,
    expires_at: text_('expires_at') ?? '',
    does_not_expire: fields.does_not_expire === true,
    versions: versions as string[],
    license_state: licenceStateOf(fields, now),
  };
  if (license.license_state === 'expired')
    return { ok: false, reason: LICENSE_MSGS.expired(license.expires_at), license };
  if (license.license_state === 'none') return { ok: false, reason: LICENSE_MSGS.notIssued, license };
  if (license.versions.length > 0 && !license.versions.includes(version))
    return { ok: false, reason: LICENSE_MSGS.version(version, license.versions), license };
  return { ok: true, license };
}
