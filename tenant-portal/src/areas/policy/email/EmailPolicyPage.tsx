import type { PageProps } from '../../../routes/routeModel';
import {
  PolicyFamilyPage,
  describeListError,
  familySections,
  groupTab,
  policySection,
  type FamilySection,
  type SectionEditorProps,
} from '../PolicyFamilyPage';
import { SettingsSection } from './SettingsSection';
import { AllowListSection } from './AllowListSection';
import { LinkIsolationSection } from './LinkIsolationSection';
import { PhishTargetsSection } from './PhishTargetsSection';
import { SmtpUsersSection } from './SmtpUsersSection';
import { AttachmentsSection } from './AttachmentsSection';
import { useEmailCategoryGroups } from './useEmailCategoryGroups';

const titled = (path: string) => groupTab('email_policy', path);

function LinkIsolation(props: SectionEditorProps<'safemail/isolation'>) {
  return <LinkIsolationSection {...props} groups={useEmailCategoryGroups()} />;
}

/** A 400 in the smtp users document names the list it is in. */
const describeSmtpUsersError = (path: string) =>
  describeListError('Identity source', 'identitySourceLists')(path) ??
  describeListError('Users list', 'usersLists')(path);

const describeAttachmentsError = (path: string) =>
  describeListError('Content type', 'content_types')(path) ??
  describeListError('Attachment group', 'groups')(path) ??
  describeListError('Scanning engine', 'plugins')(path);

/**
 * The Email Policy page's sections (issue 13; docs/policy.md §4 Policy), in its view rows' order,
 * each a document of the email family saved on its own.
 */
export const EMAIL_POLICY_SECTIONS: readonly FamilySection[] = familySections('email_policy', [
  policySection({ ...titled('settings'), kind: 'safemail/config', Editor: SettingsSection }),
  policySection({
    ...titled('allow-list'),
    kind: 'safemail/whitelist',
    Editor: AllowListSection,
    describeError: describeListError('Sender', 'list'),
  }),
  policySection({
    ...titled('link-isolation'),
    kind: 'safemail/isolation',
    Editor: LinkIsolation,
    describeError: describeListError('Rule', 'list'),
  }),
  policySection({
    ...titled('phishing-targets'),
    kind: 'safemail/phish_targets',
    Editor: PhishTargetsSection,
    describeError: describeListError('Target', 'list'),
  }),
  policySection({
    ...titled('smtp-users'),
    kind: 'safemail/smtp_users',
    Editor: SmtpUsersSection,
    describeError: describeSmtpUsersError,
  }),
  policySection({
    ...titled('attachments'),
    kind: 'smtp/attachments',
    Editor: AttachmentsSection,
    describeError: describeAttachmentsError,
  }),
]);

/**
 * The Email Policy page (issue 13; docs/sessions.md §6 policy row: email_policy, feature menlo_email):
 * a tab per section, deep-linkable as #/policy/email/<section>; `?rule=<id>` opens a rule. The
 * Attachments tab shows only with the attachments feature flag (docs/access.md §5); without it
 * #/policy/email/attachments is Not found, like any unknown section.
 */
export function EmailPolicyPage({ title }: PageProps) {
  return (
    <PolicyFamilyPage title={title} family="email" base="/policy/email" sections={EMAIL_POLICY_SECTIONS} />
  );
}
