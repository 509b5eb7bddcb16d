/**
 * The Email Policy page's sections (issue 13; docs/policy.md §3 Policy: the safemail/* and
 * smtp/attachments kinds): one per document of the email family of the policy-kind registry,
 * each deep-linkable as #/policy/email/<path> and saved on its own. Attachments shows only with
 * the attachments feature flag (docs/access.md §5).
 */
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';

export interface EmailSection {
  path: string;
  title: string;
  /** The kind's registry row also names the feature flags the tab needs (policyKindFeatures). */
  kind: PolicyKind;
}

export const EMAIL_SECTIONS = [
  { path: 'settings', title: 'Settings & quarantine', kind: 'safemail/config' },
  { path: 'allow-list', title: 'Allowed senders', kind: 'safemail/whitelist' },
  { path: 'link-isolation', title: 'Link isolation', kind: 'safemail/isolation' },
  { path: 'mobile', title: 'Mobile devices', kind: 'safemail/mobile' },
  { path: 'phishing-targets', title: 'Phishing targets', kind: 'safemail/phish_targets' },
  { path: 'smtp-users', title: 'SMTP users & groups', kind: 'safemail/smtp_users' },
  { path: 'attachments', title: 'Attachments', kind: 'smtp/attachments' },
] as const satisfies readonly EmailSection[];

export type EmailSectionPath = (typeof EMAIL_SECTIONS)[number]['path'];
