import { emailPolicyIds } from '@workbench/common/test-ids/emailPolicyIds';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { RuleTable } from '../web/RuleTable';
import { enabledTextColumn } from '../kit/enabledColumn';
import { useRuleEditing } from '../kit/useRuleEditing';
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
  const rules = useRuleEditing(doc.list, (list) => onChange({ ...doc, list }), { linkedKey, onLinkOpened });
  const { editing } = rules;
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
          onClick={rules.add}
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
        onEdit={rules.edit}
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
          enabledTextColumn(),
        ]}
      />
      {editing && (
        <EmailRuleDialog
          variant="mobile"
          rule={editing.rule}
          newId={editing.id}
          canWrite={!readOnly}
          onApply={rules.apply}
          onClose={rules.close}
        />
      )}
    </Box>
  );
}
