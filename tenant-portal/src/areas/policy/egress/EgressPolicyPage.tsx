import {
  Alert,
  Box,
  Button,
  FormHelperText,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { HEADER_ACTIONS } from '@workbench/common/api/contract/policy-kinds/egressKinds';
import { egressPolicyIds } from '@workbench/common/test-ids/casbIds';
import { useEntityRead } from '../policyRequests';
import type { PageProps } from '../../../routes/routeModel';
import {
  PolicyFamilyPage,
  describeListError,
  familySections,
  groupTab,
  policySection,
  type FamilySection,
  type SectionEditorProps,
} from '../PolicyFamilyPage';
import {
  AccordionFormDialog,
  FormText,
  casbFields,
  validFields,
  type Form,
} from '../casb/AccordionFormDialog';
import { scopePanels } from '../casb/AppRulesSection';
import { ListSection } from '../casb/ListSection';
import { scopeSummary } from '../casb/casbForms';
import {
  HEADER_ACTION_LABELS,
  egressRuleFrom,
  egressRuleSchema,
  egressRuleValues,
  headersSummary,
  type EgressRule,
  type EgressRuleValues,
} from './egressForm';

/** The egress control and the header blocklist (GET …/egress_control, …/header_blocklist). */
function useEgressReference() {
  const control = useEntityRead('getEgressControl', []);
  const blocklist = useEntityRead('getHeaderBlocklist', []);
  return {
    control: control.data,
    blocklist: blocklist.data,
    error: control.error?.message ?? blocklist.error?.message ?? null,
  };
}

function HeadersPanel({ form }: { form: Form<EgressRuleValues> }) {
  const listError = typeof form.errors.headers === 'string' ? form.errors.headers : undefined;
  const { field, choiceField } = casbFields(form);
  const { onChange: set } = choiceField<EgressRuleValues['headers']>('headers');
  /** A header's field at its path, with the header list's own test id. */
  const headerField = (i: number, name: 'action' | 'name' | 'value', label: string) => ({
    ...field(`headers.${i}.${name}`, label),
    size: 'small' as const,
    fullWidth: false,
    slotProps: { htmlInput: { 'data-testid': `${egressPolicyIds.header}-${i}-${name}` } },
  });
  return (
    <Stack spacing={1}>
      {form.values.headers.map((h, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField select {...headerField(i, 'action', 'Action')} sx={{ minWidth: 120 }}>
            {HEADER_ACTIONS.map((a) => (
              <MenuItem key={a} value={a}>
                {HEADER_ACTION_LABELS[a]}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...headerField(i, 'name', 'Header')} sx={{ flex: 1, minWidth: 160 }} />
          {h.action === 'insert' && (
            <TextField {...headerField(i, 'value', 'Value')} sx={{ flex: 2, minWidth: 200 }} />
          )}
          <IconButton
            aria-label={`Remove header ${i + 1}`}
            onClick={() => set(form.values.headers.filter((_, j) => j !== i))}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      <Box>
        <Button
          size="small"
          onClick={() => set([...form.values.headers, { name: '', action: 'insert', value: '' }])}
          data-testid={egressPolicyIds.headerAdd}
        >
          Add header
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * Header rules (docs/policy.md §3 Policy, body egress_policy): headers inserted into or removed from
 * requests on their way out, for whom and to which destinations. Every enabled matching rule
 * applies, in this order, so a later insert of the same header wins.
 */
export function EgressRulesSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onOpenRule,
}: SectionEditorProps<'egress_policy'>) {
  const { control, blocklist, error } = useEgressReference();
  const blocked = (blocklist?.headers ?? []).map((h) => h.name);
  return (
    <Box>
      {error && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      {control && !control.enabled && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid={egressPolicyIds.control}>
          Egress header control is not part of this tenant&apos;s service: the rules are kept but not applied.
        </Alert>
      )}
      {control?.enabled && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mb: 1 }}
          data-testid={egressPolicyIds.control}
        >
          Egress header control is on. A rule changes at most {control.max_headers_per_rule} headers; values
          are up to {control.max_value_length} characters.
        </Typography>
      )}
      <ListSection<EgressRule>
        label="Header rules"
        intro="Every enabled rule that matches a request applies, in this order: a later insert of the same header wins. Drag a row, type its position, or use Move up and Move down."
        addLabel="Add rule"
        addTestId={`${egressPolicyIds.add}-rules`}
        rows={doc.egress_policy.rules}
        onChange={(rules) => onChange({ egress_policy: { rules } })}
        readOnly={readOnly}
        ordered
        switchable
        emptyText="No header rules yet."
        linkedKey={linkedKey}
        onOpenRule={onOpenRule}
        columns={[
          { name: 'name', header: 'Name', flex: 2, minWidth: 140 },
          { name: 'headers', header: 'Headers', flex: 3, minWidth: 180, value: headersSummary },
          {
            name: 'domains',
            header: 'Destinations',
            flex: 2,
            minWidth: 140,
            value: (r) => (r.conditions.domain ?? []).join(', ') || 'Every destination',
          },
          { name: 'who', header: 'Who', flex: 1, minWidth: 110, value: (r) => scopeSummary(r.conditions) },
        ]}
        dialog={({ entry, newId, canWrite, onApply, onClose }) => (
          <AccordionFormDialog<EgressRuleValues>
            title={entry ? `Header rule: ${entry.name}` : 'New header rule'}
            initialValues={egressRuleValues(entry)}
            schema={egressRuleSchema(blocked)}
            isNew={entry === null}
            canWrite={canWrite}
            onClose={onClose}
            onApply={(v) => onApply(egressRuleFrom(v, entry, entry?.id ?? newId))}
            panels={(form) => [
              {
                id: 'rule',
                title: 'Rule',
                summary: form.values.name,
                valid: validFields(form, ['name']),
                content: (
                  <Stack spacing={2}>
                    <FormText form={form} name="name" label="Name" required />
                    {casbFields(form).switchField('enabled', 'Enabled')}
                  </Stack>
                ),
              },
              {
                id: 'headers',
                title: 'Headers',
                summary: `${form.values.headers.length} header${form.values.headers.length === 1 ? '' : 's'}`,
                valid: validFields(form, ['headers']),
                content: <HeadersPanel form={form} />,
              },
              {
                id: 'destinations',
                title: 'Destinations',
                optional: true,
                valid: validFields(form, ['domains']),
                content: (
                  <FormText
                    form={form}
                    name="domains"
                    label="Domains (one per line; none: every destination)"
                    lines={3}
                  />
                ),
              },
              ...scopePanels(form),
            ]}
          />
        )}
      />
      {blocklist && (
        <Box sx={{ mt: 3 }} data-testid={egressPolicyIds.blocklist}>
          <Typography variant="h3" sx={{ mb: 1 }}>
            Headers no rule may change
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {blocklist.headers.map((h) => h.name).join(', ')}: they frame the request or carry the user&apos;s
            credentials.
          </Typography>
        </Box>
      )}
    </Box>
  );
}

export const EGRESS_POLICY_SECTIONS: readonly FamilySection[] = familySections('egress_policy', [
  policySection({
    ...groupTab('egress_policy', 'rules'),
    kind: 'egress_policy',
    Editor: EgressRulesSection,
    describeError: describeListError('Rule', 'egress_policy.rules'),
  }),
]);

/** The Egress Headers page (issue 13; docs/policy.md §4 Policy). */
export function EgressPolicyPage({ title }: PageProps) {
  return (
    <PolicyFamilyPage title={title} family="egress" base="/policy/egress" sections={EGRESS_POLICY_SECTIONS} />
  );
}
