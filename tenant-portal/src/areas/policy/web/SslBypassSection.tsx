import { useEffect, useState } from 'react';
import { Box, Button, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { domainOrWildcard } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { EntryDialog } from './EntryDialog';
import { commentField, commentOf } from './entryFields';
import { categoryName, type CategoryGroupOption } from './categoryModel';
import { lines } from './listEdits';
import { RuleTable } from './RuleTable';
import { useRuleEditing } from '../kit/useRuleEditing';
import { ruleMessage } from './ruleForm';

export type SslBypassDoc = PolicyData<'v3/sslbump_bypass'>;
type SslEntry = SslBypassDoc['list'][number];

/**
 * SSL bypass (docs/policy.md §3: the sslbump save carries integrations_list, sslbump_v3 and
 * list): domains or categories whose traffic is not decrypted, integrations never decrypted, and
 * whether the v3 bypass engine is on.
 */
export function SslBypassSection({
  doc,
  onChange,
  readOnly,
  groups,
  linkedKey,
  onLinkOpened,
}: {
  doc: SslBypassDoc;
  onChange: (d: SslBypassDoc) => void;
  readOnly: boolean;
  /** An entry to open (?rule=<key>), and what drops the link once it is open. */
  linkedKey?: string | null;
  onLinkOpened?: () => void;
  groups: readonly CategoryGroupOption[];
}) {
  const entries = useRuleEditing(doc.list, (list) => onChange({ ...doc, list }), { linkedKey, onLinkOpened });
  const { editing } = entries;
  const integrationsText = doc.integrations_list.join('\n');
  const [integrations, setIntegrations] = useState(integrationsText);
  useEffect(() => setIntegrations(integrationsText), [integrationsText]);
  const categoryOptions = groups.flatMap((g) =>
    g.categories.map((c) => ({ code: String(c.id), label: `${c.name} (${g.name})` })),
  );
  const fields = [
    {
      name: 'type',
      label: 'Bypass',
      type: 'select' as const,
      options: [
        { code: 'domain', label: 'A domain' },
        { code: 'category', label: 'A category' },
      ],
    },
    {
      name: 'domain',
      label: 'Domain (*.example.com covers its subdomains)',
      type: 'text' as const,
      shown: (v: Record<string, unknown>) => v.type === 'domain',
      validate: (v: string) =>
        v.trim() === '' ? ruleMessage('required') : ruleMessage(domainOrWildcard(v.trim()) ?? undefined),
    },
    categoryOptions.length > 0
      ? {
          name: 'category_id',
          label: 'Category',
          type: 'select' as const,
          options: categoryOptions,
          shown: (v: Record<string, unknown>) => v.type === 'category',
          validate: (v: string) => (v === '' ? ruleMessage('required') : undefined),
        }
      : {
          name: 'category_id',
          label: 'Category id',
          type: 'text' as const,
          shown: (v: Record<string, unknown>) => v.type === 'category',
          validate: (v: string) =>
            /^[1-9][0-9]{0,3}$/.test(v) ? undefined : 'Enter a category id from 1 to 9999.',
        },
    commentField,
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={doc.sslbump_v3}
            disabled={readOnly}
            onChange={(e) => onChange({ ...doc, sslbump_v3: e.target.checked })}
          />
        }
        label="Use the v3 SSL bypass engine"
      />
      <Box>
        {!readOnly && (
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            sx={{ mb: 1 }}
            onClick={entries.add}
            data-testid={`${webPolicyIds.ruleAdd}-ssl-bypass`}
          >
            Add bypass
          </Button>
        )}
        <RuleTable<SslEntry>
          label="SSL bypass entries"
          rows={doc.list}
          rowKey={(e) => e.id}
          rowName={(e) => e.domain ?? categoryName(groups, e.category_id ?? 0)}
          readOnly={readOnly}
          onChange={(list) => onChange({ ...doc, list })}
          onEdit={entries.edit}
          emptyText="Nothing bypasses SSL inspection."
          columns={[
            {
              name: 'target',
              header: 'Domain or category',
              flex: 2,
              minWidth: 180,
              value: (e) => e.domain ?? categoryName(groups, e.category_id ?? 0),
            },
            { name: 'comment', header: 'Comment', flex: 1, minWidth: 110, value: (e) => e.comment ?? '' },
          ]}
        />
      </Box>
      <Box>
        <Typography variant="h3" sx={{ mb: 1 }}>
          Integrations
        </Typography>
        <TextField
          label="Integrations never decrypted (one per line)"
          multiline
          minRows={2}
          fullWidth
          value={integrations}
          disabled={readOnly}
          onChange={(e) => setIntegrations(e.target.value)}
          onBlur={() => onChange({ ...doc, integrations_list: lines(integrations) })}
        />
      </Box>
      {editing && (
        <EntryDialog
          title={editing.rule ? 'Edit SSL bypass' : 'New SSL bypass'}
          fields={fields}
          canWrite={!readOnly}
          initialValues={{
            type: editing.rule?.category_id !== undefined ? 'category' : 'domain',
            domain: editing.rule?.domain ?? '',
            category_id: editing.rule?.category_id !== undefined ? String(editing.rule.category_id) : '',
            comment: editing.rule?.comment ?? '',
          }}
          onApply={(values) => {
            const entry: SslEntry = {
              id: editing.id,
              ...(values.type === 'domain'
                ? { domain: String(values.domain).trim() }
                : { category_id: Number(values.category_id) }),
              ...commentOf(values),
            };
            entries.apply(entry);
          }}
          onClose={entries.close}
        />
      )}
    </Box>
  );
}
