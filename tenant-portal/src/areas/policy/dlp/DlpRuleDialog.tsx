import { useMemo } from 'react';
import { Formik } from 'formik';
import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import type { RuleAccordionPanel } from '@workbench/common';
import { RuleDialogFrame, ruleDialogTitle } from '../RuleDialogFrame';
import { IdListPicker } from '../kit/IdListPicker';
import { dlpPolicyIds } from '@workbench/common/test-ids/dlpIds';
import {
  DIRECTION_OPTIONS,
  DLP_ACTION_OPTIONS,
  RESOURCE_OPTIONS,
  dlpMessage,
  dlpRuleFormSchema,
  dlpRuleFormValues,
  dlpRuleFromForm,
  type DlpRule,
  type DlpRuleFormValues,
} from './dlpRuleForm';
import { rulePanel, validFields } from '../kit/rulePanel';
import { formFields } from '../formFields';

/** An entry another DLP document names by id (a dictionary, an auditor). */
export interface NamedOption {
  id: string;
  name: string;
}

export interface DlpRuleDialogProps {
  rule: DlpRule | null;
  newId: string;
  dictionaries: readonly NamedOption[];
  auditors: readonly NamedOption[];
  canWrite: boolean;
  onApply: (rule: DlpRule) => void;
  onClose: () => void;
}

const dlpError = (error: unknown) => (typeof error === 'string' ? dlpMessage(error) : undefined);

/** An id another document no longer has reads "Deleted (id)" rather than vanishing from the rule. */
const nameOf = (options: readonly NamedOption[], id: string) =>
  options.find((o) => o.id === id)?.name ?? `Deleted (${id})`;

/**
 * Adds or edits a DLP rule in the shared rule accordion (docs/shared-ui.md §9): Rule (name, action,
 * direction, on/off, user notification), Content (dictionaries and how their matches combine,
 * the kinds of transfer), Who and where, Auditors and comment. Apply puts the rule in the draft;
 * the section's Save stores it.
 */
export function DlpRuleDialog({
  rule,
  newId,
  dictionaries,
  auditors,
  canWrite,
  onApply,
  onClose,
}: DlpRuleDialogProps) {
  const initialValues = useMemo(() => dlpRuleFormValues(rule), [rule]);
  return (
    <Formik<DlpRuleFormValues>
      initialValues={initialValues}
      validationSchema={dlpRuleFormSchema}
      validateOnMount
      onSubmit={(values) => onApply(dlpRuleFromForm(values, rule, rule?.id ?? newId))}
    >
      {(form) => {
        const { errorOf, field, switchField, autocompleteField } = formFields(form, {
          readOnly: !canWrite,
          testIdPrefix: dlpPolicyIds.field,
          message: dlpError,
        });
        const text = (name: keyof DlpRuleFormValues, label: string, extra: object = {}) => (
          <TextField {...field(name, label)} {...extra} />
        );
        const select = (
          name: keyof DlpRuleFormValues,
          label: string,
          options: ReadonlyArray<{ code: string; label: string }>,
        ) => (
          <TextField select {...field(name, label)}>
            {options.map((o) => (
              <MenuItem key={o.code} value={o.code}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        );
        const toggle = (name: 'enabled' | 'notifyUser', label: string) => switchField(name, label);
        const idList = (
          name: 'dictionaries' | 'auditors',
          label: string,
          options: readonly NamedOption[],
          error?: string,
        ) => (
          <IdListPicker
            bound={autocompleteField<string[]>(name)}
            label={label}
            ids={options.map((o) => o.id)}
            labelOf={(id) => nameOf(options, id)}
            error={error}
            testId={`${dlpPolicyIds.field}-${name}`}
            disabled={!canWrite}
          />
        );
        const dictionaryError = errorOf('dictionaries');
        const panels: RuleAccordionPanel[] = [
          rulePanel(
            form,
            ['name'],
            <>
              {text('name', 'Name', { required: true })}
              {select('action', 'Action', DLP_ACTION_OPTIONS)}
              {select('direction', 'Direction', DIRECTION_OPTIONS)}
              {toggle('enabled', 'Enabled')}
              {toggle('notifyUser', 'Show the user the DLP notification page')}
            </>,
          ),
          {
            id: 'content',
            title: 'Content',
            valid: validFields(form, ['dictionaries']),
            content: (
              <Stack spacing={2}>
                {idList('dictionaries', 'Dictionaries', dictionaries, dictionaryError)}
                {select('logic', 'A transfer matches when', [
                  { code: 'or', label: 'Any of the dictionaries matches' },
                  { code: 'and', label: 'Every dictionary matches' },
                ])}
                <Autocomplete
                  multiple
                  {...autocompleteField<DlpRuleFormValues['resources']>('resources')}
                  options={RESOURCE_OPTIONS.map((r) => r.code)}
                  getOptionLabel={(code) => RESOURCE_OPTIONS.find((r) => r.code === code)?.label ?? code}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Kinds of transfer"
                      helperText="None chosen: every kind is inspected."
                    />
                  )}
                />
              </Stack>
            ),
          },
          {
            id: 'sources',
            title: 'Who and where',
            optional: true,
            valid: validFields(form, ['users', 'groups', 'domains', 'sourceIps']),
            content: (
              <Stack spacing={2}>
                {text('users', 'Users (one per line; none: everyone)', { multiline: true, minRows: 2 })}
                {text('groups', 'Groups (one per line)', { multiline: true, minRows: 2 })}
                {text('domains', 'Destination domains (one per line; *.example.com covers its subdomains)', {
                  multiline: true,
                  minRows: 2,
                })}
                {text('sourceIps', 'Source IP ranges (one per line: 10.0.0.1 or 10.0.0.1-10.0.0.9)', {
                  multiline: true,
                  minRows: 2,
                })}
              </Stack>
            ),
          },
          {
            id: 'auditors',
            title: 'Auditors and comment',
            optional: true,
            valid: validFields(form, ['comment']),
            content: (
              <Stack spacing={2}>
                {idList('auditors', 'Auditors told of a match', auditors)}
                {text('comment', 'Comment', { multiline: true, minRows: 2 })}
              </Stack>
            ),
          },
        ];
        return (
          <RuleDialogFrame
            title={ruleDialogTitle('DLP rule', rule?.name)}
            testId={dlpPolicyIds.ruleDialog}
            panels={panels}
            editMode={rule !== null}
            readOnly={!canWrite}
            onSubmit={() => form.handleSubmit()}
            validation={{ form, schema: dlpRuleFormSchema }}
            onClose={onClose}
            cancel={{ testId: dlpPolicyIds.ruleCancel }}
          />
        );
      }}
    </Formik>
  );
}
