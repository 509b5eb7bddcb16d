import { useCallback, useState } from 'react';
import { emailPolicyIds } from '@workbench/common/test-ids/emailPolicyIds';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { EntryDialog } from '../web/EntryDialog';
import { commentField, commentOf } from '../web/entryFields';
import { RuleTable } from '../web/RuleTable';
import { newRuleId, upsert } from '../web/listEdits';
import { useRuleLink } from '../web/useRuleLink';
import { emailKey, emailMessage, nameError } from './emailForm';

export type PhishTargetsDoc = PolicyData<'safemail/phish_targets'>;
type Target = PhishTargetsDoc['list'][number];

/**
 * Phishing targets (docs/policy.md §3 safemail/phish_targets): people attackers single out (executives,
 * finance, administrators), whose links get the strictest handling. An address is listed once.
 */
export function PhishTargetsSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: {
  doc: PhishTargetsDoc;
  onChange: (d: PhishTargetsDoc) => void;
  readOnly: boolean;
  linkedKey?: string | null;
  onLinkOpened?: () => void;
}) {
  const [editing, setEditing] = useState<{ target: Target | null; id: string } | null>(null);
  const findTarget = useCallback(
    (key: string) => {
      const target = doc.list.find((t) => t.id === key);
      return target ? { target, id: target.id } : null;
    },
    [doc],
  );
  useRuleLink(linkedKey, findTarget, setEditing, onLinkOpened);
  const fields = [
    {
      name: 'email',
      label: 'E-mail address',
      type: 'text' as const,
      validate: (v: string) => {
        const value = v.trim().toLowerCase();
        if (value === '') return emailMessage('required');
        const key = emailKey(value);
        if (key) return emailMessage(key);
        return doc.list.some((t) => t.email === value && t.id !== editing?.target?.id)
          ? emailMessage('duplicate')
          : undefined;
      },
    },
    { name: 'name', label: 'Name or role', type: 'text' as const, validate: nameError },
    { ...commentField, helperText: 'Why attackers would single this person out' },
  ];
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Every link in mail to these people opens isolated and read-only, whatever its classification.
      </Typography>
      {!readOnly && (
        <Button
          startIcon={<AddIcon />}
          variant="outlined"
          sx={{ mb: 1 }}
          onClick={() => setEditing({ target: null, id: newRuleId() })}
          data-testid={`${webPolicyIds.ruleAdd}-phishing-targets`}
        >
          Add phishing target
        </Button>
      )}
      <RuleTable<Target>
        ids={emailPolicyIds}
        label="Phishing targets"
        rows={doc.list}
        rowKey={(t) => t.id}
        rowName={(t) => t.name}
        readOnly={readOnly}
        onChange={(list) => onChange({ ...doc, list })}
        onEdit={(target) => setEditing({ target, id: target.id })}
        emptyText="No phishing targets."
        columns={[
          { name: 'name', header: 'Name or role', flex: 1, minWidth: 160 },
          { name: 'email', header: 'E-mail address', flex: 1, minWidth: 180 },
          { name: 'comment', header: 'Comment', flex: 1, minWidth: 120, value: (t) => t.comment ?? '' },
        ]}
      />
      {editing && (
        <EntryDialog
          title={editing.target ? `Phishing target: ${editing.target.name}` : 'New phishing target'}
          fields={fields}
          canWrite={!readOnly}
          initialValues={{
            email: editing.target?.email ?? '',
            name: editing.target?.name ?? '',
            comment: editing.target?.comment ?? '',
          }}
          onApply={(values) => {
            const target: Target = {
              id: editing.id,
              email: String(values.email).trim().toLowerCase(),
              name: String(values.name),
              ...commentOf(values),
            };
            onChange({ ...doc, list: upsert(doc.list, target, (t) => t.id) });
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
