/**
 * The Email Policy page's sections (issue 13; docs/policy.md §3 Policy: the safemail/* and
 * smtp/attachments kinds): one per document of the email family of the policy-kind registry,
 * each deep-linkable as #/policy/email/<path> and saved on its own. Attachments shows only with
 * the attachments feature flag (docs/access.md §5).
 */
import { familyTabs } from '../familyTabs';

export const EMAIL_SECTIONS = familyTabs([
  { path: 'settings', kind: 'safemail/config' },
  { path: 'allow-list', kind: 'safemail/whitelist' },
  { path: 'link-isolation', kind: 'safemail/isolation' },
  { path: 'mobile', kind: 'safemail/mobile' },
  { path: 'phishing-targets', kind: 'safemail/phish_targets' },
  { path: 'smtp-users', kind: 'safemail/smtp_users' },
  { path: 'attachments', kind: 'smtp/attachments' },
] as const);

export type EmailSectionPath = (typeof EMAIL_SECTIONS)[number]['path'];
