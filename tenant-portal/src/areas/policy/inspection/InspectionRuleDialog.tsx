import { useMemo } from 'react';
import { Formik } from 'formik';
import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import { contentTypeDisplayName, type RuleAccordionPanel } from '@workbench/common';
import { inspectionIds } from '@workbench/common/test-ids/inspectionIds';
import { RuleDialogFrame, ruleDialogTitle } from '../RuleDialogFrame';
import { schedulePanel, sourcesPanel } from '../web/RuleDialog';
import {
  DIRECTION_OPTIONS,
  PASSWORD_PROTECTED_OPTIONS,
  actionOptions,
  inspectionMessage,
  inspectionRuleFormValues,
  inspectionRuleFromForm,
  inspectionRuleSchema,
  type InspectionRuleFormValues,
  type InspectionRuleKind,
  type RuleOf,
} from './inspectionRuleForm';
import { rulePanel, validFields } from '../kit/rulePanel';
import { formFields } from '../formFields';

export interface InspectionRuleDialogProps<K extends InspectionRuleKind> {
  kind: K;
  /** What the rules are called in the title ("Inspection exception"). */
  noun: string;
  rule: RuleOf[K] | null;
  newId: string;
  /** May change the rule; readers see it read-only. */
  canWrite: boolean;
  /** The v4 content types' names (contentV4 rules). */
  contentTypeNames?: readonly string[];
  /** The server's message for one field of this rule (a 400 on the last save). */
  serverError?: { field: string; message: string } | null;
  onApply: (rule: RuleOf[K]) => void;
  onClose: () => void;
}

const inspectionError = (error: unknown) =>
  typeof error === 'string' ? inspectionMessage(error) : undefined;

/** The form field a 400's path inside a rule points at (`sha256.0` → sha256, `file_types.1` → fileTypes). */
export function inspectionFieldOf(rest: string): string | null {
  const [head, key] = rest.split('.');
  const own: Record<string, string> = {
    name: 'name',
    action: 'action',
    comment: 'comment',
    sha256: 'sha256',
    direction: 'direction',
    file_types: 'fileTypes',
    content_types: 'contentTypes',
  };
  if (own[head]) return own[head];
  if (head === 'schedule') return key === 'time_zone' ? 'timeZone' : key === 'from' ? 'from' : 'to';
  if (head !== 'conditions') return null;
  const conditions: Record<string, string> = {
    domain: 'domains',
    users: 'users',
    groups: 'groups',
    source_ip_ranges: 'sourceIps',
    geo_ip: 'countries',
  };
  return conditions[key] ?? null;
}

/**
 * Adds or edits a content-inspection rule in the shared rule accordion (docs/shared-ui.md §9): Rule (name,
 * action, on/off), Files (what the kind matches: hashes, extensions or content types, direction,
 * how documents open), Who and where (domains, users, groups, source IP ranges, countries),
 * Schedule and comment. Apply puts the rule in the draft; the section's Save stores it.
 */
export function InspectionRuleDialog<K extends InspectionRuleKind>({
  kind,
  noun,
  rule,
  newId,
  canWrite,
  contentTypeNames = [],
  serverError,
  onApply,
  onClose,
}: InspectionRuleDialogProps<K>) {
  const initialValues = useMemo(() => inspectionRuleFormValues(kind, rule), [kind, rule]);
  const schema = useMemo(() => inspectionRuleSchema(kind), [kind]);
  const title = ruleDialogTitle(noun, rule?.name);
  return (
    <Formik<InspectionRuleFormValues>
      initialValues={initialValues}
      validationSchema={schema}
      validateOnMount
      onSubmit={(values) => onApply(inspectionRuleFromForm(kind, values, rule, rule?.id ?? newId))}
    >
      {(form) => {
        const { errorOf, field, switchField, autocompleteField } = formFields(form, {
          readOnly: false,
          message: inspectionError,
          serverError,
        });
        const text = (name: keyof InspectionRuleFormValues, label: string, extra: object = {}) => (
          <TextField {...field(name, label)} {...extra} />
        );
        const select = (
          name: keyof InspectionRuleFormValues,
          label: string,
          options: ReadonlyArray<{ code: string; label: string }>,
          testId?: string,
        ) => (
          <TextField
            select
            {...field(name, label)}
            slotProps={{ htmlInput: testId ? { 'data-testid': testId } : {} }}
          >
            {options.map((o) => (
              <MenuItem key={o.code} value={o.code}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        );
        const toggle = (name: keyof InspectionRuleFormValues, label: string) => switchField(name, label);
        const direction = select('direction', 'Direction', DIRECTION_OPTIONS, inspectionIds.ruleDirection);
        const fileTypes = text('fileTypes', 'File extensions (e.g. pdf, docx, zip)', {
          required: true,
          slotProps: { htmlInput: { 'data-testid': inspectionIds.ruleFileTypes } },
        });
        const contentTypesError = errorOf('contentTypes');
        const files: Record<InspectionRuleKind, RuleAccordionPanel['content']> = {
          exception: text('sha256', 'SHA-256 hashes (one per line; none: every file the conditions match)', {
            multiline: true,
            minRows: 3,
            slotProps: { htmlInput: { 'data-testid': inspectionIds.ruleSha256 } },
          }),
          content: (
            <Stack spacing={2}>
              {direction}
              {fileTypes}
              {toggle(
                'cdr',
                'Content disarm and reconstruction (deliver files rebuilt without active content)',
              )}
            </Stack>
          ),
          docs: (
            <Stack spacing={2}>
              {direction}
              {fileTypes}
              {toggle('allowDownload', 'Allow downloading the original')}
              {toggle('allowPrint', 'Allow printing')}
              {select('passwordProtected', 'Password-protected documents', PASSWORD_PROTECTED_OPTIONS)}
            </Stack>
          ),
          contentV4: (
            <Stack spacing={2}>
              {direction}
              <Autocomplete
                multiple
                options={[...new Set([...contentTypeNames, ...form.values.contentTypes])]}
                getOptionLabel={contentTypeDisplayName}
                {...autocompleteField<string[]>('contentTypes')}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Content types"
                    required
                    error={Boolean(contentTypesError)}
                    helperText={contentTypesError ?? 'Each covers all its formats.'}
                  />
                )}
              />
            </Stack>
          ),
        };
        const panels: RuleAccordionPanel[] = [
          rulePanel(
            form,
            ['name', 'action'],
            <>
              {text('name', 'Name', {
                required: true,
                slotProps: { htmlInput: { 'data-testid': inspectionIds.ruleName } },
              })}
              {select('action', 'Action', actionOptions(kind), inspectionIds.ruleAction)}
              {toggle('enabled', 'Enabled')}
            </>,
          ),
          {
            id: 'files',
            title: 'Files',
            optional: kind === 'exception',
            valid: validFields(form, ['sha256', 'fileTypes', 'contentTypes', 'direction']),
            content: files[kind],
          },
          sourcesPanel(form, serverError, { testId: inspectionIds.ruleDomains }),
          schedulePanel(form, serverError),
        ];
        return (
          <RuleDialogFrame
            title={title}
            testId={inspectionIds.ruleDialog}
            panels={panels}
            editMode={rule !== null}
            readOnly={!canWrite}
            onSubmit={() => form.handleSubmit()}
            validation={{ form, schema }}
            onClose={onClose}
            cancel={{ testId: inspectionIds.ruleCancel }}
          />
        );
      }}
    </Formik>
  );
}
