import { Fragment, useMemo, type ReactNode } from 'react';
import { Formik, type FormikProps } from 'formik';
import { Autocomplete, Box, Button, FormLabel, IconButton, MenuItem, Stack, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import type { RuleAccordionPanel } from '@workbench/common';
import { COUNTRIES, THREAT_CLASSES, vocabularyLabel } from '@workbench/common/vocabularies/index';
import { BROWSERS, STRING_MATCHES } from '@workbench/common/api/contract/policy-kinds/webKinds';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { RuleDialogFrame, ruleDialogTitle } from '../RuleDialogFrame';
import { categoryName, type CategoryGroupOption } from './categoryModel';
import { RULE_ACTION_OPTIONS } from './ruleActions';
import type { EntryField, EntryValues } from './EntryDialog';
import {
  WEEKDAYS,
  ruleFormSchema,
  ruleFormValues,
  ruleFromForm,
  ruleMessage,
  type RuleFormValues,
  type WebRule,
} from './ruleForm';
import { rulePanel, validFields } from '../kit/rulePanel';
import { formFields, type BoundForm } from '../formFields';
import { useUdbSuggestions } from '../../../app/useUdbSuggestions';

const MATCH_LABELS: Record<string, string> = {
  starts_with: 'Starts with',
  ends_with: 'Ends with',
  contains: 'Contains',
  equal: 'Equals',
  regex: 'Regular expression',
};

/**
 * A scoped rule's own fields (copy/paste's copy and paste, bandwidth's limits, …) in place of the
 * domain rule's Action: they live under `own` in the form, are checked by their EntryField
 * validators, and come back beside the rule on Apply.
 */
export interface OwnRuleFields {
  fields: readonly EntryField[];
  initial: EntryValues;
  /** Across fields (e.g. a limit, a quota or both), keyed by the field the message shows at. */
  validate?: (values: EntryValues) => Record<string, string>;
}

export interface RuleDialogProps {
  /** The rule edited, or null for a new one. */
  rule: WebRule | null;
  /** What the rule is called in the title (default "Domain rule"). */
  noun?: string;
  /** Fields in place of the Action (scoped rules); their values come back as onApply's second argument. */
  own?: OwnRuleFields;
  /** The id a new rule gets. */
  newId: string;
  groups: readonly CategoryGroupOption[];
  /** May change the rule (web_policy:exceptions:write); readers see it read-only. */
  canWrite: boolean;
  /** The server's message for one field of this rule (a 400 on the last save). */
  serverError?: { field: keyof RuleFormValues; message: string } | null;
  /** What the Entities field suggests (the user database's usernames and domains); none: typed only. */
  entityOptions?: EntityOptions;
  onApply: (rule: WebRule, own: EntryValues) => void;
  onClose: () => void;
}

export type Form = FormikProps<RuleFormValues>;

/** Suggestions for the Entities field: the options for the text typed so far (`onSearch`). */
export interface EntityOptions {
  options: readonly string[];
  onSearch: (text: string) => void;
}

/**
 * The Entities field's suggestions from the user database (its domains first, then the usernames
 * containing the text typed), asked for while a rule dialog is open.
 */
export function useEntityOptions(open: boolean): EntityOptions {
  const { usernames, domains, onSearch } = useUdbSuggestions({ domains: true, enabled: open });
  return useMemo(() => ({ options: [...domains, ...usernames], onSearch }), [domains, usernames, onSearch]);
}

/** How the browser codes read (the bnb rules' browsers). */
const BROWSER_LABELS: Record<string, string> = {
  chrome: 'Chrome',
  edge: 'Edge',
  firefox: 'Firefox',
  safari: 'Safari',
  internet_explorer: 'Internet Explorer',
  opera: 'Opera',
  other: 'Other browsers',
};

/** The server's 400 for this rule: shown at its field until the user changes that field. */
type ServerError = RuleDialogProps['serverError'];
/** The same for any family's rule form (its field names are its own). */
type ConditionServerError = { field: string; message: string } | null | undefined;

/** The fields of the Who and where and Schedule panels, which other families' rule forms share. */
type ConditionValues = Pick<
  RuleFormValues,
  | 'domains'
  | 'users'
  | 'groups'
  | 'sourceIps'
  | 'countries'
  | 'scheduleOn'
  | 'days'
  | 'from'
  | 'to'
  | 'timeZone'
  | 'comment'
>;
/** A Formik form over values that hold ConditionValues (the web rule form, the inspection rule form). */
export type ConditionForm = FieldForm &
  Pick<FormikProps<ConditionValues>, 'values' | 'errors' | 'setFieldValue'>;

/** What errorOf and text read of a form: any family's rule form that shares the web rule's fields. */
type FieldForm = Pick<
  FormikProps<object>,
  | 'values'
  | 'initialValues'
  | 'errors'
  | 'touched'
  | 'handleChange'
  | 'handleBlur'
  | 'setFieldValue'
  | 'setFieldTouched'
>;

const ruleError = (error: unknown) => (typeof error === 'string' ? ruleMessage(error) : undefined);

/**
 * The shared bindings (`../formFields.tsx`) over any family's rule form: a field's message once
 * touched; else the server's 400 for it until the user changes it.
 */
const bind = (form: FieldForm, server?: ConditionServerError) =>
  formFields(form as BoundForm<Record<string, unknown>>, {
    readOnly: false,
    message: ruleError,
    serverError: server,
  });

function text(
  form: FieldForm,
  field: string,
  label: string,
  extra: object = {},
  server?: ConditionServerError,
) {
  return <TextField {...bind(form, server).field(field, label)} {...extra} />;
}

/** The values of the own fields, where they sit in the form. */
const ownPath = (name: string) => `own.${name}`;

function ownErrors(own: OwnRuleFields, values: EntryValues): Record<string, string> {
  const errors: Record<string, string> = { ...own.validate?.(values) };
  for (const f of own.fields) {
    if (f.shown && !f.shown(values)) continue;
    const error = f.validate?.(String(values[f.name] ?? ''), values);
    if (error) errors[f.name] ??= error;
  }
  return errors;
}

/** A scoped rule's own fields, as EntryDialog draws them, bound to `own.<name>`. */
function ownFieldControls(form: Form, own: OwnRuleFields) {
  const values = form.values.own ?? {};
  return own.fields
    .filter((f) => !f.shown || f.shown(values))
    .map((f) => {
      const name = ownPath(f.name);
      if (f.type === 'switch')
        return <Fragment key={f.name}>{bind(form).switchField(name, f.label)}</Fragment>;
      return (
        <TextField
          key={f.name}
          select={f.type === 'select'}
          {...bind(form).field(name, f.label, f.helperText)}
          value={String(values[f.name] ?? '')}
          slotProps={{ htmlInput: { 'data-testid': `${webPolicyIds.ruleDialog}-${f.name}` } }}
        >
          {f.options?.map((o) => (
            <MenuItem key={o.code} value={o.code}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    });
}

/** Panels valid when none of their fields has an error. */
/** The category choices of the Destinations panel, by group. */
export const categoryOptionsOf = (groups: readonly CategoryGroupOption[]) =>
  groups.flatMap((g) => g.categories.map((c) => ({ id: c.id, name: c.name, group: g.name })));

/**
 * The rule accordion's condition panels (Destinations; Who and where; Schedule and comment) over
 * a form holding RuleFormValues: the domain rules' and every scoped rule's (copy/paste, watermark,
 * forensics, bandwidth), which share the web rules' conditions and schedule.
 */
export function conditionPanels(
  form: Form,
  groups: readonly CategoryGroupOption[],
  categoryOptions: ReturnType<typeof categoryOptionsOf>,
  serverError?: ServerError,
  entityOptions?: EntityOptions,
): RuleAccordionPanel[] {
  const field = (name: keyof RuleFormValues, label: string, extra: object = {}) =>
    text(form, name, label, extra, serverError);
  const uri = bind(form).choiceField<RuleFormValues['uri']>('uri');
  return [
    {
      id: 'destinations',
      title: 'Destinations',
      optional: true,
      valid: validFields(form, ['domains', 'uri', 'categories', 'threats', 'destAddresses', 'destRanges']),
      content: (
        <Stack spacing={2}>
          {field('domains', 'Domains (one per line; *.example.com covers its subdomains)', {
            multiline: true,
            minRows: 3,
            slotProps: { htmlInput: { 'data-testid': webPolicyIds.ruleDomains } },
          })}
          <Box>
            <FormLabel component="legend">URI match</FormLabel>
            {form.values.uri.map((u, i) => (
              <Box key={i} sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
                <TextField
                  select
                  {...bind(form).field(`uri.${i}.match`, 'Match')}
                  size="small"
                  value={u.match}
                  fullWidth={false}
                  sx={{ minWidth: 180 }}
                >
                  {STRING_MATCHES.map((m) => (
                    <MenuItem key={m} value={m}>
                      {MATCH_LABELS[m]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  {...bind(form).field(`uri.${i}.value`, 'URI')}
                  size="small"
                  value={u.value}
                  fullWidth={false}
                  sx={{ flex: 1, minWidth: 200 }}
                />
                <IconButton
                  aria-label={`Remove URI condition ${i + 1}`}
                  onClick={() => uri.onChange(uri.value.filter((_, j) => j !== i))}
                >
                  <DeleteIcon />
                </IconButton>
              </Box>
            ))}
            <Button
              size="small"
              sx={{ mt: 1 }}
              onClick={() => uri.onChange([...uri.value, { match: 'starts_with', value: '' }])}
            >
              Add URI condition
            </Button>
          </Box>
          <Autocomplete
            multiple
            options={categoryOptions.map((c) => c.id)}
            groupBy={(id) => categoryOptions.find((c) => c.id === id)?.group ?? ''}
            getOptionLabel={(id) => categoryName(groups, id)}
            {...bind(form).autocompleteField<RuleFormValues['categories']>('categories')}
            renderInput={(params) => <TextField {...params} label="Categories" />}
          />
          <Autocomplete
            multiple
            options={THREAT_CLASSES.map((t) => t.code)}
            getOptionLabel={(code) => vocabularyLabel(THREAT_CLASSES, code)}
            {...bind(form).autocompleteField<RuleFormValues['threats']>('threats')}
            renderInput={(params) => <TextField {...params} label="Threats" />}
          />
          {field('destAddresses', 'Destination IP addresses (one per line: 10.0.0.1 or 10.0.0.0/8)', {
            multiline: true,
            minRows: 2,
            slotProps: { htmlInput: { 'data-testid': webPolicyIds.ruleDestIps } },
          })}
          {field('destRanges', 'Destination IP ranges (one per line: 10.0.0.1 or 10.0.0.1-10.0.0.9)', {
            multiline: true,
            minRows: 2,
            slotProps: { htmlInput: { 'data-testid': webPolicyIds.ruleDestIpRanges } },
          })}
        </Stack>
      ),
    },
    sourcesPanel(form, serverError, undefined, {
      fields: ['sourceAddresses', 'browsers', 'entities'],
      content: (
        <>
          {field('sourceAddresses', 'Source IP addresses (one per line: 10.0.0.1 or 10.0.0.0/8)', {
            multiline: true,
            minRows: 2,
            slotProps: { htmlInput: { 'data-testid': webPolicyIds.ruleSourceIps } },
          })}
          {bind(form, serverError).checkboxListField(
            'browsers',
            'Browsers',
            BROWSERS.map((b) => ({ value: b, label: BROWSER_LABELS[b] ?? b })),
          )}
          <Autocomplete<string, true, false, true>
            multiple
            freeSolo
            options={[...(entityOptions?.options ?? [])]}
            filterSelectedOptions
            onInputChange={(_e, text) => entityOptions?.onSearch(text)}
            {...bind(form).autocompleteField<string[]>('entities')}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Entities (usernames or user domains)"
                error={Boolean(bind(form, serverError).errorOf('entities'))}
                helperText={bind(form, serverError).errorOf('entities')}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': webPolicyIds.ruleEntities },
                }}
              />
            )}
          />
        </>
      ),
    }),
    schedulePanel(form, serverError),
  ];
}

/**
 * The Who and where panel (users, groups, source IP ranges, countries) over any family's rule form
 * holding those fields; `domains` puts the destination domains first (rules with no Destinations
 * panel, e.g. content inspection's).
 */
export function sourcesPanel(
  form: ConditionForm,
  serverError?: ConditionServerError,
  domains?: { testId: string },
  more?: { fields: readonly string[]; content: ReactNode },
): RuleAccordionPanel {
  const field = (name: keyof ConditionValues, label: string, extra: object = {}) =>
    text(form, name, label, extra, serverError);
  return {
    id: 'sources',
    title: 'Who and where',
    optional: true,
    valid: validFields(form, [
      ...(domains ? ['domains'] : []),
      'users',
      'groups',
      'sourceIps',
      'countries',
      ...(more?.fields ?? []),
    ]),
    content: (
      <Stack spacing={2}>
        {domains &&
          field('domains', 'Domains (one per line; *.example.com covers its subdomains)', {
            multiline: true,
            minRows: 2,
            slotProps: { htmlInput: { 'data-testid': domains.testId } },
          })}
        {field('users', 'Users (one per line)', { multiline: true, minRows: 2 })}
        {field('groups', 'Groups (one per line)', { multiline: true, minRows: 2 })}
        {field('sourceIps', 'Source IP ranges (one per line: 10.0.0.1 or 10.0.0.1-10.0.0.9)', {
          multiline: true,
          minRows: 2,
        })}
        <Autocomplete
          multiple
          options={COUNTRIES.map((c) => c.code)}
          getOptionLabel={(code) => `${vocabularyLabel(COUNTRIES, code)} (${code})`}
          {...bind(form).autocompleteField<ConditionValues['countries']>('countries')}
          renderInput={(params) => <TextField {...params} label="Countries" />}
        />
        {more?.content}
      </Stack>
    ),
  };
}

/** The Schedule and comment panel over any family's rule form holding those fields. */
export function schedulePanel(form: ConditionForm, serverError?: ConditionServerError): RuleAccordionPanel {
  const field = (name: keyof ConditionValues, label: string, extra: object = {}) =>
    text(form, name, label, extra, serverError);
  return {
    id: 'schedule',
    title: 'Schedule and comment',
    optional: true,
    valid: validFields(form, ['days', 'from', 'to', 'timeZone', 'comment']),
    content: (
      <Stack spacing={2}>
        {bind(form).switchField('scheduleOn', 'Only at these times')}
        {form.values.scheduleOn && (
          <>
            {bind(form).checkboxListField(
              'days',
              'Days',
              WEEKDAYS.map((day, d) => ({ value: d, label: day })),
            )}
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              {field('from', 'From (HH:MM)', { sx: { maxWidth: 160 } })}
              {field('to', 'To (HH:MM)', { sx: { maxWidth: 160 } })}
              {field('timeZone', 'Time zone', { sx: { flex: 1, minWidth: 200 } })}
            </Box>
          </>
        )}
        {field('comment', 'Comment', { multiline: true, minRows: 2 })}
      </Stack>
    ),
  };
}

/**
 * Adds or edits a domain rule (issue 12) in the shared rule accordion (docs/shared-ui.md §9): Rule (name,
 * action, on/off), Destinations (domains, URI, categories, threats), Who and where (users, groups,
 * source IP ranges, countries), Schedule and comment. Apply puts the rule in the draft; the
 * section's Save stores it.
 */
export function RuleDialog({
  rule,
  noun = 'Domain rule',
  own,
  newId,
  groups,
  canWrite,
  serverError,
  entityOptions,
  onApply,
  onClose,
}: RuleDialogProps) {
  const ownInitial = own?.initial;
  const initialValues = useMemo(
    (): RuleFormValues => ({ ...ruleFormValues(rule), ...(ownInitial ? { own: ownInitial } : {}) }),
    [rule, ownInitial],
  );
  const categoryOptions = useMemo(() => categoryOptionsOf(groups), [groups]);
  const title = ruleDialogTitle(noun, rule?.name);
  const validate = (values: RuleFormValues) => {
    const errors = own ? ownErrors(own, values.own ?? {}) : {};
    return Object.keys(errors).length ? { own: errors } : {};
  };
  return (
    <Formik<RuleFormValues>
      initialValues={initialValues}
      validationSchema={ruleFormSchema}
      validate={validate}
      validateOnMount
      onSubmit={(values) => onApply(ruleFromForm(values, rule, rule?.id ?? newId), values.own ?? {})}
    >
      {(form) => {
        const field = (name: keyof RuleFormValues, label: string, extra: object = {}) =>
          text(form, name, label, extra, serverError);
        const panels: RuleAccordionPanel[] = [
          rulePanel(
            form,
            ['name', 'action', 'own'],
            <>
              {field('name', 'Name', {
                required: true,
                slotProps: { htmlInput: { 'data-testid': webPolicyIds.ruleName } },
              })}
              {own ? (
                ownFieldControls(form, own)
              ) : (
                <TextField
                  select
                  {...bind(form).field('action', 'Action')}
                  slotProps={{ htmlInput: { 'data-testid': webPolicyIds.ruleAction } }}
                >
                  {RULE_ACTION_OPTIONS.map((a) => (
                    <MenuItem key={a.code} value={a.code}>
                      {a.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {bind(form).switchField('enabled', 'Enabled')}
            </>,
          ),
          ...conditionPanels(form, groups, categoryOptions, serverError, entityOptions),
        ];
        return (
          <RuleDialogFrame
            title={title}
            testId={webPolicyIds.ruleDialog}
            panels={panels}
            editMode={rule !== null}
            readOnly={!canWrite}
            onSubmit={() => form.handleSubmit()}
            validation={{ form, schema: ruleFormSchema, validate }}
            onClose={onClose}
            cancel={{ testId: webPolicyIds.ruleCancel }}
          />
        );
      }}
    </Formik>
  );
}
