import { useState } from 'react';
import { Alert, Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ReportIcon from '@mui/icons-material/ReportGmailerrorredOutlined';
import { DataTable } from '@workbench/common';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { WHITELIST_ENTRY_TYPES } from '@workbench/common/api/contract/policy-kinds/emailKinds';
import type { PopularSite } from '@workbench/common/api/contract/safemailWhitelist';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { emailPolicyIds } from '@workbench/common/test-ids/emailPolicyIds';
import { useEntityRead } from '../policyRequests';
import { EntryDialog } from '../web/EntryDialog';
import { commentField, commentOf } from '../web/entryFields';
import { RuleTable } from '../web/RuleTable';
import { newRuleId } from '../web/listEdits';
import { useRuleEditing } from '../kit/useRuleEditing';
import { emailKey, emailMessage, ipKey, wildcardDomainKey } from './emailForm';
import { UceDialog } from './UceDialog';

export type AllowListDoc = PolicyData<'safemail/whitelist'>;
type Entry = AllowListDoc['list'][number];
type EntryType = (typeof WHITELIST_ENTRY_TYPES)[number];

const TYPE_LABELS: Record<EntryType, string> = {
  domain: 'Domain',
  email: 'E-mail address',
  ip: 'Sending IP',
};
const CHECKS: Record<EntryType, (v: string) => string | null> = {
  domain: wildcardDomainKey,
  email: emailKey,
  ip: ipKey,
};
/** Sites the feed shows at once (the feed's limit). */
const FEED_LIMIT = 100;

/**
 * Allowed senders (docs/policy.md §3 safemail/whitelist): domains (*.domain for subdomains),
 * addresses and sending IPs whose mail passes with links and attachments untouched. Beside it the
 * provider's popular-sites feed (GET /safemail/whitelist/feeds/, type global), from which a site
 * is added to the list in one step, and the UCE report (POST /safemail/whitelist/uce/).
 */
export function AllowListSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: {
  doc: AllowListDoc;
  onChange: (d: AllowListDoc) => void;
  readOnly: boolean;
  linkedKey?: string | null;
  onLinkOpened?: () => void;
}) {
  const entries = useRuleEditing(doc.list, (list) => onChange({ ...doc, list }), { linkedKey, onLinkOpened });
  const { editing } = entries;
  const [reporting, setReporting] = useState<{ value?: string } | null>(null);
  const listed = (value: string, except?: string) =>
    doc.list.some((e) => e.value === value && e.id !== except);
  const fields = [
    {
      name: 'type',
      label: 'Type',
      type: 'select' as const,
      options: WHITELIST_ENTRY_TYPES.map((code) => ({ code, label: TYPE_LABELS[code] })),
    },
    {
      name: 'value',
      label: 'Sender',
      type: 'text' as const,
      helperText: 'example.com, *.example.com, name@example.com or 203.0.113.10, as the type says',
      validate: (v: string, values: Record<string, string | boolean>) => {
        const value = v.trim().toLowerCase();
        if (value === '') return emailMessage('required');
        const key = CHECKS[values.type as EntryType](value);
        if (key) return emailMessage(key);
        return listed(value, editing?.rule?.id) ? emailMessage('duplicate') : undefined;
      },
    },
    commentField,
  ];
  return (
    <Stack spacing={3}>
      <Box>
        {!readOnly && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
            <Button
              startIcon={<AddIcon />}
              variant="outlined"
              onClick={entries.add}
              data-testid={`${webPolicyIds.ruleAdd}-allow-list`}
            >
              Add allowed sender
            </Button>
            <Button
              startIcon={<ReportIcon />}
              onClick={() => setReporting({})}
              data-testid={emailPolicyIds.uceOpen}
            >
              Report unsolicited mail
            </Button>
          </Box>
        )}
        <RuleTable<Entry>
          ids={emailPolicyIds}
          label="Allowed senders"
          rows={doc.list}
          rowKey={(e) => e.id}
          rowName={(e) => e.value}
          readOnly={readOnly}
          onChange={(list) => onChange({ ...doc, list })}
          onEdit={entries.edit}
          emptyText="No allowed senders."
          columns={[
            { name: 'value', header: 'Sender', flex: 2, minWidth: 180 },
            { name: 'type', header: 'Type', minWidth: 120, value: (e) => TYPE_LABELS[e.type] },
            { name: 'comment', header: 'Comment', flex: 1, minWidth: 120, value: (e) => e.comment ?? '' },
          ]}
        />
      </Box>
      <PopularSites
        listed={(domain) => listed(domain)}
        readOnly={readOnly}
        onAdd={(site) =>
          onChange({
            ...doc,
            list: [
              ...doc.list,
              { id: newRuleId(), type: 'domain', value: site.domain, comment: `Popular site #${site.rank}` },
            ],
          })
        }
      />
      {editing && (
        <EntryDialog
          title={editing.rule ? `Allowed sender: ${editing.rule.value}` : 'New allowed sender'}
          fields={fields}
          canWrite={!readOnly}
          initialValues={{
            type: editing.rule?.type ?? 'domain',
            value: editing.rule?.value ?? '',
            comment: editing.rule?.comment ?? '',
          }}
          onApply={(values) => {
            const entry: Entry = {
              id: editing.id,
              type: values.type as EntryType,
              value: String(values.value).trim().toLowerCase(),
              ...commentOf(values),
            };
            entries.apply(entry);
          }}
          onClose={entries.close}
        />
      )}
      {reporting && <UceDialog initialValue={reporting.value} onClose={() => setReporting(null)} />}
    </Stack>
  );
}

/** The provider's popular sites (read on demand: most tenants never look), each addable in one step. */
function PopularSites({
  listed,
  readOnly,
  onAdd,
}: {
  listed: (domain: string) => boolean;
  readOnly: boolean;
  onAdd: (site: PopularSite) => void;
}) {
  const [asked, setAsked] = useState(false);
  const read = useEntityRead('getPopularSites', [{ limit: FEED_LIMIT }], { enabled: asked });
  // Until asked, nothing shows, even an answer kept from an earlier visit.
  const status = asked ? read.status : 'idle';
  const load = () => (asked ? read.reload() : setAsked(true));
  return (
    <Box data-testid={emailPolicyIds.popularSites} component="section" aria-label="Popular sites">
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        Popular sites
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Links to these widely used sites pass without rewriting for every tenant (the provider&apos;s list).
        Add one to your allowed senders to trust mail from it as well.
      </Typography>
      {status !== 'loaded' && (
        <Button
          variant="outlined"
          onClick={load}
          disabled={status === 'loading'}
          data-testid={emailPolicyIds.popularSitesLoad}
        >
          {status === 'loading' ? 'Loading popular sites…' : 'Show popular sites'}
        </Button>
      )}
      {status === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }} action={<Button onClick={load}>Retry</Button>}>
          {read.error?.message}
        </Alert>
      )}
      {status === 'loaded' && (
        <DataTable<PopularSite>
          label="Popular sites"
          rows={read.data?.sites ?? []}
          rowKey={(s) => s.domain}
          pageSize={10}
          emptyText="The feed lists no sites."
          columns={[
            { name: 'rank', header: 'Rank', minWidth: 80 },
            { name: 'domain', header: 'Site', flex: 1, minWidth: 180 },
            {
              name: '__add',
              header: 'Allowed sender',
              minWidth: 150,
              render: (s) =>
                listed(s.domain) ? (
                  'Listed'
                ) : readOnly ? (
                  'Not listed'
                ) : (
                  <Tooltip title="Add to allowed senders">
                    <IconButton
                      size="small"
                      aria-label={`Add ${s.domain} to allowed senders`}
                      onClick={() => onAdd(s)}
                      data-testid={`${emailPolicyIds.popularSiteAdd}-${s.domain}`}
                    >
                      <AddIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ),
            },
          ]}
        />
      )}
    </Box>
  );
}
