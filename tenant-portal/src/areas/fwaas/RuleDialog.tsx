import { Autocomplete, Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { RuleDialogFrame } from '../policy/RuleDialogFrame';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import { COUNTRIES } from '@workbench/common/vocabularies/countries';
import {
  FIREWALL_ACTIONS,
  FIREWALL_REQUEST_TYPES,
} from '@workbench/common/vocabularies/logFilterVocabularies';
import { formMessage, lines } from './formRules';
import { RULE_PANEL_FIELDS, ruleFormSchema, type RuleFormValues } from './ruleForm';
import {
  PROTOCOL_LABELS,
  actionLabel,
  countryLabel,
  requestTypeLabel,
  serviceName,
  summarize,
  type FirewallService,
} from './firewallModel';
import { PickerPanel, modeTitle, useEntryForm, type EntryMode } from '../policy/kit/modeForm';

export type RuleDialogMode = EntryMode;

/** "TCP 443, 8443" under a service's name. */
const serviceDetail = (s: FirewallService) =>
  s.ports.length > 0
    ? `${PROTOCOL_LABELS[s.protocol]} ${summarize(s.ports, '', 3)}`
    : PROTOCOL_LABELS[s.protocol];

/**
 * Add, edit, duplicate or view one firewall rule in the rule accordion (docs/shared-ui.md §9 Rule
 * accordion): General (name, action, request type, enabled, log, comment), then the optional
 * Sources, Destinations and Services panels. Formik holds the form; the yup rules are common's
 * validators. Readers see every field disabled and cannot save.
 */
export function RuleDialog({
  mode,
  initial,
  otherNames,
  services,
  onSave,
  onClose,
}: {
  mode: RuleDialogMode;
  initial: RuleFormValues;
  /** Names of the other rules (a name is unique in the list). */
  otherNames: readonly string[];
  /** The services document's list (the draft, as the Services section shows it). */
  services: readonly FirewallService[];
  onSave: (values: RuleFormValues) => void;
  onClose: () => void;
}) {
  const { readOnly, schema, formik, panelValid, field, switchField, choiceField, autocompleteField } =
    useEntryForm({
      mode,
      initial,
      otherNames,
      schemaOf: ruleFormSchema,
      onSave,
      testIdPrefix: firewallIds.field,
      message: formMessage,
      validateOnMount: true,
    });
  const { values } = formik;
  const ruleServices = choiceField<RuleFormValues['services']>('services');
  const linesField = (name: keyof RuleFormValues, label: string, helper: string) => (
    <TextField {...field(name, label, helper)} multiline minRows={2} maxRows={8} />
  );

  const count = (name: 'sources' | 'users' | 'groups' | 'destinations' | 'domains') => lines(values[name]);
  const sourcesSummary = summarize([
    ...count('sources'),
    ...count('users').map((u) => `user ${u}`),
    ...count('groups').map((g) => `group ${g}`),
  ]);
  const destinationsSummary = summarize([
    ...count('destinations'),
    ...count('domains'),
    ...values.countries.map(countryLabel),
  ]);

  const panels = [
    {
      id: 'general',
      title: 'General',
      summary: `${actionLabel(values.action)} · ${requestTypeLabel(values.request_type)}`,
      valid: panelValid(RULE_PANEL_FIELDS.general),
      content: (
        <Stack spacing={2}>
          <TextField {...field('name', 'Name')} required autoFocus={!readOnly} />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField {...field('action', 'Action')} select sx={{ flex: '1 1 160px' }}>
              {FIREWALL_ACTIONS.map((a) => (
                <MenuItem key={a.code} value={a.code}>
                  {a.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField {...field('request_type', 'Request type')} select sx={{ flex: '1 1 160px' }}>
              {FIREWALL_REQUEST_TYPES.map((t) => (
                <MenuItem key={t.code} value={t.code}>
                  {t.label}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {switchField('enabled', 'Enabled')}
            {switchField('log', 'Log matching traffic')}
          </Box>
          <TextField
            {...field('comment', 'Comment', 'Optional: why the rule is there.')}
            multiline
            minRows={2}
          />
        </Stack>
      ),
    },
    {
      id: 'sources',
      title: 'Sources',
      summary: sourcesSummary,
      optional: true,
      valid: panelValid(RULE_PANEL_FIELDS.sources),
      content: (
        <Stack spacing={2}>
          {linesField(
            'sources',
            'Source addresses',
            'One per line: an address (10.0.0.5), a range (10.0.0.1-10.0.0.9) or a CIDR (10.0.0.0/24, saved as its range). Empty: any source.',
          )}
          {linesField('users', 'Users', 'One user name per line. Empty: any user.')}
          {linesField('groups', 'Groups', 'One group name per line. Empty: any group.')}
        </Stack>
      ),
    },
    {
      id: 'destinations',
      title: 'Destinations',
      summary: destinationsSummary,
      optional: true,
      valid: panelValid(RULE_PANEL_FIELDS.destinations),
      content: (
        <Stack spacing={2}>
          {linesField(
            'destinations',
            'Destination addresses',
            'One per line: an address, a range or a CIDR. Empty: any destination.',
          )}
          {linesField(
            'domains',
            'Domains',
            'One per line: example.com, or *.example.com for all its subdomains. Empty: any domain.',
          )}
          <Autocomplete
            multiple
            options={COUNTRIES.map((c) => c.code)}
            getOptionLabel={(code) => `${countryLabel(code)} (${code})`}
            {...autocompleteField<RuleFormValues['countries']>('countries')}
            filterSelectedOptions
            renderInput={(params) => (
              <TextField
                {...params}
                label="Countries"
                helperText="Where the destination is. Empty: any country."
                slotProps={{
                  ...params.slotProps,
                  htmlInput: {
                    ...params.slotProps.htmlInput,
                    'data-testid': `${firewallIds.field}-countries`,
                  },
                }}
              />
            )}
          />
        </Stack>
      ),
    },
    {
      id: 'services',
      title: 'Services',
      summary: summarize(values.services.map((id) => serviceName(id, services))),
      optional: true,
      valid: panelValid(RULE_PANEL_FIELDS.services),
      content: (
        // A rule may still name a service deleted from the services document, shown as such
        // until the user removes it.
        <PickerPanel
          readOnly={readOnly}
          ids={ruleServices.value}
          options={services.map((s) => ({ id: s.id, name: s.name, description: serviceDetail(s) }))}
          nameOf={(id) => serviceName(id, services)}
          group="Services"
          listLabel="Services of the rule"
          noneText="Any service"
          onChange={ruleServices.onChange}
          availableTitle="Available services"
          selectedTitle="Services of the rule"
          footer={
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              No service selected: the rule matches any service. Add services in the Services tab.
            </Typography>
          }
        />
      ),
    },
  ];

  return (
    <RuleDialogFrame
      title={modeTitle(mode, 'rule', initial.name)}
      testId={firewallIds.ruleDialog}
      panels={panels}
      editMode={mode !== 'add'}
      readOnly={readOnly}
      saveLabel={readOnly ? 'Save' : mode === 'edit' ? 'Apply' : 'Add to rules'}
      onSubmit={() => void formik.submitForm()}
      validation={{ form: formik, schema }}
      onClose={onClose}
      cancel="panels"
      formLabel={modeTitle(mode, 'rule')}
    />
  );
}
