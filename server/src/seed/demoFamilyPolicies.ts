/**
 * The demo tenants' e-mail, DLP, cloud-app and private-access policy (issue 13: like the web
 * policy of demoWebPolicy.ts, a portal opened for the first time shows each family's page with a
 * policy an administrator would recognise rather than empty tables): documents of revision 1,
 * written by the demo seed for a tenant whose feature flags let it read them
 * (policyKindFeatures). Each one is valid against its registry row (demoSeed.test.ts checks).
 */
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';

const finance = { groups: ['Finance'] };

export const DEMO_FAMILY_POLICIES: {
  'safemail/config': PolicyData<'safemail/config'>;
  'safemail/whitelist': PolicyData<'safemail/whitelist'>;
  'safemail/isolation': PolicyData<'safemail/isolation'>;
  'safemail/phish_targets': PolicyData<'safemail/phish_targets'>;
  'smtp/attachments': PolicyData<'smtp/attachments'>;
  dlp_dicts: PolicyData<'dlp_dicts'>;
  dlp_auditors: PolicyData<'dlp_auditors'>;
  'auditor_profiles/list': PolicyData<'auditor_profiles/list'>;
  'auditor_profiles/default': PolicyData<'auditor_profiles/default'>;
  dlp: PolicyData<'dlp'>;
  'casb/profiles': PolicyData<'casb/profiles'>;
  'casb/app_rules': PolicyData<'casb/app_rules'>;
  'casb/exceptions': PolicyData<'casb/exceptions'>;
  'mpa/app_connector_clusters': PolicyData<'mpa/app_connector_clusters'>;
  'mpa/access_rules': PolicyData<'mpa/access_rules'>;
} = {
  // E-mail: links rewritten and opened isolated, a quarantine the recipient releases from.
  'safemail/config': {
    config: {
      rewrite_links: true,
      isolate_attachments: true,
      external_banner: true,
      fail_open: false,
      link_expiry_days: 30,
    },
    quarantine_spec: {
      enabled: true,
      retention_days: 30,
      release_by: 'recipient',
      digest_frequency_ms: 86400000,
    },
    safemail_url_obfuscation: { enabled: true, show_original_domain: true },
  },
  'safemail/whitelist': {
    list: [
      {
        id: 'payroll-provider',
        type: 'domain',
        value: 'payroll-provider.example',
        comment: 'Monthly payslips',
      },
      { id: 'auditors', type: 'email', value: 'engagement@auditors.example' },
    ],
  },
  'safemail/isolation': {
    list: [
      {
        id: 'finance-links',
        name: 'Accounts payable opens every link isolated',
        enabled: true,
        senders: [],
        recipients: ['ap@acme.example'],
        categories: [],
        action: 'safeview',
      },
    ],
    safemail_classification: [
      { classification: 'trusted', action: 'allow' },
      { classification: 'unknown', action: 'safeview' },
      { classification: 'suspicious', action: 'safeview' },
      { classification: 'malicious', action: 'block' },
      { classification: 'phishing', action: 'block' },
    ],
  },
  'safemail/phish_targets': {
    list: [
      { id: 'cfo', email: 'cfo@acme.example', name: 'Chief Financial Officer', comment: 'Approves payments' },
      { id: 'ceo', email: 'ceo@acme.example', name: 'Chief Executive Officer' },
    ],
  },
  'smtp/attachments': {
    content_types: [
      {
        id: 'office-macros',
        name: 'Office files with macros',
        extensions: ['docm', 'xlsm', 'pptm'],
        mime_types: [],
      },
      { id: 'executables', name: 'Executables', extensions: ['exe', 'msi', 'scr'], mime_types: [] },
    ],
    groups: [
      {
        id: 'block-executables',
        name: 'No executables by mail',
        content_types: ['executables'],
        action: 'block',
      },
    ],
    plugins: [
      { id: 'antivirus', enabled: true, action_on_detection: 'block' },
      { id: 'cdr', enabled: true, action_on_detection: 'remove' },
    ],
  },
  // DLP: card numbers and a project code name may not leave; the security team is told.
  dlp_dicts: {
    overrides: [
      {
        id: 'credit-cards',
        name: 'Credit card numbers',
        source: 'predefined',
        enabled: true,
        threshold: 3,
        patterns: [],
        exceptions: ['4111111111111111'],
      },
      {
        id: 'project-falcon',
        name: 'Project Falcon',
        source: 'custom',
        enabled: true,
        threshold: 1,
        patterns: [
          { match: 'contains', value: 'Project Falcon' },
          { match: 'regex', value: 'FLC-[0-9]{4}' },
        ],
        exceptions: [],
      },
    ],
  },
  dlp_auditors: {
    list: [
      {
        id: 'security-desk',
        name: 'Security desk',
        email: 'security@acme.example',
        notify_on: ['block'],
        attach_file: false,
      },
    ],
  },
  'auditor_profiles/list': {
    list: [
      {
        id: 'security',
        name: 'Security team',
        auditors: ['security-desk'],
        description: 'Every blocked upload',
      },
    ],
  },
  'auditor_profiles/default': { profile_id: 'security' },
  dlp: {
    dlp: {
      rules: [
        {
          id: 'cards-out',
          name: 'No card numbers in uploads',
          enabled: true,
          conditions: {},
          direction: 'uploads',
          action: 'block',
          dictionaries: ['credit-cards'],
          logic: 'or',
          auditors: ['security-desk'],
          resources: ['upload', 'form_post'],
          notify_user: true,
        },
        {
          id: 'falcon-log',
          name: 'Log Project Falcon outside Finance',
          enabled: true,
          conditions: {},
          direction: 'uploads',
          action: 'log',
          dictionaries: ['project-falcon'],
          logic: 'or',
          auditors: [],
          resources: ['upload'],
          notify_user: false,
        },
      ],
    },
  },
  // Cloud apps: company Box is sanctioned; personal storage is read-only; Finance keeps Dropbox.
  'casb/profiles': {
    profiles: {
      list: [
        {
          id: 'company-storage',
          name: 'Company storage',
          type: 'sanctioned',
          apps: ['box'],
          tenant_restrictions: [],
        },
        {
          id: 'personal-storage',
          name: 'Personal storage',
          type: 'unsanctioned',
          apps: ['dropbox', 'mega', 'wetransfer'],
          tenant_restrictions: [],
        },
      ],
    },
    domain_lists: [
      { id: 'file-sharing', name: 'File sharing sites', domains: ['sendspace.com', '*.mediafire.com'] },
    ],
  },
  'casb/app_rules': {
    appRules: [
      {
        id: 'no-personal-uploads',
        name: 'No uploads to personal storage',
        enabled: true,
        conditions: {},
        profile_id: 'personal-storage',
        activities: ['upload', 'share'],
        action: 'block',
      },
    ],
  },
  'casb/exceptions': {
    exceptions: {
      list: [
        {
          id: 'finance-dropbox',
          name: 'Finance shares with Dropbox',
          enabled: true,
          conditions: finance,
          apps: ['dropbox'],
          action: 'allow',
        },
      ],
    },
  },
  // Private access: the intranet and Git through the Frankfurt connectors.
  'mpa/app_connector_clusters': {
    list: [
      {
        id: 'frankfurt',
        name: 'Frankfurt data centre',
        region: 'eu-central-1',
        provisioning_key_lookup: { enabled: true, key_id: 'pk_frankfurt_demo', max_connectors: 4 },
      },
    ],
  },
  'mpa/access_rules': {
    access_rules: [
      {
        id: 'staff-intranet',
        name: 'Staff reach the intranet',
        enabled: true,
        users: [],
        groups: ['Staff'],
        applications: ['intranet'],
        action: 'allow',
        posture_checks: ['antivirus'],
        session: { mode: 'time', duration: { value: 8, unit: 'hours' } },
      },
      {
        id: 'engineers-git',
        name: 'Engineers reach Git',
        enabled: true,
        users: [],
        groups: ['Engineering'],
        applications: ['git'],
        action: 'allow',
        posture_checks: ['antivirus', 'full_disk_encryption'],
        session: { mode: 'session' },
      },
    ],
    applications: [
      {
        id: 'intranet',
        name: 'Intranet',
        domains: ['intranet.corp.acme.example'],
        addresses: [],
        protocol: 'tcp',
        ports: ['443'],
        cluster_id: 'frankfurt',
      },
      {
        id: 'git',
        name: 'Git server',
        domains: ['git.corp.acme.example'],
        addresses: ['10.20.0.0/16'],
        protocol: 'tcp',
        ports: ['22', '443'],
        cluster_id: 'frankfurt',
      },
    ],
  },
};
