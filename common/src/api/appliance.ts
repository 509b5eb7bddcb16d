/**
 * An on-premises appliance's own calls (docs/appliances.md): its settings documents, time zones,
 * certificates (CA, service CSR, install), the settings export and import. Shapes:
 * contract/appliance/applianceSettings.ts.
 */
import {
  APPLIANCE_PATHS as PATHS,
  APPLIANCE_SETTINGS,
  type ApplianceSettingsKey,
  type CsrReply,
  type CsrRequest,
  type ExportedConfig,
  type TimezonesReply,
} from './contract/appliance/applianceSettings';
import type { CertificateInfo } from './contract/signInSettings';
import type { SettingsDocumentValue } from './contract/tenantSettingsDocuments';
import type { HttpClient } from './http';

export async function getApplianceDocument(
  http: HttpClient,
  key: ApplianceSettingsKey,
): Promise<SettingsDocumentValue> {
  return (
    await http.get<SettingsDocumentValue>(APPLIANCE_SETTINGS[key].path, {
      callName: `getApplianceDocument(${key})`,
    })
  ).data;
}

/** Replaces the document; `updated_at` (the one read) makes a save over a newer one a 409. */
export async function saveApplianceDocument(
  http: HttpClient,
  key: ApplianceSettingsKey,
  body: Record<string, unknown>,
): Promise<SettingsDocumentValue> {
  return (
    await http.put<SettingsDocumentValue>(APPLIANCE_SETTINGS[key].path, body, {
      callName: `saveApplianceDocument(${key})`,
    })
  ).data;
}

export async function getApplianceTimezones(http: HttpClient): Promise<TimezonesReply> {
  return (await http.get<TimezonesReply>(PATHS.timezones, { callName: 'getApplianceTimezones' })).data;
}

export async function getApplianceCa(http: HttpClient): Promise<CertificateInfo> {
  return (await http.get<CertificateInfo>(PATHS.caCert, { callName: 'getApplianceCa' })).data;
}

export async function reinitializeApplianceCa(http: HttpClient): Promise<CertificateInfo> {
  return (
    await http.post<CertificateInfo>(PATHS.caReinitialize, undefined, { callName: 'reinitializeApplianceCa' })
  ).data;
}

export async function generateServiceCsr(http: HttpClient, body: CsrRequest): Promise<CsrReply> {
  return (await http.post<CsrReply>(PATHS.serviceCsr, body, { callName: 'generateServiceCsr' })).data;
}

export async function installServiceCert(http: HttpClient, cert: string): Promise<CertificateInfo> {
  return (await http.put<CertificateInfo>(PATHS.serviceCert, { cert }, { callName: 'installServiceCert' }))
    .data;
}

/** The installed service certificate and the pending CSR (either null). */
export async function getSelfServiceCert(
  http: HttpClient,
): Promise<{ certificate: CertificateInfo | null; csr: CsrReply | null }> {
  return (
    await http.get<{ certificate: CertificateInfo | null; csr: CsrReply | null }>(PATHS.selfService, {
      callName: 'getSelfServiceCert',
    })
  ).data;
}

export async function exportApplianceSettings(http: HttpClient): Promise<ExportedConfig> {
  return (await http.get<ExportedConfig>(PATHS.exportedConfig, { callName: 'exportApplianceSettings' })).data;
}

export async function importApplianceSettings(
  http: HttpClient,
  file: unknown,
): Promise<{ imported: string[] }> {
  return (
    await http.put<{ imported: string[] }>(PATHS.exportedConfig, file, {
      callName: 'importApplianceSettings',
    })
  ).data;
}
