import { useMemo } from 'react';
import { Formik } from 'formik';
import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import type { RuleAccordionPanel } from '@workbench/common';
import { RuleDialogFrame, ruleDialogTitle } from '../RuleDialogFrame';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { COMMENT_MAX_LENGTH } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { categoryName, type CategoryGroupOption } from '../web/categoryModel';
import {
  EMAIL_ACTION_OPTIONS,
  EMAIL_FORM_MESSAGES,
  emailKey,
  listError,
  nameError,
  senderKey,
  splitValues,
  type EmailAction,
} from './emailForm';
import { rulePanel, validFields } from '../kit/rulePanel';
import { formFields, messageAsIs } from '../formFields';

export type IsolationRule = PolicyData<'safemail/isolation'>['list'][number];

interface Values {
  name: string;
  action: EmailAction;
  enabled: boolean;
  /** One sender per line: a domain, *.domain or an address. */
  senders: string;
  /** One recipient address per line. */
  recipients: string;
  /** Category ids. */
  categories: number[];
  comment: string;
}

function validate(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  const name = nameError(values.name);
  if (name) errors.name = name;
  const senders = listError(values.senders, senderKey);
  if (senders) errors.senders = senders;
  const recipients = listError(values.recipients, emailKey);
  if (recipients) errors.recipients = recipients;
  if (values.comment.length > COMMENT_MAX_LENGTH) errors.comment = EMAIL_FORM_MESSAGES.maxlength;
  return errors;
}

export interface EmailRuleDialogProps {
  newId: string;
  canWrite: boolean;
  onClose: () => void;
  rule: IsolationRule | null;
  groups: readonly CategoryGroupOption[];
  onApply: (rule: IsolationRule) => void;
}

/**
 * Adds or edits a link isolation rule (an ordered e-mail rule) in the shared rule accordion
 * (docs/shared-ui.md §9) with Formik: Rule (name, action, on/off); Who and what (senders,
 * recipients and categories); Comment. Empty lists mean
 * "every". Apply puts the rule in the draft; the section's Save stores it.
 */
export function EmailRuleDialog(props: EmailRuleDialogProps) {
  const { rule, newId, canWrite, onClose, groups } = props;
  const initialValues = useMemo<Values>(
    () => ({
      name: rule?.name ?? '',
      action: rule?.action ?? 'safeview',
      enabled: rule?.enabled ?? true,
      senders: (rule?.senders ?? []).join('\n'),
      recipients: (rule?.recipients ?? []).join('\n'),
      categories: [...(rule?.categories ?? [])],
      comment: rule?.comment ?? '',
    }),
    // The dialog is opened per rule: its first values are the rule's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const categoryIds = useMemo(() => groups.flatMap((g) => g.categories.map((c) => c.id)), [groups]);
  const noun = 'Link isolation rule';
  const title = ruleDialogTitle(noun, rule?.name);

  const apply = (v: Values) => {
    const comment = v.comment.trim();
    const common = {
      id: rule?.id ?? newId,
      name: v.name,
      enabled: v.enabled,
      senders: splitValues(v.senders),
      action: v.action,
      ...(comment ? { comment } : {}),
    };
    props.onApply({ ...common, recipients: splitValues(v.recipients), categories: [...v.categories] });
  };

  return (
    <Formik<Values> initialValues={initialValues} validate={validate} validateOnMount onSubmit={apply}>
      {(form) => {
        const { field, switchField, autocompleteField } = formFields(form, {
          readOnly: false,
          message: messageAsIs,
        });
        const text = (f: keyof Values, label: string, extra: object = {}) => (
          <TextField {...field(f, label)} {...extra} />
        );
        const panels: RuleAccordionPanel[] = [
          rulePanel(
            form,
            ['name', 'action'],
            <>
              {text('name', 'Name', {
                required: true,
                slotProps: { htmlInput: { 'data-testid': webPolicyIds.ruleName } },
              })}
              <TextField
                select
                {...field('action', 'Action')}
                slotProps={{ htmlInput: { 'data-testid': webPolicyIds.ruleAction } }}
              >
                {EMAIL_ACTION_OPTIONS.map((a) => (
                  <MenuItem key={a.code} value={a.code}>
                    {a.label}
                  </MenuItem>
                ))}
              </TextField>
              {switchField('enabled', 'Enabled')}
            </>,
          ),
          {
            id: 'match',
            title: 'Senders, recipients and sites',
            optional: true,
            valid: validFields(form, ['senders', 'recipients', 'categories']),
            content: (
              <Stack spacing={2}>
                {text(
                  'senders',
                  'Senders (one per line: example.com, *.example.com or name@example.com; empty: every sender)',
                  {
                    multiline: true,
                    minRows: 3,
                  },
                )}
                {text('recipients', 'Recipients (one address per line; empty: every recipient)', {
                  multiline: true,
                  minRows: 2,
                })}
                <Autocomplete
                  multiple
                  {...autocompleteField<number[]>('categories')}
                  options={categoryIds}
                  groupBy={(id) => groups.find((g) => g.categories.some((c) => c.id === id))?.name ?? ''}
                  getOptionLabel={(id) => categoryName(groups, id)}
                  renderInput={(params) => (
                    <TextField {...params} label="Categories of the linked site (empty: every category)" />
                  )}
                />
              </Stack>
            ),
          },
          {
            id: 'comment',
            title: 'Comment',
            optional: true,
            valid: validFields(form, ['comment']),
            content: text('comment', 'Comment', { multiline: true, minRows: 2 }),
          },
        ];
        return (
          <RuleDialogFrame
            title={title}
            testId={webPolicyIds.ruleDialog}
            panels={panels}
            editMode={rule !== null}
            readOnly={!canWrite}
            onSubmit={() => form.handleSubmit()}
            validation={{ form, validate }}
            onClose={onClose}
            cancel={{ testId: webPolicyIds.ruleCancel }}
          />
        );
      }}
    </Formik>
  );
}
