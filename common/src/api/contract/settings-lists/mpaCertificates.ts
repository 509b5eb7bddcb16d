/**
 * Private-access certificates (`mpa_certificates`, docs/settings.md §1 and "Private-access
 * certificates"): the CA certificates that sign the client certificates private access accepts
 * when its security settings require one (`require_client_certificate` of `mpa_security_config`).
 * A row of the tenant settings registry (../tenantSettings.ts) written with the spec's PUT. The
 * spec names the call only: each item is a name and one PEM certificate, which the server decodes
 * (subject, issuer, validity, fingerprint, key: the same decoder as `decodeCert`) and refuses when
 * it does not parse or has expired.
 */
import { Type, type Static } from 'typebox';
import { CERT_TEXT_MAX, CertificateInfo } from '../signInSettings';
import type { SettingsListDef } from '../tenantSettings';

export const MPA_CERTIFICATES_MAX = 20;

const UUID = Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' });
const closed = { additionalProperties: false } as const;

const fields = {
  name: Type.String({ minLength: 1, maxLength: 250 }),
  description: Type.Optional(Type.String({ maxLength: 250 })),
  /** One X.509 certificate, PEM (-----BEGIN CERTIFICATE----- …). */
  pem: Type.String({ minLength: 1, maxLength: CERT_TEXT_MAX }),
};
/** As written: `certificate` may be sent back as read; the server decodes `pem` again. */
export const MpaCertificateBody = Type.Object(
  { uuid: Type.Optional(UUID), ...fields, certificate: Type.Optional(CertificateInfo) },
  closed,
);
export const MpaCertificate = Type.Object({ uuid: UUID, ...fields, certificate: CertificateInfo });
export type MpaCertificate = Static<typeof MpaCertificate>;

export const CERTIFICATE_STATUS_LABELS = {
  valid: 'Valid',
  expired: 'Expired',
  not_yet_valid: 'Not yet valid',
} as const;

export const MPA_CERTIFICATES: SettingsListDef = {
  title: 'Private Access Certificates',
  noun: 'CA certificate',
  intro:
    'Private access accepts client certificates signed by these CAs; whether it requires one is a security setting of Secure Application Access (Security settings).',
  menuPath: 'private-access-certificates',
  path: '/api/settings/v1/tenants/mpa_certificates',
  saveMethod: 'PUT',
  listField: 'list',
  idField: 'uuid',
  nameField: 'name',
  minItems: 0,
  maxItems: MPA_CERTIFICATES_MAX,
  permissionItem: 'mpa_certificates',
  features: ['private_access'],
  // Filed with the private-access policy (its security settings say whether these are required).
  auditArea: 'private_access',
  item: MpaCertificate,
  itemBody: MpaCertificateBody,
  writeOnly: [],
  certificate: { field: 'pem', into: 'certificate' },
  columns: [
    { field: 'name', header: 'Name' },
    { field: 'certificate.subject', header: 'Subject' },
    { field: 'certificate.issuer', header: 'Issuer' },
    { field: 'certificate.not_after', header: 'Valid until', format: 'date' },
    { field: 'certificate.status', header: 'Status', labels: CERTIFICATE_STATUS_LABELS },
    { field: 'certificate.fingerprint_sha256', header: 'SHA-256 fingerprint' },
  ],
  form: [
    { field: 'name', label: 'Name', kind: 'text' },
    { field: 'description', label: 'Description', kind: 'multiline', optional: true },
    {
      field: 'pem',
      label: 'Certificate (PEM)',
      kind: 'pem',
      maxLength: CERT_TEXT_MAX,
      helperText:
        'Paste the CA certificate (-----BEGIN CERTIFICATE----- …) or choose a .pem, .crt or .cer file.',
    },
  ],
  newItem: { name: '', description: '', pem: '' },
};
