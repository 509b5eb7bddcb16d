/**
 * The sign-in settings page's forms as pure functions (docs/sign-in-settings.md): a v2 save built
 * from what was read plus one change (the identity providers kept by entity id, the LDAP password
 * absent so the stored one stays), the LDAP form's values and checks (the contract's own
 * ldapSettingsProblem, the server's rule), and the administration access control's ranges.
 */
import {
  ACCESS_RANGES_MAX,
  ADMIN_ACCESS_CONTROL_MSGS,
  LDAP_TIMEOUT_MAX_SECONDS,
  ldapSettingsProblem,
  type AdminAccessControl,
  type AdminSignInMethod,
  type AuthSettingsV2,
  type AuthSettingsV2Write,
  type FieldProblem,
  type IdpEntryWrite,
  type LdapSettings,
  type LdapSettingsWrite,
} from '@workbench/common/api/contract/signInSettings';

/** The LDAP form: as read, plus the new password typed (empty: keep the stored one). */
export interface LdapFormValues {
  enabled: boolean;
  url: string;
  bind_dn: string;
  /** Typed here; '' keeps the stored password unless `clearPassword`. */
  bind_password: string;
  clearPassword: boolean;
  base_dn: string;
  user_attribute: string;
  timeout_seconds: string;
}

export const ldapFormOf = (l: LdapSettings): LdapFormValues => ({
  enabled: l.enabled,
  url: l.url,
  bind_dn: l.bind_dn,
  bind_password: '',
  clearPassword: false,
  base_dn: l.base_dn,
  user_attribute: l.user_attribute,
  timeout_seconds: String(l.timeout_seconds),
});

export const LDAP_TIMEOUT_MSG = `The time-out is a whole number of seconds from 1 to ${LDAP_TIMEOUT_MAX_SECONDS}.`;

/** The LDAP settings a save or a test sends, or the form's first problem (its field as the server names it). */
export function ldapWriteOf(v: LdapFormValues): { ldap: LdapSettingsWrite } | { problem: FieldProblem } {
  const timeout = Number(v.timeout_seconds);
  if (!/^\d+$/.test(v.timeout_seconds.trim()) || timeout < 1 || timeout > LDAP_TIMEOUT_MAX_SECONDS)
    return { problem: { field: 'ldap.timeout_seconds', message: LDAP_TIMEOUT_MSG } };
  const ldap: LdapSettingsWrite = {
    enabled: v.enabled,
    url: v.url.trim(),
    bind_dn: v.bind_dn.trim(),
    base_dn: v.base_dn.trim(),
    user_attribute: v.user_attribute.trim(),
    timeout_seconds: timeout,
    ...(v.clearPassword
      ? { bind_password: '' }
      : v.bind_password !== ''
        ? { bind_password: v.bind_password }
        : {}),
  };
  const problem = ldapSettingsProblem(ldap);
  return problem ? { problem } : { ldap };
}

/** The stored LDAP settings as a save sends them unchanged (no password: the stored one stays). */
export const ldapKept = (l: LdapSettings): LdapSettingsWrite => ({
  enabled: l.enabled,
  url: l.url,
  bind_dn: l.bind_dn,
  base_dn: l.base_dn,
  user_attribute: l.user_attribute,
  timeout_seconds: l.timeout_seconds,
});

/** The identity providers as read, kept by entity id. */
export const idpsKept = (s: AuthSettingsV2): IdpEntryWrite[] =>
  s.idps.map((i) => ({ entity_id: i.entity_id }));

/** A v2 save of what was read with some parts changed. */
export function authSaveOf(s: AuthSettingsV2, change: Partial<AuthSettingsV2Write>): AuthSettingsV2Write {
  return { sso_enabled: s.sso_enabled, idps: idpsKept(s), ldap: ldapKept(s.ldap), ...change };
}

/**
 * The list after an upload: with multiple_idp the new one is added (or replaces the one of its
 * entity id, which the server reads from the metadata), else it replaces the list.
 */
export function idpsAfterUpload(s: AuthSettingsV2, metadata: string, multiple: boolean): IdpEntryWrite[] {
  return multiple ? [...idpsKept(s), { metadata }] : [{ metadata }];
}

/** The ranges as typed: one per line (or separated by commas), blanks dropped. */
export const rangesOf = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((r) => r.trim())
    .filter(Boolean);

/** The form's problem before a save (the server checks the ranges themselves), or null. */
export function accessControlProblem(a: AdminAccessControl): FieldProblem | null {
  if (a.allowed_ranges.length > ACCESS_RANGES_MAX)
    return { field: 'allowed_ranges', message: ADMIN_ACCESS_CONTROL_MSGS.tooManyRanges };
  if (a.enabled && a.allowed_ranges.length === 0)
    return { field: 'allowed_ranges', message: ADMIN_ACCESS_CONTROL_MSGS.rangesRequired };
  if (a.enabled && a.allowed_methods.length === 0)
    return { field: 'allowed_methods', message: ADMIN_ACCESS_CONTROL_MSGS.methodsRequired };
  return null;
}

export const ADMIN_METHOD_LABELS: Record<AdminSignInMethod, string> = {
  password: 'Password',
  sso: 'Single sign-on',
  api_token: 'API tokens',
};
