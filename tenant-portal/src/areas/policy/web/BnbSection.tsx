import { useCallback, useState } from 'react';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { BROWSERS, type WebRuleAction } from '@workbench/common/api/contract/policy-kinds/webKinds';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { EntryDialog, type EntryValues } from './EntryDialog';
import { actionField, commentField, commentOf, enabledField, nameField } from './entryFields';
import { newRuleId, upsert } from './listEdits';
import { RULE_ACTION_OPTIONS, actionLabel } from './ruleActions';
import { RuleTable } from './RuleTable';
import { useRuleLink } from './useRuleLink';

export type BnbDoc = PolicyData<'bnb'>;
type Stage = 'pre' | 'post';
type BnbRule = BnbDoc['pre']['list'][number];

const BROWSER_LABELS: Record<string, string> = {
  chrome: 'Chrome',
  edge: 'Edge',
  firefox: 'Firefox',
  safari: 'Safari',
  internet_explorer: 'Internet Explorer',
  opera: 'Opera',
  other: 'Other browsers',
};
const BROWSER_OPTIONS = BROWSERS.map((code) => ({ code, label: BROWSER_LABELS[code] }));
const VERSION = /^[0-9]{1,4}(\.[0-9]{1,6}){0,3}$/;

export type BnbStages = ReadonlyArray<{ stage: Stage; title: string; text: string }>;

const STAGES: BnbStages = [
  { stage: 'pre', title: 'Before the domain rules', text: 'Checked before the domain rules and exceptions.' },
  { stage: 'post', title: 'After the domain rules', text: 'Checked when no domain rule decided.' },
];

const fields = [
  nameField,
  { name: 'browser', label: 'Browser', type: 'select' as const, options: BROWSER_OPTIONS },
  {
    name: 'min_version',
    label: 'Versions below (empty: every version)',
    type: 'text' as const,
    validate: (v: string) =>
      v === '' || VERSION.test(v) ? undefined : 'Enter a version like 120 or 17.4.1.',
  },
  actionField,
  enabledField,
  commentField,
];

const ruleOf = (values: EntryValues, id: string): BnbRule => ({
  id,
  name: String(values.name),
  enabled: Boolean(values.enabled),
  browser: String(values.browser) as BnbRule['browser'],
  ...(values.min_version ? { min_version: String(values.min_version) } : {}),
  action: String(values.action) as WebRuleAction,
  ...commentOf(values),
});

/**
 * Browsers & applications (docs/policy.md §3 bnb: pre and post lists, unsupported_or_non_browsers):
 * rules by browser and version, in order, and what clients that are not supported browsers get.
 */
export function BnbSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
  stages = STAGES,
  listId = 'bnb',
}: {
  doc: BnbDoc;
  /** The two lists' headings and what they are checked around (the global rules wrap the policy). */
  stages?: BnbStages;
  /** Names the lists' test ids (`${ruleAdd}-${listId}-pre`, `${unsupported}-${listId}-pre`; bnb: `${unsupported}-pre`). */
  listId?: string;
  onChange: (d: BnbDoc) => void;
  readOnly: boolean;
  /** An entry to open (?rule=<key>), and what drops the link once it is open. */
  linkedKey?: string | null;
  onLinkOpened?: () => void;
}) {
  const [editing, setEditing] = useState<{ stage: Stage; rule: BnbRule | null; id: string } | null>(null);

  const findRule = useCallback(
    (key: string) => {
      for (const stage of ['pre', 'post'] as const) {
        const rule = doc[stage].list.find((r) => r.id === key);
        if (rule) return { stage, rule, id: rule.id };
      }
      return null;
    },
    [doc],
  );
  useRuleLink(linkedKey, findRule, setEditing, onLinkOpened);
  const setStage = (stage: Stage, next: Partial<BnbDoc[Stage]>) =>
    onChange({ ...doc, [stage]: { ...doc[stage], ...next } });
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {stages.map(({ stage, title, text }) => (
        <Box key={stage} component="section" aria-label={title}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
            <Box sx={{ flex: 1, minWidth: 220 }}>
              <Typography variant="h3">{title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            </Box>
            {!readOnly && (
              <Button
                startIcon={<AddIcon />}
                variant="outlined"
                onClick={() => setEditing({ stage, rule: null, id: newRuleId() })}
                data-testid={`${webPolicyIds.ruleAdd}-${listId}-${stage}`}
              >
                Add browser rule
              </Button>
            )}
          </Box>
          <RuleTable<BnbRule>
            label={`Browser rules ${title.toLowerCase()}`}
            rows={doc[stage].list}
            rowKey={(r) => r.id}
            rowName={(r) => r.name}
            readOnly={readOnly}
            ordered
            onChange={(list) => setStage(stage, { list })}
            onEdit={(rule) => setEditing({ stage, rule, id: rule.id })}
            emptyText="No browser rules."
            columns={[
              { name: 'name', header: 'Name', flex: 2, minWidth: 120 },
              { name: 'browser', header: 'Browser', minWidth: 110, value: (r) => BROWSER_LABELS[r.browser] },
              {
                name: 'min_version',
                header: 'Below version',
                minWidth: 120,
                value: (r) => r.min_version ?? 'Any',
              },
              { name: 'action', header: 'Action', minWidth: 90, value: (r) => actionLabel(r.action) },
            ]}
          />
          <TextField
            select
            label="Unsupported browsers and other clients"
            value={doc[stage].unsupported_or_non_browsers}
            disabled={readOnly}
            onChange={(e) =>
              setStage(stage, { unsupported_or_non_browsers: e.target.value as WebRuleAction })
            }
            sx={{ mt: 2, minWidth: 280 }}
            slotProps={{
              htmlInput: {
                'data-testid': `${webPolicyIds.unsupported}-${listId === 'bnb' ? '' : `${listId}-`}${stage}`,
              },
            }}
          >
            {RULE_ACTION_OPTIONS.map((a) => (
              <MenuItem key={a.code} value={a.code}>
                {a.label}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      ))}
      {editing && (
        <EntryDialog
          title={editing.rule ? `Browser rule: ${editing.rule.name}` : 'New browser rule'}
          fields={fields}
          canWrite={!readOnly}
          initialValues={{
            name: editing.rule?.name ?? '',
            browser: editing.rule?.browser ?? 'chrome',
            min_version: editing.rule?.min_version ?? '',
            action: editing.rule?.action ?? 'block',
            enabled: editing.rule?.enabled ?? true,
            comment: editing.rule?.comment ?? '',
          }}
          onApply={(values) => {
            setStage(editing.stage, {
              list: upsert(doc[editing.stage].list, ruleOf(values, editing.id), (r) => r.id),
            });
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
