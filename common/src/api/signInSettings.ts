/**
 * Sign-in settings calls (docs/settings.md §1 Tenant settings: auth v1 and v2, setting/saml,
 * admin_access_control, menloSamlSigningCert, decodeCert; the `ldap-test` extension). Shapes:
 * contract/signInSettings.ts, docs/sign-in-settings.md.
 */
import {
  SIGN_IN_SETTINGS_PATHS as PATHS,
  type AdminAccessControl,
  type AdminAccessControlReply,
  type AuthSettings,
  type AuthSettingsV2,
  type AuthSettingsV2Write,
  type AuthSettingsWrite,
  type CertificateInfo,
  type LdapTestBody,
  type LdapTestReply,
  type SamlSetting,
  type TenantIpRestrictions,
} from './contract/signInSettings';
import type { HttpClient } from './http';

export async function getAuthSettings(http: HttpClient): Promise<AuthSettings> {
  return (await http.get<AuthSettings>(PATHS.auth, { callName: 'getAuthSettings' })).data;
}

export async function saveAuthSettings(http: HttpClient, body: AuthSettingsWrite): Promise<AuthSettings> {
  return (await http.put<AuthSettings>(PATHS.auth, body, { callName: 'saveAuthSettings' })).data;
}

/** v2: every identity provider (multiple_idp), the first `limit`. */
export async function getAuthSettingsV2(http: HttpClient, limit?: number): Promise<AuthSettingsV2> {
  const params = limit === undefined ? undefined : { limit };
  return (await http.get<AuthSettingsV2>(PATHS.authV2, { callName: 'getAuthSettingsV2', params })).data;
}

export async function saveAuthSettingsV2(
  http: HttpClient,
  body: AuthSettingsV2Write,
): Promise<AuthSettingsV2> {
  return (await http.put<AuthSettingsV2>(PATHS.authV2, body, { callName: 'saveAuthSettingsV2' })).data;
}

export async function getSamlSetting(http: HttpClient): Promise<SamlSetting> {
  return (await http.get<SamlSetting>(PATHS.saml, { callName: 'getSamlSetting' })).data;
}

/** The service's SAML signing certificate as PEM text (to save as a file for the IdP). */
export async function getSamlSigningCertificate(http: HttpClient): Promise<string> {
  const r = await http.get<string>(PATHS.signingCert, {
    callName: 'getSamlSigningCertificate',
    responseType: 'text',
  });
  return r.data;
}

export async function decodeCertificate(http: HttpClient, cert: string): Promise<CertificateInfo> {
  return (await http.post<CertificateInfo>(PATHS.decodeCert, { cert }, { callName: 'decodeCertificate' }))
    .data;
}

export async function testLdapConnection(http: HttpClient, body: LdapTestBody): Promise<LdapTestReply> {
  return (await http.post<LdapTestReply>(PATHS.ldapTest, body, { callName: 'testLdapConnection' })).data;
}

export async function getAdminAccessControl(http: HttpClient): Promise<AdminAccessControlReply> {
  return (
    await http.get<AdminAccessControlReply>(PATHS.adminAccessControl, { callName: 'getAdminAccessControl' })
  ).data;
}

export async function saveAdminAccessControl(
  http: HttpClient,
  body: AdminAccessControl,
): Promise<AdminAccessControlReply> {
  return (
    await http.put<AdminAccessControlReply>(PATHS.adminAccessControl, body, {
      callName: 'saveAdminAccessControl',
    })
  ).data;
}

/** The provider's IP restrictions of the tenant, read-only (extension `ip-restrictions-read`). */
export async function getTenantIpRestrictions(http: HttpClient): Promise<TenantIpRestrictions> {
  return (await http.get<TenantIpRestrictions>(PATHS.ipRestrictions, { callName: 'getTenantIpRestrictions' }))
    .data;
}
