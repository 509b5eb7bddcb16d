/**
 * Demo values of the service settings documents (common's settings documents registry,
 * docs/settings.md §9), by document and demo tenant name, stored as a save would store them (the
 * SMTP password kept, never answered). A tenant without a document's features gets none; a
 * document not seeded reads as the registry's defaults.
 */
import crypto from 'node:crypto';
import {
  SETTINGS_DOCUMENTS,
  type SettingsDocumentKey,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import {
  deriveFeatureFlags,
  missingFeatures,
} from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import { SETUP_PUBLISHER } from '@workbench/common/api/contract/policy';
import type { ConfigStore, TenantRecord } from '../store/ConfigStore';
import { makeSelfSignedCertificate, type SelfSignedOptions } from '../identity/certificates';

/** The demo tenants' CAs: CA certificates on an EC key, made at every first start in no time. */
export const DEMO_CA: SelfSignedOptions = { key: 'EC P-256', ca: true };

type Values = (now: Date) => Promise<Record<string, unknown>> | Record<string, unknown>;

export const DEMO_SERVICE_SETTINGS: Partial<Record<SettingsDocumentKey, Record<string, Values>>> = {
  web: {
    acme: () => ({
      service_hostname: 'safe.acme.example',
      http_port: 80,
      https_port: 443,
      proxy_port: 3128,
      idle_timeout_minutes: 30,
      admin_contact_email: 'it-help@acme.example',
      block_page_message:
        'This site is blocked by Acme policy. Ask the IT help desk if you need it for work.',
    }),
    globex: () => ({
      service_hostname: 'isolation.globex.example',
      http_port: 80,
      https_port: 443,
      proxy_port: 8080,
      idle_timeout_minutes: 60,
      admin_contact_email: 'helpdesk@globex.example',
      block_page_message: '',
    }),
  },
  ssl_bump: {
    // The tenant's own root, a real certificate the page shows as a PEM the server decoded.
    acme: async (now) => ({
      enabled: true,
      inspect_ports: ['443', '8443-8445'],
      bypass_hosts: ['online.bank.example', 'health.acme.example'],
      invalid_certificate_action: 'block',
      trusted_ca_certificates: (await makeSelfSignedCertificate('Acme Internal Root CA', now, 3650, DEMO_CA))
        .certificatePem,
    }),
  },
  safemail: {
    acme: () => ({
      enabled: true,
      mail_domains: ['acme.example', 'mail.acme.example'],
      listen_port: 25,
      next_hop_host: 'mx1.acme.example',
      next_hop_port: 25,
      require_tls: true,
      postmaster_email: 'postmaster@acme.example',
    }),
  },
  attachments: {
    acme: () => ({
      enabled: true,
      attachment_host: 'attachments.acme.example',
      max_attachment_size_mb: 25,
      scan_archives: true,
      archive_depth: 3,
      blocked_extensions: ['exe', 'scr', 'js'],
    }),
  },
  smtp: {
    acme: () => ({
      host: 'smtp.acme.example',
      port: 587,
      security: 'starttls',
      username: 'notifier@acme.example',
      password: crypto.randomBytes(18).toString('base64'),
      from_address: 'workbench@acme.example',
    }),
  },
  emails: {
    acme: () => ({
      admin_emails: ['ada.admin@acme.example', 'secops@acme.example'],
      alert_emails: ['secops@acme.example'],
      daily_summary: true,
    }),
  },
};

/** Writes each document's demo values for the demo tenants that have its features (first start). */
export async function seedDemoServiceSettings(
  store: Pick<ConfigStore, 'entities'>,
  tenants: readonly TenantRecord[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  for (const [name, byTenant] of Object.entries(DEMO_SERVICE_SETTINGS) as [
    SettingsDocumentKey,
    Record<string, Values>,
  ][]) {
    const def = SETTINGS_DOCUMENTS[name];
    for (const t of tenants) {
      const values = byTenant[t.name];
      if (!values || missingFeatures(def.features, deriveFeatureFlags(t.capabilities)).length > 0) continue;
      const data = { ...(await values(now)), updated_at: at, updated_by: SETUP_PUBLISHER };
      await store.entities.insert({
        entity: def.entity,
        id: t.tid,
        data,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
}
