import { POLICY_PERMISSION_GROUPS } from '@workbench/common/vocabularies/policyGroups';
import { groupTabs } from './familyTabs';

/**
 * Each page's tabs come from the kinds' view rows (issue 32 point 1): the paths, their order and
 * their kinds are the ones the family tables held, so every deep link and test id stays.
 */
const EXPECTED: Record<string, ReadonlyArray<string>> = {
  web_policy: [
    'categories cats',
    'threats risks',
    'exceptions web/exceptions',
    'browsers bnb',
    'user-agents web/user_agents',
    'sha256 web/sha256',
    'ssl-bypass v3/sslbump_bypass',
    'copy-paste copy_paste',
    'watermark watermark',
    'forensics bf/web',
    'bandwidth bandwidth',
    'global-exceptions web/global_exceptions',
    'global-browsers global_bnb',
  ],
  email_policy: [
    'settings safemail/config',
    'allow-list safemail/whitelist',
    'link-isolation safemail/isolation',
    'mobile safemail/mobile',
    'phishing-targets safemail/phish_targets',
    'smtp-users safemail/smtp_users',
    'attachments smtp/attachments',
  ],
  dlp_policy: [
    'rules dlp',
    'dictionaries dlp_dicts',
    'groups dlp_groups',
    'auditors dlp_auditors',
    'profiles auditor_profiles/list',
    'cloud-apps v3/casb/dlp/rules',
  ],
  casb_policy: [
    'app-rules casb/app_rules',
    'exceptions casb/exceptions',
    'profiles casb/profiles',
    'domain-lists casb/profiles Unsanctioned domains',
    'app-links profiles/app_links',
    'discovery casb/app_discovery',
  ],
  egress_policy: ['rules egress_policy'],
  content_inspection: [
    'settings inspection',
    'exceptions inspection/exceptions',
    'file-types content',
    'file-types v4/content',
    'documents v4/docs',
    'runtime-analysis runtime_analysis',
    'global-exceptions inspection/global_exceptions',
    'global-exceptions inspection/parent_global_exceptions',
  ],
  fwaas: ['rules fwaas/rules', 'services fwaas/services', 'feeds fwaas/feeds'],
  private_access: [
    'access-rules mpa/access_rules',
    'applications mpa/access_rules Applications',
    'catalogs mpa/app_catalogs',
    'clusters mpa/app_connector_clusters',
    'security mpa/security_config',
  ],
  customization: ['web customization/web', 'email customization/email', 'dlp customization/dlp'],
};

it.each(POLICY_PERMISSION_GROUPS)("%s: the page's tabs are its kinds' view rows, in order", (group) => {
  expect(groupTabs(group).map((t) => [t.path, t.kind, t.tab].filter(Boolean).join(' '))).toEqual(
    EXPECTED[group],
  );
});

it('labels a tab with its view row, a second tab with its own label', () => {
  const casb = groupTabs('casb_policy');
  expect(casb.find((t) => t.path === 'app-rules')?.title).toBe('App rules');
  expect(casb.find((t) => t.path === 'domain-lists')?.title).toBe('Unsanctioned domains');
});
