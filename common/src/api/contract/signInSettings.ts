/**
 * Sign-in settings (issue 33 point 4; docs/settings.md §1 Tenant settings: `auth` (v1, and v2 with
 * ?limit), `setting/saml`, `admin_access_control`, the utils `menloSamlSigningCert` and
 * `decodeCert`). The spec names the calls without their shapes: the shapes below are ours
 * (docs/api.md "Shapes the spec does not show", docs/sign-in-settings.md). One source of truth for
 * the server's validation, its OpenAPI and the client's types.
 */
import { Type, type Static } from 'typebox';

const TENANTS_V1 = '/api/settings/v1/tenants';
export const SIGN_IN_SETTINGS_PATHS = {
  auth: `${TENANTS_V1}/auth`,
  authV2: '/api/settings/v2/tenants/auth',
  saml: `${TENANTS_V1}/setting/saml`,
  signingCert: `${TENANTS_V1}/menloSamlSigningCert`,
  decodeCert: `${TENANTS_V1}/decodeCert`,
  adminAccessControl: `${TENANTS_V1}/admin_access_control`,
  /** Extension `ip-restrictions-read`: the provider's IP restrictions of the tenant, read-only. */
  ipRestrictions: `${TENANTS_V1}/ip_restrictions`,
  /** Extension `ldap-test`: "Test connection" of the LDAP settings. */
  ldapTest: `${TENANTS_V1}/auth/ldap/test`,
} as const;

/** RBAC items (docs/access.md §4 `settings` group): `settings:auth`, `settings:admin_access_control`. */
export {
  ACCESS_CONTROL_READ_PERMISSION,
  ACCESS_CONTROL_WRITE_PERMISSION,
  SIGN_IN_READ_PERMISSION,
  SIGN_IN_WRITE_PERMISSION,
} from './settingsPermissions';

/** Limits. */
export const CERT_TEXT_MAX = 20_000;
export const METADATA_TEXT_MAX = 200_000;
export const IDP_MAX = 10;
export const IDP_LIST_DEFAULT_LIMIT = 10;
export const LDAP_TIMEOUT_DEFAULT_SECONDS = 5;
export const LDAP_TIMEOUT_MAX_SECONDS = 30;
export const ACCESS_RANGES_MAX = 100;

export const CertificateStatus = Type.Union([
  Type.Literal('valid'),
  Type.Literal('expired'),
  Type.Literal('not_yet_valid'),
]);

/** A decoded certificate (POST decodeCert's answer; each certificate of an IdP). */
export const CertificateInfo = Type.Object({
  subject: Type.String(),
  issuer: Type.String(),
  common_name: Type.Union([Type.String(), Type.Null()]),
  serial_number: Type.String(),
  not_before: Type.String(),
  not_after: Type.String(),
  /** Against the server's clock now: expired and not-yet-valid are flagged. */
  status: CertificateStatus,
  self_signed: Type.Boolean(),
  /** SHA-256 of the DER, uppercase hex pairs joined by colons (as openssl prints it). */
  fingerprint_sha256: Type.String(),
  key_algorithm: Type.String(),
  key_size: Type.Union([Type.Integer(), Type.Null()]),
  signature_algorithm: Type.String(),
  pem: Type.String(),
});
export type CertificateInfo = Static<typeof CertificateInfo>;

export const DecodeCertBody = Type.Object(
  { cert: Type.String({ minLength: 1, maxLength: CERT_TEXT_MAX }) },
  { additionalProperties: false },
);
export type DecodeCertBody = Static<typeof DecodeCertBody>;

export const SsoUrl = Type.Object({ url: Type.String(), binding: Type.String() });

/** An identity provider as its uploaded metadata describes it. */
export const IdentityProvider = Type.Object({
  entity_id: Type.String(),
  sso_urls: Type.Array(SsoUrl),
  /** The IdP's signing certificates (KeyDescriptor use="signing" or without use). */
  certificates: Type.Array(CertificateInfo),
  /** The certificate whose key signed the metadata (its SHA-256 fingerprint). */
  metadata_signed_by: Type.String(),
  uploaded_at: Type.String(),
  uploaded_by: Type.String(),
});
export type IdentityProvider = Static<typeof IdentityProvider>;

/** LDAP settings as read: the bind password is write-only (only whether one is set). */
export const LdapSettings = Type.Object({
  enabled: Type.Boolean(),
  /** ldap://host:port or ldaps://host:port */
  url: Type.String(),
  bind_dn: Type.String(),
  bind_password_set: Type.Boolean(),
  base_dn: Type.String(),
  /** The attribute a user name is looked up by (uid, sAMAccountName, mail). */
  user_attribute: Type.String(),
  timeout_seconds: Type.Integer(),
});
export type LdapSettings = Static<typeof LdapSettings>;

const text = (max: number) => Type.String({ maxLength: max });
/** LDAP settings as written: `bind_password` absent keeps the stored one, "" clears it. */
export const LdapSettingsWrite = Type.Object(
  {
    enabled: Type.Boolean(),
    url: text(500),
    bind_dn: text(500),
    bind_password: Type.Optional(text(500)),
    base_dn: text(500),
    user_attribute: text(100),
    timeout_seconds: Type.Integer({ minimum: 1, maximum: LDAP_TIMEOUT_MAX_SECONDS }),
  },
  { additionalProperties: false },
);
export type LdapSettingsWrite = Static<typeof LdapSettingsWrite>;

const Audit = {
  updated_at: Type.Union([Type.String(), Type.Null()]),
  updated_by: Type.Union([Type.String(), Type.Null()]),
};

/** GET /api/settings/v1/tenants/auth */
export const AuthSettings = Type.Object({
  sso_enabled: Type.Boolean(),
  idp: Type.Union([IdentityProvider, Type.Null()]),
  ldap: LdapSettings,
  ...Audit,
});
export type AuthSettings = Static<typeof AuthSettings>;

/** PUT /api/settings/v1/tenants/auth: `idp_metadata` XML replaces the (first) IdP, null removes it, absent keeps it. */
export const AuthSettingsWrite = Type.Object(
  {
    sso_enabled: Type.Boolean(),
    idp_metadata: Type.Optional(Type.Union([Type.String({ maxLength: METADATA_TEXT_MAX }), Type.Null()])),
    ldap: LdapSettingsWrite,
  },
  { additionalProperties: false },
);
export type AuthSettingsWrite = Static<typeof AuthSettingsWrite>;

/** GET /api/settings/v2/tenants/auth?limit: every IdP (multiple_idp), the first `limit`. */
export const AuthSettingsV2 = Type.Object({
  sso_enabled: Type.Boolean(),
  idps: Type.Array(IdentityProvider),
  total: Type.Integer(),
  ldap: LdapSettings,
  ...Audit,
});
export type AuthSettingsV2 = Static<typeof AuthSettingsV2>;

export const AuthV2Query = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: IDP_MAX })) },
  { additionalProperties: false },
);

/** An IdP in a v2 save: new metadata, or one already stored kept by its entity id. */
export const IdpEntryWrite = Type.Union([
  Type.Object(
    { metadata: Type.String({ minLength: 1, maxLength: METADATA_TEXT_MAX }) },
    { additionalProperties: false },
  ),
  Type.Object({ entity_id: Type.String({ minLength: 1, maxLength: 1000 }) }, { additionalProperties: false }),
]);
export type IdpEntryWrite = Static<typeof IdpEntryWrite>;

/** PUT /api/settings/v2/tenants/auth: the whole list, in order (the first is v1's `idp`). */
export const AuthSettingsV2Write = Type.Object(
  {
    sso_enabled: Type.Boolean(),
    idps: Type.Array(IdpEntryWrite, { maxItems: IDP_MAX }),
    ldap: LdapSettingsWrite,
  },
  { additionalProperties: false },
);
export type AuthSettingsV2Write = Static<typeof AuthSettingsV2Write>;

/** GET setting/saml: what the IdP's administrator needs of us, and the IdP configured. */
export const SamlSetting = Type.Object({
  sso_enabled: Type.Boolean(),
  sp: Type.Object({
    entity_id: Type.String(),
    signing_certificate: CertificateInfo,
  }),
  idp: Type.Union([IdentityProvider, Type.Null()]),
});
export type SamlSetting = Static<typeof SamlSetting>;

/**
 * The provider's IP restrictions as the tenant reads them (docs/ip-restrictions.md "The tenant's
 * view"): read-only, since only the provider changes them; with the address the server sees the
 * call from, the one that has to be listed.
 */
export const TenantIpRestrictions = Type.Object({
  enabled: Type.Boolean(),
  /** IPv4 addresses and CIDR ranges, as the provider listed them. */
  allowed: Type.Array(Type.String()),
  your_address: Type.String(),
});
export type TenantIpRestrictions = Static<typeof TenantIpRestrictions>;

/** Ways into the administration that admin_access_control may allow (our choice). */
export const ADMIN_SIGN_IN_METHODS = ['password', 'sso', 'api_token'] as const;
export type AdminSignInMethod = (typeof ADMIN_SIGN_IN_METHODS)[number];
const AdminSignInMethodSchema = Type.Union([
  Type.Literal('password'),
  Type.Literal('sso'),
  Type.Literal('api_token'),
]);
/** Who arrives by each method, in the words of a refusal. */
const ADMIN_SIGN_IN_METHOD_CALLERS = {
  password: 'A session signed in with a password',
  sso: 'A session signed in with single sign-on',
  api_token: 'An API token',
} as const satisfies Record<AdminSignInMethod, string>;
const ADMIN_SIGN_IN_METHOD_NAMES = {
  password: 'password',
  sso: 'single sign-on',
  api_token: 'API tokens',
} as const satisfies Record<AdminSignInMethod, string>;

/**
 * admin_access_control (content not shown in the spec; ours): when `enabled`, the tenant's
 * administration is reached only from `allowed_ranges` (addresses or CIDR ranges, IPv4 or IPv6)
 * and only by `allowed_methods`.
 */
export const AdminAccessControl = Type.Object(
  {
    enabled: Type.Boolean(),
    allowed_ranges: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: ACCESS_RANGES_MAX }),
    allowed_methods: Type.Array(AdminSignInMethodSchema, { maxItems: ADMIN_SIGN_IN_METHODS.length }),
  },
  { additionalProperties: false },
);
export type AdminAccessControl = Static<typeof AdminAccessControl>;
export const AdminAccessControlReply = Type.Object({ ...AdminAccessControl.properties, ...Audit });
export type AdminAccessControlReply = Static<typeof AdminAccessControlReply>;

/** A save with `enabled` needs a range and a method (400 naming the field): the server's and the form's words. */
export const ADMIN_ACCESS_CONTROL_MSGS = {
  rangesRequired: 'List at least one address or range that may reach the administration.',
  methodsRequired: 'Allow at least one way to sign in to the administration.',
  tooManyRanges: `At most ${ACCESS_RANGES_MAX} addresses or ranges.`,
} as const;

export const ADMIN_ACCESS_CONTROL_DEFAULTS: AdminAccessControl = {
  enabled: false,
  allowed_ranges: [],
  allowed_methods: [...ADMIN_SIGN_IN_METHODS],
};

/**
 * While admin_access_control is on, the tenant API answers a session or API token from outside
 * its ranges, or by a method it does not allow, with 403, one of the messages below and this field
 * naming what was refused (beside `ip_restricted`, the provider's IP restrictions: the tenant's own
 * administrators, not the provider, can change this one). Sign-out, the user info and the session
 * refresh still answer. docs/sign-in-settings.md "Enforcement".
 */
export const ADMIN_ACCESS_REFUSED_FIELD = 'admin_access_refused';
export const AdminAccessRefused = Type.Union([
  Type.Object({ reason: Type.Literal('address'), address: Type.String() }),
  Type.Object({ reason: Type.Literal('method'), method: AdminSignInMethodSchema }),
]);
export type AdminAccessRefused = Static<typeof AdminAccessRefused>;

export const adminAddressRefusedMessage = (ip: string): string =>
  `Access to the administration from ${ip} is not allowed: this tenant's administration access control admits only the addresses its administrators listed. Connect from an allowed network, or ask an administrator to add this address.`;

export const adminMethodRefusedMessage = (
  method: AdminSignInMethod,
  allowed: readonly AdminSignInMethod[],
): string =>
  `${ADMIN_SIGN_IN_METHOD_CALLERS[method]} may not reach this tenant's administration: its administration access control allows only ${allowed.map((m) => ADMIN_SIGN_IN_METHOD_NAMES[m]).join(', ')}. Sign in another way, or ask an administrator to allow it.`;

/** The message of a refusal by admin_access_control. */
export const adminAccessRefusedMessage = (
  refused: AdminAccessRefused,
  allowed: readonly AdminSignInMethod[],
): string =>
  refused.reason === 'address'
    ? adminAddressRefusedMessage(refused.address)
    : adminMethodRefusedMessage(refused.method, allowed);

/** POST auth/ldap/test: the user to look up; `ldap` tests unsaved settings (password absent = the stored one). */
export const LdapTestBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 200 }),
    ldap: Type.Optional(LdapSettingsWrite),
  },
  { additionalProperties: false },
);
export type LdapTestBody = Static<typeof LdapTestBody>;

export const LDAP_TEST_STEPS = ['connect', 'bind', 'search'] as const;
export const LdapTestReply = Type.Object({
  ok: Type.Boolean(),
  /** The step that failed (absent when ok). */
  step: Type.Optional(Type.Union([Type.Literal('connect'), Type.Literal('bind'), Type.Literal('search')])),
  reason: Type.Optional(Type.String()),
  user: Type.Optional(
    Type.Object({ dn: Type.String(), attributes: Type.Record(Type.String(), Type.Array(Type.String())) }),
  ),
  elapsed_ms: Type.Integer(),
});
export type LdapTestReply = Static<typeof LdapTestReply>;

export const LDAP_DEFAULTS: LdapSettings = {
  enabled: false,
  url: '',
  bind_dn: '',
  bind_password_set: false,
  base_dn: '',
  user_attribute: 'uid',
  timeout_seconds: LDAP_TIMEOUT_DEFAULT_SECONDS,
};

/** A field's refusal: the dotted field and the message. */
export interface FieldProblem {
  field: string;
  message: string;
}

const LDAP_URL = /^ldaps?:\/\/[^\s/:]+(:\d{1,5})?\/?$/i;
const ATTRIBUTE = /^[A-Za-z][A-Za-z0-9-]*$/;

/** The first problem of LDAP settings (shared with the form); `prefix` is the body's path to them. */
export function ldapSettingsProblem(l: LdapSettingsWrite, prefix = 'ldap'): FieldProblem | null {
  const f = (name: string) => `${prefix}.${name}`;
  if (l.url !== '' && !LDAP_URL.test(l.url.trim()))
    return { field: f('url'), message: 'Enter the directory as ldap://host:port or ldaps://host:port.' };
  if (l.url !== '') {
    const port = Number(/:(\d+)\/?$/.exec(l.url.trim())?.[1] ?? '389');
    if (port < 1 || port > 65535)
      return { field: f('url'), message: 'The port must be between 1 and 65535.' };
  }
  if (l.user_attribute !== '' && !ATTRIBUTE.test(l.user_attribute))
    return {
      field: f('user_attribute'),
      message: 'An attribute name is letters, digits and hyphens, starting with a letter.',
    };
  if (l.enabled) {
    if (l.url.trim() === '') return { field: f('url'), message: 'Enter the directory to use LDAP.' };
    if (l.base_dn.trim() === '')
      return { field: f('base_dn'), message: 'Enter the base DN users are looked up under.' };
    if (l.user_attribute === '')
      return { field: f('user_attribute'), message: 'Enter the attribute users are looked up by.' };
  }
  return null;
}
