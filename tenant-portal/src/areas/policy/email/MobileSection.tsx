import { useCallback, useState } from 'react';
import { emailPolicyIds } from '@workbench/common/test-ids/emailPolicyIds';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { RuleTable } from '../web/RuleTable';
import { newRuleId, upsert } from '../web/listEdits';
import { useRuleLink } from '../web/useRuleLink';
import { EmailRuleDialog, PLATFORM_LABELS, type MobileRule } from './EmailRuleDialog';
import { actionLabel } from './emailForm';

export type MobileDoc = PolicyData<'safemail/mobile'>;

const everyOr = (values: readonly string[], every: string) => (values.length ? values.join(', ') : every);

/**
 * Mobile devices (docs/policy.md §3 safemail/mobile; docs/glossary.md §2 mobile variants of the enforcement actions):
 * how links in mail open on phones and tablets, by platform and sender. The first enabled rule
 * that matches decides, so the rules are ordered (a reorder is audited as such).
 */
export function MobileSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: {
  doc: MobileDoc;
  onChange: (d: MobileDoc) => void;
  readOnly: boolean;
  linkedKey?: string | null;
  onLinkOpened?: () => void;
}) {
  const [editing, setEditing] = useState<{ rule: MobileRule | null; id: string } | null>(null);
  const findRule = useCallback(
    (key: string) => {
      const rule = doc.list.find((r) => r.id === key);
      return rule ? { rule, id: rule.id } : null;
    },
    [doc],
  );
  useRuleLink(linkedKey, findRule, setEditing, onLinkOpened);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Rules are checked in order; the first enabled rule that matches decides. Links that no rule matches
        open as the link isolation section says.
      </Typography>
      {!readOnly && (
        <Button
          startIcon={<AddIcon />}
          variant="outlined"
          sx={{ mb: 1 }}
          onClick={() => setEditing({ rule: null, id: newRuleId() })}
          data-testid={`${webPolicyIds.ruleAdd}-mobile`}
        >
          Add mobile rule
        </Button>
      )}
      <RuleTable<MobileRule>
        ids={emailPolicyIds}
        label="Mobile rules"
        rows={doc.list}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        readOnly={readOnly}
        ordered
        onChange={(list) => onChange({ ...doc, list })}
        onEdit={(rule) => setEditing({ rule, id: rule.id })}
        emptyText="No mobile rules: links open on mobile devices as on any other."
        columns={[
          { name: 'name', header: 'Name', flex: 1, minWidth: 140 },
          {
            name: 'platforms',
            header: 'Platforms',
            minWidth: 130,
            value: (r) => r.platforms.map((p) => PLATFORM_LABELS[p]).join(', '),
          },
          {
            name: 'senders',
            header: 'Senders',
            flex: 1,
            minWidth: 140,
            value: (r) => everyOr(r.senders, 'Every sender'),
          },
          { name: 'action', header: 'Action', minWidth: 90, value: (r) => actionLabel(r.action) },
          { name: 'enabled', header: 'On', minWidth: 60, value: (r) => (r.enabled ? 'Yes' : 'No') },
        ]}
      />
      {editing && (
        <EmailRuleDialog
          variant="mobile"
          rule={editing.rule}
          newId={editing.id}
          canWrite={!readOnly}
          onApply={(rule) => {
            onChange({ ...doc, list: upsert(doc.list, rule, (r) => r.id) });
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
