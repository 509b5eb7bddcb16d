/**
 * Test data for every row of the policy-kind registry (issue 12): a valid document that is not
 * the kind's defaults, and documents a save must refuse, each with the field the 400 names (the
 * schema's dotted path, e.g. data.list.0.action, or the check's). The per-kind API test
 * (server/src/policy/policyKindsEveryKind.test.ts) saves and reads back each one; editors' tests
 * may start from them.
 *
 * Read-only rows have no save: their `valid` is a document the read could answer (for a view:
 * exactly what it answers once the viewed kind's example is saved), and no invalid ones.
 */
import type { PolicyData, PolicyKind } from '../api/contract/policyKinds';

export interface InvalidKindExample {
  /** What is wrong, for the test's name. */
  why: string;
  data: unknown;
  /** The field the 400 reply names. */
  field: string;
}

export interface PolicyKindExample<K extends PolicyKind> {
  valid: PolicyData<K>;
  invalid: readonly InvalidKindExample[];
}

type Examples = { [K in PolicyKind]: PolicyKindExample<K> };

/**
 * A copy of `value` with `change` applied (examples derive their invalid variants from the valid
 * one). A JSON copy: the documents are JSON, and jsdom tests have no structuredClone.
 */
const variant = <T>(value: T, change: (copy: T) => void): T => {
  const copy = JSON.parse(JSON.stringify(value)) as T;
  change(copy);
  return copy;
};

const webRule = {
  id: 'block-gambling',
  name: 'Block gambling at work',
  enabled: true,
  action: 'block' as const,
  conditions: {
    domain: ['*.casino.example', 'bets.example'],
    categories: [12],
    groups: ['Staff'],
    source_ip_ranges: ['10.0.0.1-10.0.0.254'],
    uri: [{ match: 'regex' as const, value: '^/games/' }],
  },
  schedule: { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00', time_zone: 'Europe/Berlin' },
  comment: 'Works council agreement 2026',
};

const isolateNews = {
  id: 'isolate-news',
  name: 'Isolate news sites',
  enabled: true,
  action: 'safeview' as const,
  conditions: { categories: [33] },
};

/** A rule with every rule condition key (docs/policy.md §5). */
const everyCondition = {
  id: 'every-condition',
  name: 'Every condition',
  enabled: false,
  action: 'safeview_readonly' as const,
  conditions: {
    source_ips: ['192.168.10.7', '10.20.0.0/16'],
    dest_ips: ['203.0.113.0/24'],
    source_ip_ranges: ['10.0.0.1-10.0.0.254'],
    dest_ip_ranges: ['198.51.100.10-198.51.100.20'],
    browser: ['firefox' as const, 'edge' as const],
    user_agent: [{ match: 'contains' as const, value: 'Mobile' }],
    threats: ['malware'],
    categories: [12],
    geo_ip: ['FR'],
    uri: [{ match: 'starts_with' as const, value: 'https://files.example/' }],
    domain: ['files.example'],
    fileTypes: ['exe'],
    entities: ['carol@acme.example', 'globex.example'],
  },
};

/** A rule for the documents whose rules carry their own fields beside the web rules' conditions. */
const scoped = { id: 'finance', name: 'Finance team', enabled: true, conditions: { groups: ['Finance'] } };

const bnbStage = {
  list: [
    {
      id: 'old-ie',
      name: 'Old Internet Explorer',
      enabled: true,
      browser: 'internet_explorer' as const,
      action: 'block' as const,
    },
    {
      id: 'old-chrome',
      name: 'Chrome before 120',
      enabled: true,
      browser: 'chrome' as const,
      min_version: '120',
      action: 'safeview' as const,
    },
  ],
  unsupported_or_non_browsers: 'block' as const,
};

const inspectionException = {
  ...scoped,
  id: 'trusted-build',
  name: 'Trusted build artefacts',
  action: 'allow' as const,
  conditions: { domain: ['artifacts.acme.example'] },
  sha256: ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
};

const webGlobal = { pre: [webRule], post: [isolateNews] };
const inspectionGlobal = { pre: [], post: [inspectionException] };
const globalBnb = { pre: bnbStage, post: { list: [], unsupported_or_non_browsers: 'safeview' as const } };

const accessPolicy = {
  access_rules: [
    {
      id: 'eng-git',
      name: 'Engineers reach Git',
      enabled: true,
      users: ['dev.lead@acme.example'],
      groups: ['Engineering'],
      applications: ['git'],
      action: 'allow' as const,
      posture_checks: ['antivirus' as const, 'full_disk_encryption' as const],
      session: { mode: 'time' as const, duration: { value: 8, unit: 'hours' as const } },
    },
    {
      id: 'no-contractors-hr',
      name: 'No contractors in HR',
      enabled: true,
      users: [],
      groups: ['Contractors'],
      applications: ['hr-portal'],
      action: 'block' as const,
      posture_checks: [],
      session: { mode: 'none' as const },
    },
  ],
  applications: [
    {
      id: 'git',
      name: 'Git server',
      domains: ['git.corp.acme.example'],
      addresses: ['10.20.0.0/16'],
      protocol: 'tcp' as const,
      ports: ['22', '443'],
      cluster_id: 'frankfurt',
    },
    {
      id: 'hr-portal',
      name: 'HR portal',
      domains: [],
      addresses: ['10.30.1.5'],
      protocol: 'any' as const,
      ports: [],
      cluster_id: 'frankfurt',
    },
  ],
};

const clusters = {
  list: [
    {
      id: 'frankfurt',
      name: 'Frankfurt DC',
      region: 'eu-central-1',
      provisioning_key_lookup: { enabled: true, key_id: 'pk_frankfurt_01', max_connectors: 4 },
    },
    {
      id: 'oregon',
      name: 'Oregon DC',
      region: 'us-west-2',
      provisioning_key_lookup: { enabled: false, key_id: 'pk_oregon_01', max_connectors: 2 },
      description: 'Disaster recovery',
    },
  ],
};

const dlpRule = {
  ...scoped,
  id: 'cards-out',
  name: 'No card numbers out',
  direction: 'uploads' as const,
  action: 'block' as const,
  dictionaries: ['credit-cards', 'project-x'],
  logic: 'or' as const,
  auditors: ['ciso'],
  resources: ['upload' as const, 'form_post' as const],
  notify_user: true,
};

const page = (name: string) => ({
  enabled: true,
  title: `${name} – Acme IT`,
  message: 'Questions? Ask the service desk.',
  logo_url: 'https://cdn.acme.example/logo.png',
  contact_email: 'servicedesk@acme.example',
});

const customizationInvalid = (valid: { list: Array<{ page: string }> }): InvalidKindExample[] => [
  {
    why: 'a page listed twice',
    data: variant(valid, (d) => d.list.push({ ...d.list[0] })),
    field: `data.list.${valid.list.length}.page`,
  },
  {
    why: 'a logo that is not an http(s) URL',
    data: variant(valid, (d) => Object.assign(d.list[0], { logo_url: 'ftp://cdn.acme.example/logo.png' })),
    field: 'data.list.0.logo_url',
  },
  {
    why: 'an unknown page',
    data: variant(valid, (d) => Object.assign(d.list[0], { page: 'welcome' })),
    field: 'data.list.0.page',
  },
];

const appRulesExample = {
  appRules: [
    { ...scoped, profile_id: 'unsanctioned-storage', activities: ['upload', 'share'], action: 'block' },
  ],
  reorderingEvents: [],
} satisfies PolicyData<'casb/app_rules'>;

const profilesExample = {
  profiles: {
    list: [
      {
        id: 'sanctioned-storage',
        name: 'Company storage',
        type: 'sanctioned',
        apps: ['box'],
        tenant_restrictions: ['acme.box.example'],
      },
      {
        id: 'unsanctioned-storage',
        name: 'Other storage',
        type: 'unsanctioned',
        apps: ['dropbox', 'mega'],
        tenant_restrictions: [],
      },
    ],
  },
  domain_lists: [
    {
      id: 'file-sharing',
      name: 'File sharing sites',
      domains: ['sendspace.com', '*.mediafire.com'],
      ddl_url: 'https://lists.acme.example/unsanctioned.txt',
    },
  ],
} satisfies PolicyData<'casb/profiles'>;

const sslBumpV3Example = {
  list: [
    { id: 'bank', domain: '*.bank.example' },
    { id: 'health', category_id: 40, comment: 'Medical privacy' },
  ],
  integrations_list: ['zoom'],
  sslbump_v3: false,
} satisfies PolicyData<'v3/sslbump_bypass'>;

const ex = {
  portal_note: {
    valid: { note: 'Blocks gambling during working hours.' },
    invalid: [{ why: 'a note too long', data: { note: 'x'.repeat(501) }, field: 'data.note' }],
  },
  risks: {
    valid: {
      list: [
        { risk: 'G', action: 'allow' },
        { risk: 'Y', action: 'block' },
        { risk: 'R', action: 'block' },
      ],
      flash: true,
    },
    invalid: [
      {
        why: 'a risk level listed twice',
        data: {
          list: [
            { risk: 'G', action: 'allow' },
            { risk: 'G', action: 'block' },
          ],
          flash: false,
        },
        field: 'data.list.1.risk',
      },
      { why: 'a number for the flag', data: { list: [], flash: 1 }, field: 'data.flash' },
      {
        why: 'an email action for a risk level',
        data: { list: [{ risk: 'Y', action: 'email_entry_block' }], flash: false },
        field: 'data.list.0.action',
      },
    ],
  },
  cats: {
    valid: {
      list: [
        { category_id: 12, action: 'block' },
        { category_id: 33, action: 'safeview' },
      ],
    },
    invalid: [
      {
        why: 'category 0',
        data: { list: [{ category_id: 0, action: 'block' }] },
        field: 'data.list.0.category_id',
      },
      {
        why: 'a category listed twice',
        data: {
          list: [
            { category_id: 12, action: 'block' },
            { category_id: 12, action: 'allow' },
          ],
        },
        field: 'data.list.1.category_id',
      },
    ],
  },
  'web/exceptions': {
    valid: {
      list: [webRule, isolateNews, everyCondition],
      bypass: ['*.bank.example'],
      reorderingEvents: [{ rule_id: 'isolate-news', from: 0, to: 1 }],
    },
    invalid: [
      {
        why: 'a malformed domain in a condition',
        data: { list: [variant(webRule, (r) => (r.conditions.domain = ['exa mple.com']))], bypass: [] },
        field: 'data.list.0.conditions.domain.0',
      },
      {
        why: 'an unknown action',
        data: { list: [{ ...webRule, action: 'explode' }], bypass: [] },
        field: 'data.list.0.action',
      },
      { why: 'a malformed bypass domain', data: { list: [], bypass: ['-bank-'] }, field: 'data.bypass.0' },
      ...(
        [
          ['source_ips', ['10.0.0.1', '10.0.0.0/33']],
          ['source_ips', ['10.0.0.300']],
          ['dest_ips', ['203.0.113.0/24', 'files.example']],
          ['dest_ip_ranges', ['198.51.100.20-198.51.100.10']],
          ['browser', ['netscape']],
          ['entities', ['globex.example', 'carol@']],
        ] as const
      ).map(([key, values]) => ({
        why: `a malformed value in ${key}`,
        data: { list: [{ ...everyCondition, conditions: { [key]: values } }], bypass: [] },
        field: `data.list.0.conditions.${key}.${values.length - 1}`,
      })),
    ],
  },
  bnb: {
    valid: { pre: bnbStage, post: { list: [], unsupported_or_non_browsers: 'safeview' } },
    invalid: [
      {
        why: 'a rule id twice',
        data: variant({ pre: bnbStage, post: bnbStage }, (d) => (d.pre.list[1].id = 'old-ie')),
        field: 'data.pre.list.1.id',
      },
      {
        why: 'an unknown action for non-browsers',
        data: { pre: bnbStage, post: { list: [], unsupported_or_non_browsers: 'maybe' } },
        field: 'data.post.unsupported_or_non_browsers',
      },
    ],
  },
  'web/user_agents': {
    valid: {
      list: [
        {
          id: 'curl',
          name: 'Command-line clients',
          enabled: true,
          match: 'regex',
          value: '^curl/',
          action: 'block',
        },
      ],
    },
    invalid: [
      {
        why: 'a malformed pattern',
        data: {
          list: [{ id: 'curl', name: 'Curl', enabled: true, match: 'regex', value: '([', action: 'block' }],
        },
        field: 'data.list.0.value',
      },
    ],
  },
  'web/sha256': {
    valid: {
      list: [{ hash: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', action: 'block' }],
    },
    invalid: [
      {
        why: 'a hash in capitals',
        data: { list: [{ hash: 'ABC', action: 'block' }] },
        field: 'data.list.0.hash',
      },
    ],
  },
  'v3/sslbump_bypass': {
    valid: sslBumpV3Example,
    invalid: [
      {
        why: 'both a domain and a category',
        data: {
          list: [{ id: 'x', domain: 'bank.example', category_id: 40 }],
          integrations_list: [],
          sslbump_v3: true,
        },
        field: 'data.list.0.domain',
      },
    ],
  },
  sslbump_bypass: {
    valid: {
      list: [
        { id: 'health', category_id: 40 },
        { id: 'payroll', domain: 'payroll.example' },
      ],
    },
    invalid: [
      {
        why: 'a malformed domain',
        data: { list: [{ id: 'x', domain: 'pay roll.example' }] },
        field: 'data.list.0.domain',
      },
      {
        why: 'an entry id twice',
        data: {
          list: [
            { id: 'x', category_id: 1 },
            { id: 'x', category_id: 2 },
          ],
        },
        field: 'data.list.1.id',
      },
    ],
  },
  copy_paste: {
    valid: {
      copy_paste_policy: {
        copy: 'block',
        paste: 'allow',
        max_characters: 5000,
        rules: [{ ...scoped, copy: 'allow', paste: 'allow' }],
      },
    },
    invalid: [
      {
        why: 'no characters allowed',
        data: { copy_paste_policy: { copy: 'block', paste: 'allow', max_characters: 0, rules: [] } },
        field: 'data.copy_paste_policy.max_characters',
      },
      {
        why: 'a schedule ending before it starts',
        data: {
          copy_paste_policy: {
            copy: 'block',
            paste: 'allow',
            max_characters: 10,
            rules: [
              {
                ...scoped,
                copy: 'allow',
                paste: 'allow',
                schedule: { days: [1], from: '18:00', to: '08:00', time_zone: 'UTC' },
              },
            ],
          },
        },
        field: 'data.copy_paste_policy.rules.0.schedule.to',
      },
    ],
  },
  watermark: {
    valid: {
      watermark: {
        enabled: true,
        text: 'Confidential – {email} {date} {time}',
        opacity: 20,
        font_size: 14,
        color: '#C00000',
        rules: [{ ...scoped, conditions: { domain: ['*.sharepoint.example'] } }],
      },
    },
    invalid: [
      {
        why: 'an unknown placeholder',
        data: {
          watermark: {
            enabled: true,
            text: '{password}',
            opacity: 20,
            font_size: 14,
            color: '#C00000',
            rules: [],
          },
        },
        field: 'data.watermark.text',
      },
      {
        why: 'a colour by name',
        data: {
          watermark: { enabled: true, text: 'x', opacity: 20, font_size: 14, color: 'red', rules: [] },
        },
        field: 'data.watermark.color',
      },
    ],
  },
  'bf/web': {
    valid: {
      browsing_forensics: {
        enabled: true,
        // The demo's Standard capture (server/src/seed/demoSettings.ts): a rule names a stored profile.
        rules: [{ ...scoped, profile_id: 'c2b7e5a1-9d3f-4e8a-b6c4-5f0a1d2e3b44' }],
      },
    },
    invalid: [
      {
        why: 'a profile id that is not a uuid',
        data: { browsing_forensics: { enabled: true, rules: [{ ...scoped, profile_id: 'default' }] } },
        field: 'data.browsing_forensics.rules.0.profile_id',
      },
    ],
  },
  bandwidth: {
    valid: {
      bandwidth: {
        rules: [
          { ...scoped, direction: 'downloads', limit_kbps: 2048 },
          { ...scoped, id: 'guests', name: 'Guests', direction: 'all', daily_quota_mb: 500 },
        ],
      },
      reorderingEvents: [{ rule_id: 'guests', from: 0, to: 1 }],
    },
    invalid: [
      {
        why: 'neither a limit nor a quota',
        data: { bandwidth: { rules: [{ ...scoped, direction: 'all' }] } },
        field: 'data.bandwidth.rules.0.limit_kbps',
      },
      {
        why: 'an unknown direction',
        data: { bandwidth: { rules: [{ ...scoped, direction: 'sideways', limit_kbps: 100 }] } },
        field: 'data.bandwidth.rules.0.direction',
      },
    ],
  },
  'web/global_exceptions': {
    valid: webGlobal,
    invalid: [
      {
        why: 'a malformed source address',
        data: { pre: [variant(webRule, (r) => (r.conditions.source_ip_ranges = ['10.0.0.300']))], post: [] },
        field: 'data.pre.0.conditions.source_ip_ranges.0',
      },
      { why: 'a missing post list', data: { pre: [] }, field: 'data.post' },
    ],
  },
  'inspection/global_exceptions': {
    valid: inspectionGlobal,
    invalid: [
      {
        why: 'an action that is no inspection action',
        data: { pre: [], post: [{ ...inspectionException, action: 'quarantine' }] },
        field: 'data.post.0.action',
      },
    ],
  },
  global_bnb: {
    valid: globalBnb,
    invalid: [
      {
        why: 'a rule id twice',
        data: variant(globalBnb, (d) => (d.pre.list[1].id = 'old-ie')),
        field: 'data.pre.list.1.id',
      },
    ],
  },
  'web/parent_global_exceptions': { valid: webGlobal, invalid: [] },
  'inspection/parent_global_exceptions': { valid: inspectionGlobal, invalid: [] },
  parent_global_bnb: { valid: globalBnb, invalid: [] },
  'safemail/whitelist': {
    valid: {
      list: [
        { id: 'partner', type: 'domain', value: 'partner.example' },
        { id: 'ceo', type: 'email', value: 'ceo@supplier.example', comment: 'Signs the contracts' },
        { id: 'relay', type: 'ip', value: '203.0.113.10' },
      ],
    },
    invalid: [
      {
        why: 'a malformed address',
        data: { list: [{ id: 'a', type: 'email', value: 'ceo.supplier' }] },
        field: 'data.list.0.value',
      },
      {
        why: 'an unknown entry type',
        data: { list: [{ id: 'a', type: 'phone', value: '555' }] },
        field: 'data.list.0.type',
      },
    ],
  },
  'safemail/mobile': {
    valid: {
      list: [
        {
          id: 'ios',
          name: 'Phones open links isolated',
          enabled: true,
          platforms: ['ios', 'android'],
          senders: [],
          action: 'safeview',
        },
        {
          id: 'vendor',
          name: 'Vendor portal direct',
          enabled: true,
          platforms: ['ios'],
          senders: ['vendor.example', 'ops@vendor.example'],
          action: 'allow',
        },
      ],
    },
    invalid: [
      {
        why: 'a malformed sender',
        data: {
          list: [
            {
              id: 'x',
              name: 'X',
              enabled: true,
              platforms: ['ios'],
              senders: ['bad..example'],
              action: 'allow',
            },
          ],
        },
        field: 'data.list.0.senders.0',
      },
      {
        why: 'no platform',
        data: { list: [{ id: 'x', name: 'X', enabled: true, platforms: [], senders: [], action: 'allow' }] },
        field: 'data.list.0.platforms',
      },
    ],
  },
  'safemail/config': {
    valid: {
      config: {
        rewrite_links: true,
        isolate_attachments: false,
        external_banner: true,
        fail_open: false,
        link_expiry_days: 90,
      },
      quarantine_spec: {
        enabled: true,
        retention_days: 14,
        release_by: 'recipient',
        digest_frequency_ms: 3600000,
      },
      safemail_url_obfuscation: { enabled: true, show_original_domain: false },
    },
    invalid: [
      {
        why: 'a digest frequency that is none of the frequencies',
        data: {
          config: {
            rewrite_links: true,
            isolate_attachments: true,
            external_banner: true,
            fail_open: true,
            link_expiry_days: 90,
          },
          quarantine_spec: {
            enabled: true,
            retention_days: 14,
            release_by: 'admin',
            digest_frequency_ms: 1000,
          },
          safemail_url_obfuscation: { enabled: true, show_original_domain: false },
        },
        field: 'data.quarantine_spec.digest_frequency_ms',
      },
      {
        why: 'no quarantine settings',
        data: {
          config: {
            rewrite_links: true,
            isolate_attachments: true,
            external_banner: true,
            fail_open: true,
            link_expiry_days: 90,
          },
          safemail_url_obfuscation: { enabled: true, show_original_domain: false },
        },
        field: 'data.quarantine_spec',
      },
    ],
  },
  'safemail/phish_targets': {
    valid: {
      list: [
        {
          id: 'cfo',
          email: 'cfo@acme.example',
          name: 'Chief Financial Officer',
          comment: 'Approves payments',
        },
      ],
    },
    invalid: [
      {
        why: 'a malformed address',
        data: { list: [{ id: 'cfo', email: 'cfo@', name: 'CFO' }] },
        field: 'data.list.0.email',
      },
      {
        why: 'an address twice',
        data: {
          list: [
            { id: 'a', email: 'cfo@acme.example', name: 'A' },
            { id: 'b', email: 'cfo@acme.example', name: 'B' },
          ],
        },
        field: 'data.list.1.email',
      },
    ],
  },
  'safemail/isolation': {
    valid: {
      list: [
        {
          id: 'finance-links',
          name: 'Finance opens every link isolated',
          enabled: true,
          senders: [],
          recipients: ['ap@acme.example'],
          categories: [],
          action: 'safeview',
        },
      ],
      safemail_classification: [
        { classification: 'trusted', action: 'allow' },
        { classification: 'unknown', action: 'block' },
      ],
      reorderingEvents: [],
    },
    invalid: [
      {
        why: 'a classification twice',
        data: {
          list: [],
          safemail_classification: [
            { classification: 'unknown', action: 'allow' },
            { classification: 'unknown', action: 'block' },
          ],
        },
        field: 'data.safemail_classification.1.classification',
      },
      {
        why: 'a malformed recipient',
        data: {
          list: [
            {
              id: 'x',
              name: 'X',
              enabled: true,
              senders: [],
              recipients: ['accounts'],
              categories: [],
              action: 'allow',
            },
          ],
          safemail_classification: [],
        },
        field: 'data.list.0.recipients.0',
      },
    ],
  },
  'safemail/smtp_users': {
    valid: {
      identitySourceLists: [
        {
          id: 'corp-ad',
          name: 'Corporate AD',
          type: 'azure_ad',
          domains: ['acme.example', 'acme-corp.example'],
        },
      ],
      usersLists: [
        { id: 'shared', name: 'Shared mailboxes', users: ['info@acme.example', 'jobs@acme.example'] },
      ],
      tid: '',
    },
    invalid: [
      {
        why: "another tenant's id",
        data: { identitySourceLists: [], usersLists: [], tid: 'another-tenant' },
        field: 'data.tid',
      },
      {
        why: 'a malformed mail domain',
        data: {
          identitySourceLists: [{ id: 'ad', name: 'AD', type: 'ldap', domains: ['acme'] }],
          usersLists: [],
          tid: '',
        },
        field: 'data.identitySourceLists.0.domains.0',
      },
    ],
  },
  'smtp/attachments': {
    valid: {
      content_types: [
        { id: 'pdf', name: 'PDF documents', extensions: ['pdf'], mime_types: ['application/pdf'] },
        { id: 'cad', name: 'CAD drawings', extensions: ['dwg', 'dxf'], mime_types: [] },
      ],
      groups: [
        { id: 'engineering', name: 'Engineering files', content_types: ['cad', 'pdf'], action: 'allow' },
      ],
      plugins: [
        { id: 'reversinglabs', enabled: true, action_on_detection: 'remove' },
        { id: 'sandbox', enabled: false, action_on_detection: 'block' },
      ],
    },
    invalid: [
      {
        why: 'a group naming an unknown content type',
        data: {
          content_types: [{ id: 'pdf', name: 'PDF', extensions: ['pdf'], mime_types: [] }],
          groups: [{ id: 'g', name: 'G', content_types: ['pdf', 'cad'], action: 'block' }],
          plugins: [],
        },
        field: 'data.groups.0.content_types.1',
      },
      {
        why: 'an unknown plugin',
        data: {
          content_types: [],
          groups: [],
          plugins: [{ id: 'magic', enabled: true, action_on_detection: 'block' }],
        },
        field: 'data.plugins.0.id',
      },
    ],
  },
  dlp: {
    valid: { dlp: { rules: [dlpRule] } },
    invalid: [
      {
        why: 'no dictionary',
        data: { dlp: { rules: [{ ...dlpRule, dictionaries: [] }] } },
        field: 'data.dlp.rules.0.dictionaries',
      },
      {
        why: 'an action that is no DLP action',
        data: { dlp: { rules: [{ ...dlpRule, action: 'quarantine' }] } },
        field: 'data.dlp.rules.0.action',
      },
      {
        why: 'a rule id twice',
        data: { dlp: { rules: [dlpRule, dlpRule] } },
        field: 'data.dlp.rules.1.id',
      },
    ],
  },
  dlp_groups: {
    valid: {
      list: [{ id: 'finance', name: 'Finance', users: ['cfo@acme.example'], groups: ['Finance', 'Payroll'] }],
    },
    invalid: [
      {
        why: 'a malformed user',
        data: { list: [{ id: 'f', name: 'F', users: ['bob'], groups: [] }] },
        field: 'data.list.0.users.0',
      },
      {
        why: 'a name twice',
        data: {
          list: [
            { id: 'a', name: 'Finance', users: [], groups: [] },
            { id: 'b', name: 'Finance', users: [], groups: [] },
          ],
        },
        field: 'data.list.1.name',
      },
    ],
  },
  dlp_dicts: {
    valid: {
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
          id: 'project-x',
          name: 'Project X',
          source: 'custom',
          enabled: true,
          threshold: 1,
          patterns: [
            { match: 'contains', value: 'Project X' },
            { match: 'regex', value: 'PX-[0-9]{4}' },
          ],
          exceptions: [],
        },
      ],
    },
    invalid: [
      {
        why: 'a custom dictionary without patterns',
        data: {
          overrides: [
            {
              id: 'c',
              name: 'C',
              source: 'custom',
              enabled: true,
              threshold: 1,
              patterns: [],
              exceptions: [],
            },
          ],
        },
        field: 'data.overrides.0.patterns',
      },
      {
        why: 'a malformed pattern',
        data: {
          overrides: [
            {
              id: 'c',
              name: 'C',
              source: 'custom',
              enabled: true,
              threshold: 1,
              patterns: [{ match: 'regex', value: '[' }],
              exceptions: [],
            },
          ],
        },
        field: 'data.overrides.0.patterns.0.value',
      },
      {
        why: 'a threshold of 0',
        data: {
          overrides: [
            {
              id: 'c',
              name: 'C',
              source: 'predefined',
              enabled: true,
              threshold: 0,
              patterns: [],
              exceptions: [],
            },
          ],
        },
        field: 'data.overrides.0.threshold',
      },
    ],
  },
  dlp_auditors: {
    valid: {
      list: [
        {
          id: 'ciso',
          name: 'CISO office',
          email: 'ciso@acme.example',
          notify_on: ['block', 'log'],
          attach_file: false,
        },
      ],
    },
    invalid: [
      {
        why: 'a malformed address',
        data: {
          list: [{ id: 'a', name: 'A', email: 'ciso-at-acme', notify_on: ['block'], attach_file: false }],
        },
        field: 'data.list.0.email',
      },
      {
        why: 'nothing to be told of',
        data: {
          list: [{ id: 'a', name: 'A', email: 'ciso@acme.example', notify_on: [], attach_file: false }],
        },
        field: 'data.list.0.notify_on',
      },
    ],
  },
  'v3/casb/dlp/rules': { valid: { rules: [dlpRule] }, invalid: [] },
  'auditor_profiles/list': {
    valid: {
      list: [{ id: 'security', name: 'Security team', auditors: ['ciso'], description: 'Every block' }],
    },
    invalid: [
      {
        why: 'a profile without auditors',
        data: { list: [{ id: 'p', name: 'P', auditors: [] }] },
        field: 'data.list.0.auditors',
      },
      {
        why: 'a name twice',
        data: {
          list: [
            { id: 'a', name: 'Security', auditors: ['ciso'] },
            { id: 'b', name: 'Security', auditors: ['ciso'] },
          ],
        },
        field: 'data.list.1.name',
      },
    ],
  },
  'auditor_profiles/default': {
    valid: { profile_id: 'security' },
    invalid: [
      { why: 'an id with spaces', data: { profile_id: 'the security team' }, field: 'data.profile_id' },
    ],
  },
  'auditor_profiles/file_password': {
    valid: { enabled: true, password: 'Zip-me-2026!' },
    invalid: [
      {
        why: 'protection on without a password long enough',
        data: { enabled: true, password: 'short' },
        field: 'data.password',
      },
      { why: 'an unknown field', data: { enabled: false, password: '', hint: 'x' }, field: 'data.hint' },
    ],
  },
  'casb/exceptions': {
    valid: { exceptions: { list: [{ ...scoped, apps: ['box', 'dropbox'], action: 'allow' }] } },
    invalid: [
      {
        why: 'no application',
        data: { exceptions: { list: [{ ...scoped, apps: [], action: 'allow' }] } },
        field: 'data.exceptions.list.0.apps',
      },
    ],
  },
  'casb/app_discovery': {
    valid: { app_discovery: { enabled: false, hidden_apps: ['zoom'] } },
    invalid: [
      {
        why: 'a hidden app that is no app id',
        data: { app_discovery: { enabled: true, hidden_apps: ['Not An Id'] } },
        field: 'data.app_discovery.hidden_apps.0',
      },
    ],
  },
  'casb/app_rules': {
    valid: appRulesExample,
    invalid: [
      {
        why: 'an unknown activity',
        data: { appRules: [{ ...scoped, profile_id: 'p', activities: ['teleport'], action: 'block' }] },
        field: 'data.appRules.0.activities.0',
      },
    ],
  },
  'casb/profiles': {
    valid: profilesExample,
    invalid: [
      {
        why: 'a malformed domain in an unsanctioned domain list',
        data: {
          profiles: { list: [] },
          domain_lists: [{ id: 'l', name: 'L', domains: ['ok.example', 'not a domain'] }],
        },
        field: 'data.domain_lists.0.domains.1',
      },
      {
        why: 'a domain list published at a plain-http URL',
        data: {
          profiles: { list: [] },
          domain_lists: [{ id: 'l', name: 'L', domains: [], ddl_url: 'http://lists.example/x' }],
        },
        field: 'data.domain_lists.0.ddl_url',
      },
      {
        why: 'a type that is no profile type',
        data: {
          profiles: {
            list: [{ id: 'p', name: 'P', type: 'trusted', apps: ['box'], tenant_restrictions: [] }],
          },
        },
        field: 'data.profiles.list.0.type',
      },
      {
        why: 'a malformed tenant domain',
        data: {
          profiles: {
            list: [
              { id: 'p', name: 'P', type: 'sanctioned', apps: ['box'], tenant_restrictions: ['acme box'] },
            ],
          },
        },
        field: 'data.profiles.list.0.tenant_restrictions.0',
      },
    ],
  },
  'profiles/app_links': {
    valid: {
      list: [
        {
          id: 'acme-wiki',
          name: 'Hosted wiki',
          app_id: 'confluence',
          domains: ['wiki.acme.example', '*.atlassian.example'],
        },
      ],
    },
    invalid: [
      {
        why: 'a malformed domain',
        data: { list: [{ id: 'w', name: 'W', app_id: 'confluence', domains: ['wiki acme'] }] },
        field: 'data.list.0.domains.0',
      },
      {
        why: 'an application id in capitals',
        data: { list: [{ id: 'w', name: 'W', app_id: 'Confluence', domains: ['wiki.acme.example'] }] },
        field: 'data.list.0.app_id',
      },
    ],
  },
  egress_policy: {
    valid: {
      egress_policy: {
        rules: [
          {
            ...scoped,
            id: 'm365-tenant',
            name: 'Only our Microsoft 365 tenant',
            conditions: { domain: ['login.microsoftonline.example'] },
            headers: [
              { name: 'Restrict-Access-To-Tenants', action: 'insert', value: 'acme.example' },
              { name: 'X-Forwarded-For', action: 'remove' },
            ],
          },
        ],
      },
    },
    invalid: [
      {
        why: 'a header no rule may change',
        data: {
          egress_policy: {
            rules: [{ ...scoped, headers: [{ name: 'Host', action: 'insert', value: 'x' }] }],
          },
        },
        field: 'data.egress_policy.rules.0.headers.0.name',
      },
      {
        why: 'a value for a removed header',
        data: {
          egress_policy: {
            rules: [{ ...scoped, headers: [{ name: 'X-Debug', action: 'remove', value: '1' }] }],
          },
        },
        field: 'data.egress_policy.rules.0.headers.0.value',
      },
    ],
  },
  'inspection/exceptions': {
    valid: { list: [inspectionException], bypass: ['updates.vendor.example'] },
    invalid: [
      {
        why: 'a malformed hash',
        data: { list: [{ ...inspectionException, sha256: ['abc'] }], bypass: [] },
        field: 'data.list.0.sha256.0',
      },
      {
        why: 'a malformed bypass domain',
        data: { list: [], bypass: ['not a domain'] },
        field: 'data.bypass.0',
      },
    ],
  },
  inspection: {
    valid: {
      contentInspection: {
        enabled: true,
        direction: 'uploadsAndDownloads',
        inspection_types: ['file', 'hash', 'document'],
        max_file_size_mb: 100,
        oversize_action: 'block',
        timeout_seconds: 120,
        timeout_action: 'block',
        encrypted_action: 'block',
      },
    },
    invalid: [
      {
        why: 'no inspection type',
        data: {
          contentInspection: {
            enabled: true,
            direction: 'all',
            inspection_types: [],
            max_file_size_mb: 100,
            oversize_action: 'block',
            timeout_seconds: 120,
            timeout_action: 'block',
            encrypted_action: 'block',
          },
        },
        field: 'data.contentInspection.inspection_types',
      },
      {
        why: 'a timeout too short',
        data: {
          contentInspection: {
            enabled: true,
            direction: 'all',
            inspection_types: ['file'],
            max_file_size_mb: 100,
            oversize_action: 'block',
            timeout_seconds: 1,
            timeout_action: 'block',
            encrypted_action: 'block',
          },
        },
        field: 'data.contentInspection.timeout_seconds',
      },
    ],
  },
  content: {
    valid: {
      list: [{ ...scoped, direction: 'downloads', file_types: ['exe', 'msi'], action: 'block', cdr: false }],
    },
    invalid: [
      {
        why: 'an extension with its dot',
        data: {
          list: [{ ...scoped, direction: 'downloads', file_types: ['.exe'], action: 'block', cdr: false }],
        },
        field: 'data.list.0.file_types.0',
      },
    ],
  },
  runtime_analysis: {
    valid: {
      runtimeAnalysis: {
        risk_level: 'custom',
        custom_threshold: 70,
        file_types: ['exe', 'dll', 'js'],
        max_file_size_mb: 64,
        timeout_seconds: 180,
        timeout_action: 'block',
      },
    },
    invalid: [
      {
        why: 'custom without its threshold',
        data: {
          runtimeAnalysis: {
            risk_level: 'custom',
            file_types: ['exe'],
            max_file_size_mb: 64,
            timeout_seconds: 180,
            timeout_action: 'block',
          },
        },
        field: 'data.runtimeAnalysis.custom_threshold',
      },
      {
        why: 'an unknown risk level',
        data: {
          runtimeAnalysis: {
            risk_level: 'paranoid',
            file_types: ['exe'],
            max_file_size_mb: 64,
            timeout_seconds: 180,
            timeout_action: 'block',
          },
        },
        field: 'data.runtimeAnalysis.risk_level',
      },
    ],
  },
  'v4/docs': {
    valid: {
      list: [
        {
          ...scoped,
          direction: 'downloads',
          file_types: ['pdf', 'docx'],
          action: 'safeview_readonly',
          allow_download: false,
          allow_print: true,
          password_protected: 'prompt',
        },
      ],
    },
    invalid: [
      {
        why: 'an unknown handling of protected files',
        data: {
          list: [
            {
              ...scoped,
              direction: 'downloads',
              file_types: ['pdf'],
              action: 'safeview',
              allow_download: false,
              allow_print: true,
              password_protected: 'ask',
            },
          ],
        },
        field: 'data.list.0.password_protected',
      },
    ],
  },
  'v4/content': {
    valid: {
      list: [
        {
          ...scoped,
          direction: 'uploads',
          content_types: [
            { name: 'Archives', entries: ['zip', '7z'] },
            { name: 'ICS Meeting Invitation', entries: [] },
          ],
          action: 'block',
        },
      ],
    },
    invalid: [
      {
        why: 'a content type twice in one rule',
        data: {
          list: [
            {
              ...scoped,
              direction: 'uploads',
              content_types: [
                { name: 'Archives', entries: [] },
                { name: 'Archives', entries: ['zip'] },
              ],
              action: 'block',
            },
          ],
        },
        field: 'data.list.0.content_types.1.name',
      },
    ],
  },
  'customization/web': {
    valid: {
      list: [
        { page: 'block', ...page('Blocked') },
        { page: 'isolate', ...page('Opened safely') },
      ],
    },
    invalid: customizationInvalid({ list: [{ page: 'block', ...page('Blocked') }] }),
  },
  'customization/email': {
    valid: { list: [{ page: 'external_banner', ...page('External sender') }] },
    invalid: customizationInvalid({ list: [{ page: 'external_banner', ...page('External sender') }] }),
  },
  'customization/dlp': {
    valid: { list: [{ page: 'upload_blocked', ...page('Upload blocked') }] },
    invalid: customizationInvalid({ list: [{ page: 'upload_blocked', ...page('Upload blocked') }] }),
  },
  'mpa/access_rules': {
    valid: { ...accessPolicy, reorderingEvents: [{ rule_id: 'no-contractors-hr', from: 0, to: 1 }] },
    invalid: [
      {
        why: 'a rule naming an unknown application',
        data: variant(accessPolicy, (d) => (d.access_rules[0].applications = ['wiki'])),
        field: 'data.access_rules.0.applications.0',
      },
      {
        why: 'a timed session without its duration',
        data: variant(accessPolicy, (d) => Object.assign(d.access_rules[0], { session: { mode: 'time' } })),
        field: 'data.access_rules.0.session.duration',
      },
      {
        why: 'an application without a domain or an address',
        data: variant(accessPolicy, (d) => (d.applications[1].addresses = [])),
        field: 'data.applications.1.domains',
      },
      {
        why: 'an unknown posture check',
        data: variant(accessPolicy, (d) => Object.assign(d.access_rules[0], { posture_checks: ['vibes'] })),
        field: 'data.access_rules.0.posture_checks.0',
      },
    ],
  },
  'mpa/application_list': { valid: { list: accessPolicy.applications }, invalid: [] },
  'mpa/app_catalogs': {
    valid: {
      list: [
        {
          id: 'engineering',
          name: 'Engineering tools',
          applications: ['git'],
          clusters: ['frankfurt', 'oregon'],
        },
      ],
    },
    invalid: [
      {
        why: 'a name twice',
        data: {
          list: [
            { id: 'a', name: 'Tools', applications: [], clusters: [] },
            { id: 'b', name: 'Tools', applications: [], clusters: [] },
          ],
        },
        field: 'data.list.1.name',
      },
    ],
  },
  'mpa/app_connector_clusters': {
    valid: clusters,
    invalid: [
      {
        why: 'a region connectors do not run in',
        data: variant(clusters, (d) => (d.list[0].region = 'mars-north-1' as 'eu-central-1')),
        field: 'data.list.0.region',
      },
      {
        why: 'a provisioning key shared by two clusters',
        data: variant(clusters, (d) => (d.list[1].provisioning_key_lookup.key_id = 'pk_frankfurt_01')),
        field: 'data.list.1.provisioning_key_lookup.key_id',
      },
    ],
  },
  'mpa/app_connector_cluster_list': {
    valid: { list: clusters.list.map((c) => ({ id: c.id, name: c.name, region: c.region })) },
    invalid: [],
  },
  'mpa/app_connector_aws_region': {
    valid: { list: [{ code: 'eu-central-1', label: 'Europe (Frankfurt)' }] },
    invalid: [],
  },
  'mpa/user_portal_url': { valid: { url: 'https://access.acme.example/' }, invalid: [] },
  'mpa/security_config': {
    valid: {
      require_client_certificate: true,
      min_tls_version: '1.3',
      reauth_hours: 12,
      idle_timeout_minutes: 30,
      end_on_posture_failure: true,
      log_allowed_connections: false,
    },
    invalid: [
      {
        why: 'a TLS version below 1.2',
        data: {
          require_client_certificate: true,
          min_tls_version: '1.0',
          reauth_hours: 12,
          idle_timeout_minutes: 30,
          end_on_posture_failure: true,
          log_allowed_connections: false,
        },
        field: 'data.min_tls_version',
      },
      {
        why: 'an idle timeout longer than the session',
        data: {
          require_client_certificate: false,
          min_tls_version: '1.2',
          reauth_hours: 1,
          idle_timeout_minutes: 90,
          end_on_posture_failure: true,
          log_allowed_connections: false,
        },
        field: 'data.idle_timeout_minutes',
      },
    ],
  },
  'fwaas/services': {
    valid: {
      list: [
        { id: 'rdp', name: 'Remote desktop', protocol: 'tcp', ports: ['3389'] },
        { id: 'ping', name: 'Ping', protocol: 'icmp', ports: [] },
      ],
    },
    invalid: [
      {
        why: 'ports for icmp',
        data: { list: [{ id: 'ping', name: 'Ping', protocol: 'icmp', ports: ['7'] }] },
        field: 'data.list.0.ports',
      },
      {
        why: 'a port range running backwards',
        data: { list: [{ id: 'web', name: 'Web', protocol: 'tcp', ports: ['8080-8000'] }] },
        field: 'data.list.0.ports.0',
      },
    ],
  },
  'fwaas/rules': {
    valid: {
      list: [
        {
          id: 'no-smb-out',
          name: 'No SMB to the internet',
          enabled: true,
          action: 'drop',
          request_type: 'internet',
          sources: ['10.0.0.0-10.255.255.255'],
          users: [],
          groups: [],
          destinations: [],
          domains: [],
          countries: [],
          services: ['smb'],
          log: true,
        },
      ],
    },
    invalid: [
      {
        why: 'a malformed source',
        data: {
          list: [
            {
              id: 'r',
              name: 'R',
              enabled: true,
              action: 'drop',
              request_type: 'internet',
              sources: ['10.0.0'],
              users: [],
              groups: [],
              destinations: [],
              domains: [],
              countries: [],
              services: [],
              log: true,
            },
          ],
        },
        field: 'data.list.0.sources.0',
      },
    ],
  },
  'fwaas/feeds': {
    valid: {
      list: [
        {
          id: 'abuse',
          name: 'Abuse IPs',
          url: 'https://feeds.example/abuse.txt',
          type: 'ip',
          refresh_minutes: 60,
          enabled: true,
        },
      ],
    },
    invalid: [
      {
        why: 'a feed address that is not http(s)',
        data: {
          list: [
            { id: 'f', name: 'F', url: 'file:///etc/passwd', type: 'ip', refresh_minutes: 60, enabled: true },
          ],
        },
        field: 'data.list.0.url',
      },
      {
        why: 'a refresh too often',
        data: {
          list: [
            {
              id: 'f',
              name: 'F',
              url: 'https://feeds.example/f',
              type: 'ip',
              refresh_minutes: 1,
              enabled: true,
            },
          ],
        },
        field: 'data.list.0.refresh_minutes',
      },
    ],
  },
  'cats/extension': {
    valid: { categories_85_to_88: { enable: true } },
    invalid: [
      {
        why: 'a text flag',
        data: { categories_85_to_88: { enable: 'yes' } },
        field: 'data.categories_85_to_88.enable',
      },
      {
        why: 'a missing switch',
        data: { categories_85_to_88: {} },
        field: 'data.categories_85_to_88.enable',
      },
    ],
  },
  // The views of other kinds: what they answer once the viewed kind's example is saved.
  'dlp/mpa/application_list': { valid: { list: accessPolicy.applications }, invalid: [] },
  'dlp/casb/app_rules': { valid: { appRules: appRulesExample.appRules }, invalid: [] },
  'dlp/casb/profiles': { valid: { profiles: profilesExample.profiles }, invalid: [] },
  'v2/sslbump_lists': {
    valid: { list: sslBumpV3Example.list, integrations_list: sslBumpV3Example.integrations_list },
    invalid: [],
  },
} satisfies Examples;

export const POLICY_KIND_EXAMPLES: Examples = ex;
