import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { LINK_CLASSIFICATIONS } from '@workbench/common/api/contract/policy-kinds/emailKinds';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { emailPolicyIds } from '@workbench/common/test-ids/emailPolicyIds';
import { categoryName, type CategoryGroupOption } from '../web/categoryModel';
import { TitledRuleTable } from '../web/RuleTable';
import { enabledTextColumn } from '../kit/enabledColumn';
import { useRuleEditing } from '../kit/useRuleEditing';
import { EmailRuleDialog, type IsolationRule } from './EmailRuleDialog';
import { EMAIL_ACTION_OPTIONS, actionLabel, type EmailAction } from './emailForm';

export type IsolationDoc = PolicyData<'safemail/isolation'>;
type Classification = (typeof LINK_CLASSIFICATIONS)[number];

export const CLASSIFICATION_LABELS: Record<Classification, string> = {
  trusted: 'Trusted',
  unknown: 'Unknown',
  suspicious: 'Suspicious',
  malicious: 'Malicious',
  phishing: 'Phishing',
};

/** The default of a class the document does not list (the registry's defaults). */
const DEFAULT_ACTION: Record<Classification, EmailAction> = {
  trusted: 'allow',
  unknown: 'safeview',
  suspicious: 'safeview',
  malicious: 'block',
  phishing: 'block',
};

const everyOr = (values: readonly string[], every: string) => (values.length ? values.join(', ') : every);

/**
 * Link isolation (docs/policy.md §3 safemail/isolation: safemail_classification, reorderingEvents): how
 * a clicked link opens by its classification, and ordered rules by sender, recipient and site
 * category that come first (the first enabled match decides; a reorder is audited as such).
 */
export function LinkIsolationSection({
  doc,
  onChange,
  readOnly,
  groups,
  linkedKey,
  onLinkOpened,
}: {
  doc: IsolationDoc;
  onChange: (d: IsolationDoc) => void;
  readOnly: boolean;
  groups: readonly CategoryGroupOption[];
  linkedKey?: string | null;
  onLinkOpened?: () => void;
}) {
  const rules = useRuleEditing(doc.list, (list) => onChange({ ...doc, list }), { linkedKey, onLinkOpened });
  const { editing } = rules;
  const actionOf = (c: Classification) =>
    doc.safemail_classification.find((x) => x.classification === c)?.action ?? DEFAULT_ACTION[c];
  const setAction = (c: Classification, action: EmailAction) =>
    onChange({
      ...doc,
      // Every class in its fixed order, so the document always says what each class does.
      safemail_classification: LINK_CLASSIFICATIONS.map((k) => ({
        classification: k,
        action: k === c ? action : actionOf(k),
      })),
    });
  return (
    <Stack spacing={3}>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
          By link classification
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {LINK_CLASSIFICATIONS.map((c) => (
            <TextField
              key={c}
              select
              label={`${CLASSIFICATION_LABELS[c]} links`}
              value={actionOf(c)}
              disabled={readOnly}
              onChange={(e) => setAction(c, e.target.value as EmailAction)}
              sx={{ minWidth: 170 }}
              slotProps={{ htmlInput: { 'data-testid': `${emailPolicyIds.classification}-${c}` } }}
            >
              {EMAIL_ACTION_OPTIONS.map((a) => (
                <MenuItem key={a.code} value={a.code}>
                  {a.label}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Box>
      </Box>
      <TitledRuleTable<IsolationRule>
        title="Rules (checked first, in order)"
        addLabel="Add link isolation rule"
        addTestId={`${webPolicyIds.ruleAdd}-link-isolation`}
        onAdd={rules.add}
        ids={emailPolicyIds}
        label="Link isolation rules"
        rows={doc.list}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        readOnly={readOnly}
        ordered
        onChange={(list) => onChange({ ...doc, list })}
        onEdit={rules.edit}
        emptyText="No rules: every link opens as its classification says."
        columns={[
          { name: 'name', header: 'Name', flex: 1, minWidth: 140 },
          {
            name: 'senders',
            header: 'Senders',
            flex: 1,
            minWidth: 130,
            value: (r) => everyOr(r.senders, 'Every sender'),
          },
          {
            name: 'recipients',
            header: 'Recipients',
            flex: 1,
            minWidth: 130,
            value: (r) => everyOr(r.recipients, 'Every recipient'),
          },
          {
            name: 'categories',
            header: 'Categories',
            flex: 1,
            minWidth: 130,
            value: (r) =>
              everyOr(
                r.categories.map((id) => categoryName(groups, id)),
                'Every category',
              ),
          },
          { name: 'action', header: 'Action', minWidth: 90, value: (r) => actionLabel(r.action) },
          enabledTextColumn(),
        ]}
      />
      {editing && (
        <EmailRuleDialog
          rule={editing.rule}
          newId={editing.id}
          groups={groups}
          canWrite={!readOnly}
          onApply={rules.apply}
          onClose={rules.close}
        />
      )}
    </Stack>
  );
}
