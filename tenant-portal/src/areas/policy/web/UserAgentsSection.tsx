import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import type { StringMatch, WebRuleAction } from '@workbench/common/api/contract/policy-kinds/webKinds';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { EntryDialog, type EntryValues } from './EntryDialog';
import {
  MATCH_OPTIONS,
  actionField,
  commentField,
  commentOf,
  enabledField,
  nameField,
  patternValidator,
} from './entryFields';
import { actionLabel } from './ruleActions';
import { RuleTable } from './RuleTable';
import { enabledTextColumn } from '../kit/enabledColumn';
import { useRuleEditing } from '../kit/useRuleEditing';

export type UserAgentsDoc = PolicyData<'web/user_agents'>;
type UserAgentRule = UserAgentsDoc['list'][number];

const fields = [
  nameField,
  { name: 'match', label: 'Match', type: 'select' as const, options: MATCH_OPTIONS },
  { name: 'value', label: 'User agent', type: 'text' as const, validate: patternValidator(512) },
  actionField,
  enabledField,
  commentField,
];

const ruleOf = (values: EntryValues, id: string): UserAgentRule => ({
  id,
  name: String(values.name),
  enabled: Boolean(values.enabled),
  match: String(values.match) as StringMatch,
  value: String(values.value),
  action: String(values.action) as WebRuleAction,
  ...commentOf(values),
});

/** User agents (docs/access.md §1 user-agent): rules for requests whose User-Agent header matches, in order. */
export function UserAgentsSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: {
  doc: UserAgentsDoc;
  onChange: (d: UserAgentsDoc) => void;
  readOnly: boolean;
  /** An entry to open (?rule=<key>), and what drops the link once it is open. */
  linkedKey?: string | null;
  onLinkOpened?: () => void;
}) {
  const rules = useRuleEditing(doc.list, (list) => onChange({ ...doc, list }), { linkedKey, onLinkOpened });
  const { editing } = rules;
  return (
    <Box>
      {!readOnly && (
        <Button
          startIcon={<AddIcon />}
          variant="outlined"
          sx={{ mb: 1 }}
          onClick={rules.add}
          data-testid={`${webPolicyIds.ruleAdd}-user-agents`}
        >
          Add user-agent rule
        </Button>
      )}
      <RuleTable<UserAgentRule>
        label="User-agent rules"
        rows={doc.list}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        readOnly={readOnly}
        ordered
        onChange={(list) => onChange({ ...doc, list })}
        onEdit={rules.edit}
        emptyText="No user-agent rules."
        columns={[
          { name: 'name', header: 'Name', flex: 1, minWidth: 120 },
          {
            name: 'value',
            header: 'User agent',
            flex: 2,
            minWidth: 160,
            value: (r) => `${MATCH_OPTIONS.find((m) => m.code === r.match)?.label ?? r.match}: ${r.value}`,
          },
          { name: 'action', header: 'Action', minWidth: 90, value: (r) => actionLabel(r.action) },
          enabledTextColumn(),
        ]}
      />
      {editing && (
        <EntryDialog
          title={editing.rule ? `User-agent rule: ${editing.rule.name}` : 'New user-agent rule'}
          fields={fields}
          canWrite={!readOnly}
          initialValues={{
            name: editing.rule?.name ?? '',
            match: editing.rule?.match ?? 'contains',
            value: editing.rule?.value ?? '',
            action: editing.rule?.action ?? 'block',
            enabled: editing.rule?.enabled ?? true,
            comment: editing.rule?.comment ?? '',
          }}
          onApply={(values) => rules.apply(ruleOf(values, editing.id))}
          onClose={rules.close}
        />
      )}
    </Box>
  );
}
