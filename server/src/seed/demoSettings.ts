/**
 * Demo rows of the tenant settings lists (common's tenant settings registry), by list and demo
 * tenant name: stored as a save would store them (write-only secrets kept, never answered). A
 * tenant without the list's features gets none.
 */
import crypto from 'node:crypto';
import {
  TENANT_SETTINGS_REGISTRY,
  type SettingsItem,
  type TenantSettingsList,
} from '@workbench/common/api/contract/tenantSettings';
import {
  deriveFeatureFlags,
  missingFeatures,
} from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import { SETUP_PUBLISHER } from '@workbench/common/api/contract/policy';
import type { ConfigStore, TenantRecord } from '../store/ConfigStore';
import { settingsEntity } from '../settings/settingsListRoutes';
import { decodeCertificate, makeSelfSignedCertificate } from '../identity/certificates';
import { DEMO_CA, seedDemoServiceSettings } from './demoServiceSettings';
import { seedDemoPac } from '../pac/demoPac';

/** Secrets of the providers' own formats (validate checks them), random per start. */
const awsSecret = () => crypto.randomBytes(30).toString('base64');
const azureKey = () => crypto.randomBytes(64).toString('base64');

const MANAGED_LAPTOPS = '0d6f3a9b-4c2e-4f81-9b7a-3e5c1d8f2a66';
const EU_STORAGE = '3f1c2a8e-5b7d-4c11-9a2e-7d5f1e0b6a01';
/** The spec's sample capture values (screenshots every 10 s, files 100 MB, payload 10 KB, post 100 KB). */
const SAMPLE_CAPTURE = {
  retain_bf_file: 'always',
  screenshot: { enabled: true, frequency: 10 },
  user_input: { keystrokes: false, clipboard: true, form_fields: false },
  files: { enabled: true, max_file_size_mb: 100 },
  network: { enabled: true, max_payload_kb: 10, max_post_kb: 100 },
};

/** A tenant's demo rows, made at first start (`now`: a certificate valid from then). */
type DemoRows = (now: Date) => SettingsItem[] | Promise<SettingsItem[]>;

/** acme's private-access CA: a real certificate, made at first start and decoded as a save would. */
async function demoPrivateAccessCa(now: Date): Promise<SettingsItem[]> {
  const { certificatePem } = await makeSelfSignedCertificate('Acme Private Access CA', now, 3650, DEMO_CA);
  const certificate = await decodeCertificate(certificatePem, now);
  return [
    {
      uuid: '7a4e2c91-3b5d-4f6a-8e1c-0d9b2f4a6c77',
      name: 'Acme Private Access CA',
      description: 'Signs the client certificates of managed laptops.',
      pem: certificate.pem,
      certificate,
    },
  ];
}

export const DEMO_SETTINGS: Record<TenantSettingsList, Record<string, DemoRows>> = {
  storage_profiles: {
    acme: () => [
      {
        uuid: EU_STORAGE,
        name: 'Forensics archive (EU)',
        description: 'Browsing-forensics captures of the EU offices, kept 400 days.',
        validated: false,
        limit_size: { enabled: true, max_size: 500, units: 'GB' },
        access_type: 'readwrite',
        storage_platform: {
          name: 'Amazon AWS',
          s3_bucket: 'acme-forensics-eu',
          key_id: 'AKIAQ3EGRX7PZ5KD2L4M',
          secret_key: awsSecret(),
          path: 'captures/eu',
        },
      },
      {
        uuid: '8a4e6c0d-2f19-4b3a-8e57-1c9d0f3b7e22',
        name: 'Legal hold',
        description: 'Read-only share the legal team reviews captures from.',
        validated: false,
        limit_size: { enabled: false, max_size: 10, units: 'GB' },
        access_type: 'read',
        storage_platform: {
          name: 'Microsoft Azure',
          account: 'acmelegalhold',
          share: 'forensics',
          storage_mode: 'file',
          secret_key: azureKey(),
          path: 'holds',
        },
      },
    ],
  },
  bf_profiles: {
    acme: () => [
      {
        uuid: 'c2b7e5a1-9d3f-4e8a-b6c4-5f0a1d2e3b44',
        name: 'Standard capture',
        description: 'Screenshots and files of isolated sessions, in the default storage.',
        capture_params: SAMPLE_CAPTURE,
        capture_indicator: { enabled: true },
        storage_default: true,
      },
      {
        uuid: '5e9d1c3b-7a2f-4b6e-8c0d-2a4f6b8d0e55',
        name: 'Investigations (EU)',
        description: 'Everything, kept until the user says otherwise, in the EU archive.',
        capture_params: {
          ...SAMPLE_CAPTURE,
          retain_bf_file: 'user_input',
          user_input: { keystrokes: true, clipboard: true, form_fields: true },
        },
        capture_indicator: { enabled: false },
        storage_default: false,
        storage_profile_id: EU_STORAGE,
      },
    ],
  },
  mpa_certificates: { acme: demoPrivateAccessCa },
  posture_profiles: {
    acme: () => [
      {
        uuid: MANAGED_LAPTOPS,
        name: 'Managed laptops',
        description: 'Company laptops: protected, encrypted and on a supported system.',
        logic: 'and',
        checks: [
          { check: 'antivirus', comparator: 'equal', values: [true] },
          { check: 'firewall', comparator: 'equal', values: [true] },
          { check: 'full_disk_encryption', comparator: 'equal', values: [true] },
          { check: 'os_version', comparator: 'inbetween', values: ['10.0.19045', '10.0.26100'] },
          { check: 'crowdstrike_zta', comparator: 'greater_than', values: [60] },
        ],
      },
      {
        uuid: '7b2e9c4d-1a5f-4e3b-8d6c-0f9a2b4c6e77',
        name: 'Contractor Macs',
        description: 'Either Gatekeeper or Safe Browsing on, macOS 14 or later.',
        logic: 'or',
        checks: [
          { check: 'gatekeeper', comparator: 'equal', values: [true] },
          { check: 'google_safe_browsing', comparator: 'equal', values: [true] },
          { check: 'os_version', comparator: 'greater_than', values: ['14'] },
        ],
      },
    ],
  },
  client_profiles: {
    acme: () => [
      {
        uuid: '2c8e4a6f-9b1d-4d3e-a5f7-6b0c8e2d4f88',
        name: 'Head office',
        description: 'Always-on client for managed laptops, checked before they connect.',
        connection_mode: 'always_on',
        fail_open: false,
        allow_user_disable: false,
        auto_update: true,
        posture_check: true,
        posture_profile_id: MANAGED_LAPTOPS,
      },
      {
        uuid: '9e1a3c5b-7d2f-4a8e-b0c6-4d2f6a8b0c99',
        name: 'Travelling staff',
        description: 'Connects on demand; goes direct when the service cannot be reached.',
        connection_mode: 'on_demand',
        fail_open: true,
        allow_user_disable: true,
        auto_update: true,
        posture_check: false,
      },
    ],
  },
};

/** Writes each list's demo rows for the demo tenants that have its features (first start). */
export async function seedDemoSettings(
  store: Pick<ConfigStore, 'entities'>,
  tenants: readonly TenantRecord[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  for (const [list, byTenant] of Object.entries(DEMO_SETTINGS) as [
    TenantSettingsList,
    Record<string, DemoRows>,
  ][]) {
    const def = TENANT_SETTINGS_REGISTRY[list];
    for (const t of tenants) {
      const items = byTenant[t.name];
      if (!items || missingFeatures(def.features, deriveFeatureFlags(t.capabilities)).length > 0) continue;
      const data = { [def.listField]: await items(now), updated_at: at, updated_by: SETUP_PUBLISHER };
      await store.entities.insert({
        entity: settingsEntity(list),
        id: t.tid,
        data,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  await seedDemoServiceSettings(store, tenants, now);
  await seedDemoPac(store, tenants, now);
}
