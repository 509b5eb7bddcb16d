import { useCallback, useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { EntryDialog } from './EntryDialog';
import { commentField, commentOf } from './entryFields';
import { RuleTable } from './RuleTable';
import { useRuleLink } from './useRuleLink';
import { actionLabel } from './ruleActions';

export type Sha256Doc = PolicyData<'web/sha256'>;
type Sha256Entry = Sha256Doc['list'][number];

const HASH = /^[a-f0-9]{64}$/;

/**
 * SHA-256 (docs/access.md §1 sha256): file hashes allowed or blocked whatever else the policy says.
 * Hashes are kept in lower case (the schema's form); a hash is listed once.
 */
export function Sha256Section({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: {
  doc: Sha256Doc;
  onChange: (d: Sha256Doc) => void;
  readOnly: boolean;
  /** An entry to open (?rule=<key>), and what drops the link once it is open. */
  linkedKey?: string | null;
  onLinkOpened?: () => void;
}) {
  const [editing, setEditing] = useState<{ entry: Sha256Entry | null } | null>(null);

  const findEntry = useCallback(
    (key: string) => {
      const entry = doc.list.find((e) => e.hash === key.toLowerCase());
      return entry ? { entry } : null;
    },
    [doc],
  );
  useRuleLink(linkedKey, findEntry, setEditing, onLinkOpened);
  const fields = [
    {
      name: 'hash',
      label: 'SHA-256 (64 hexadecimal characters)',
      type: 'text' as const,
      validate: (v: string) => {
        const hash = v.trim().toLowerCase();
        if (!HASH.test(hash)) return 'Enter 64 hexadecimal characters.';
        if (hash !== editing?.entry?.hash && doc.list.some((e) => e.hash === hash))
          return 'This hash is listed already.';
        return undefined;
      },
    },
    {
      name: 'action',
      label: 'Action',
      type: 'select' as const,
      options: [
        { code: 'allow', label: 'Allow' },
        { code: 'block', label: 'Block' },
      ],
    },
    commentField,
  ];
  return (
    <Box>
      {!readOnly && (
        <Button
          startIcon={<AddIcon />}
          variant="outlined"
          sx={{ mb: 1 }}
          onClick={() => setEditing({ entry: null })}
          data-testid={`${webPolicyIds.ruleAdd}-sha256`}
        >
          Add hash
        </Button>
      )}
      <RuleTable<Sha256Entry>
        label="SHA-256 hashes"
        rows={doc.list}
        rowKey={(e) => e.hash}
        rowName={(e) => `hash ${e.hash.slice(0, 12)}…`}
        readOnly={readOnly}
        onChange={(list) => onChange({ ...doc, list })}
        onEdit={(entry) => setEditing({ entry })}
        emptyText="No hashes listed."
        columns={[
          { name: 'hash', header: 'SHA-256', flex: 3, minWidth: 200 },
          { name: 'action', header: 'Action', minWidth: 90, value: (e) => actionLabel(e.action) },
          { name: 'comment', header: 'Comment', flex: 1, minWidth: 110, value: (e) => e.comment ?? '' },
        ]}
      />
      {editing && (
        <EntryDialog
          title={editing.entry ? 'Edit hash' : 'New hash'}
          fields={fields}
          canWrite={!readOnly}
          initialValues={{
            hash: editing.entry?.hash ?? '',
            action: editing.entry?.action ?? 'block',
            comment: editing.entry?.comment ?? '',
          }}
          onApply={(values) => {
            const entry: Sha256Entry = {
              hash: String(values.hash).trim().toLowerCase(),
              action: values.action === 'allow' ? 'allow' : 'block',
              ...commentOf(values),
            };
            const at = editing.entry ? doc.list.findIndex((e) => e.hash === editing.entry?.hash) : -1;
            onChange({
              ...doc,
              list: at < 0 ? [...doc.list, entry] : doc.list.map((e, i) => (i === at ? entry : e)),
            });
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
