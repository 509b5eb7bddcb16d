import { useCallback, useMemo, useState } from 'react';
import { emailPolicyIds } from '@workbench/common/test-ids/emailPolicyIds';
import { Stack } from '@mui/material';
import { usePolicyReference } from '@workbench/common';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { IDENTITY_SOURCE_TYPES } from '@workbench/common/api/contract/policy-kinds/emailKinds';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { EntryDialog } from '../web/EntryDialog';
import { TitledRuleTable } from '../web/RuleTable';
import { newRuleId, upsert } from '../web/listEdits';
import { useRuleLink } from '../web/useRuleLink';
import { domainKey, listError, nameError, splitValues } from './emailForm';
import { UsersListDialog, type MailUser, type UsersList } from './UsersListDialog';

export type SmtpUsersDoc = PolicyData<'safemail/smtp_users'>;
type Source = SmtpUsersDoc['identitySourceLists'][number];
type SourceType = (typeof IDENTITY_SOURCE_TYPES)[number];

const SOURCE_LABELS: Record<SourceType, string> = {
  ldap: 'LDAP / Active Directory',
  azure_ad: 'Microsoft Entra ID (Azure AD)',
  google: 'Google Workspace',
  okta: 'Okta',
  scim: 'SCIM',
};
const NO_USERS: readonly MailUser[] = [];
const NO_GROUPS: readonly string[] = [];

/**
 * SMTP users and groups (docs/policy.md §3 safemail/smtp_users: identitySourceLists, usersLists, tid):
 * the directories whose mailboxes the mail service protects, by mail domain, and explicit lists of
 * mailboxes picked from the tenant's mail users and groups (GET /smtp_users, /smtp_groups). `tid`
 * is kept as read (the server accepts the saver's own tenant only).
 */
export function SmtpUsersSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: {
  doc: SmtpUsersDoc;
  onChange: (d: SmtpUsersDoc) => void;
  readOnly: boolean;
  linkedKey?: string | null;
  onLinkOpened?: () => void;
}) {
  const [source, setSource] = useState<{ source: Source | null; id: string } | null>(null);
  const [usersList, setUsersList] = useState<{ list: UsersList | null; id: string } | null>(null);
  const usersRef = usePolicyReference('smtp_users');
  const groupsRef = usePolicyReference('smtp_groups');
  const users = usersRef.data?.users ?? NO_USERS;
  const groupNames = useMemo(() => groupsRef.data?.groups.map((g) => g.name) ?? NO_GROUPS, [groupsRef.data]);
  const directoryNote =
    usersRef.status === 'failed' || groupsRef.status === 'failed'
      ? `The directory could not be read (${usersRef.error?.message ?? groupsRef.error?.message ?? ''}); type addresses below.`
      : usersRef.data === null
        ? 'Reading the directory…'
        : users.length === 0
          ? 'The directory has no users yet; type addresses below.'
          : null;
  const findList = useCallback(
    (key: string) => {
      const list = doc.usersLists.find((l) => l.id === key);
      return list ? { list, id: list.id } : null;
    },
    [doc],
  );
  useRuleLink(linkedKey, findList, setUsersList, onLinkOpened);
  const sourceFields = [
    { name: 'name', label: 'Name', type: 'text' as const, validate: nameError },
    {
      name: 'type',
      label: 'Directory',
      type: 'select' as const,
      options: IDENTITY_SOURCE_TYPES.map((code) => ({ code, label: SOURCE_LABELS[code] })),
    },
    {
      name: 'domains',
      label: 'Mail domains (comma-separated)',
      type: 'text' as const,
      helperText: 'The domains whose mailboxes this directory lists, e.g. acme.example, eu.acme.example',
      validate: (v: string) =>
        listError(v, domainKey, { required: true, separator: 'commas', maxLength: 253 }),
    },
  ];
  return (
    <Stack spacing={3}>
      <TitledRuleTable<Source>
        title="Identity sources"
        addLabel="Add identity source"
        addTestId={`${webPolicyIds.ruleAdd}-identity-sources`}
        onAdd={() => setSource({ source: null, id: newRuleId() })}
        ids={emailPolicyIds}
        label="Identity sources"
        rows={doc.identitySourceLists}
        rowKey={(s) => s.id}
        rowName={(s) => s.name}
        readOnly={readOnly}
        onChange={(identitySourceLists) => onChange({ ...doc, identitySourceLists })}
        onEdit={(s) => setSource({ source: s, id: s.id })}
        emptyText="No identity sources."
        columns={[
          { name: 'name', header: 'Name', flex: 1, minWidth: 140 },
          { name: 'type', header: 'Directory', minWidth: 160, value: (s) => SOURCE_LABELS[s.type] },
          {
            name: 'domains',
            header: 'Mail domains',
            flex: 1,
            minWidth: 160,
            value: (s) => s.domains.join(', '),
          },
        ]}
      />
      <TitledRuleTable<UsersList>
        title="Users lists"
        addLabel="Add users list"
        addTestId={`${webPolicyIds.ruleAdd}-users-lists`}
        onAdd={() => setUsersList({ list: null, id: newRuleId() })}
        ids={emailPolicyIds}
        label="Users lists"
        rows={doc.usersLists}
        rowKey={(l) => l.id}
        rowName={(l) => l.name}
        readOnly={readOnly}
        onChange={(usersLists) => onChange({ ...doc, usersLists })}
        onEdit={(list) => setUsersList({ list, id: list.id })}
        emptyText="No users lists."
        columns={[
          { name: 'name', header: 'Name', flex: 1, minWidth: 140 },
          { name: 'count', header: 'Users', minWidth: 80, value: (l) => l.users.length },
          {
            name: 'users',
            header: 'Addresses',
            flex: 2,
            minWidth: 200,
            value: (l) => (l.users.length > 3 ? `${l.users.slice(0, 3).join(', ')}, …` : l.users.join(', ')),
          },
        ]}
      />
      {source && (
        <EntryDialog
          title={source.source ? `Identity source: ${source.source.name}` : 'New identity source'}
          fields={sourceFields}
          canWrite={!readOnly}
          initialValues={{
            name: source.source?.name ?? '',
            type: source.source?.type ?? 'azure_ad',
            domains: (source.source?.domains ?? []).join(', '),
          }}
          onApply={(values) => {
            const next: Source = {
              id: source.id,
              name: String(values.name),
              type: values.type as SourceType,
              domains: [...new Set(splitValues(String(values.domains), 'commas'))],
            };
            onChange({ ...doc, identitySourceLists: upsert(doc.identitySourceLists, next, (s) => s.id) });
            setSource(null);
          }}
          onClose={() => setSource(null)}
        />
      )}
      {usersList && (
        <UsersListDialog
          list={usersList.list}
          newId={usersList.id}
          users={users}
          groupNames={groupNames}
          directoryNote={directoryNote}
          canWrite={!readOnly}
          onApply={(list) => {
            onChange({ ...doc, usersLists: upsert(doc.usersLists, list, (l) => l.id) });
            setUsersList(null);
          }}
          onClose={() => setUsersList(null)}
        />
      )}
    </Stack>
  );
}
