import { useMemo } from 'react';
import { Formik } from 'formik';
import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import type { RuleAccordionPanel } from '@workbench/common';
import { RuleDialogFrame, ruleDialogTitle } from '../RuleDialogFrame';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { COMMENT_MAX_LENGTH } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { MOBILE_PLATFORMS } from '@workbench/common/api/contract/policy-kinds/emailKinds';
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

export type MobileRule = PolicyData<'safemail/mobile'>['list'][number];
export type IsolationRule = PolicyData<'safemail/isolation'>['list'][number];
type Platform = (typeof MOBILE_PLATFORMS)[number];

const NO_GROUPS: readonly CategoryGroupOption[] = [];

export const PLATFORM_LABELS: Record<Platform, string> = { ios: 'iOS', android: 'Android', other: 'Other' };

interface Values {
  name: string;
  action: EmailAction;
  enabled: boolean;
  /** One sender per line: a domain, *.domain or an address. */
  senders: string;
  /** Isolation: one recipient address per line. */
  recipients: string;
  /** Isolation: category ids. */
  categories: number[];
  /** Mobile: the platforms the rule applies on. */
  platforms: Platform[];
  comment: string;
}

function validate(values: Values, variant: 'mobile' | 'isolation'): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  const name = nameError(values.name);
  if (name) errors.name = name;
  const senders = listError(values.senders, senderKey);
  if (senders) errors.senders = senders;
  if (variant === 'isolation') {
    const recipients = listError(values.recipients, emailKey);
    if (recipients) errors.recipients = recipients;
  } else if (values.platforms.length === 0) errors.platforms = EMAIL_FORM_MESSAGES.noPlatforms;
  if (values.comment.length > COMMENT_MAX_LENGTH) errors.comment = EMAIL_FORM_MESSAGES.maxlength;
  return errors;
}

export type EmailRuleDialogProps = { newId: string; canWrite: boolean; onClose: () => void } & (
  | { variant: 'mobile'; rule: MobileRule | null; onApply: (rule: MobileRule) => void }
  | {
      variant: 'isolation';
      rule: IsolationRule | null;
      groups: readonly CategoryGroupOption[];
      onApply: (rule: IsolationRule) => void;
    }
);

/**
 * Adds or edits an ordered e-mail rule (link isolation or mobile) in the shared rule accordion
 * (docs/shared-ui.md §9) with Formik: Rule (name, action, on/off); Who and what (senders, and recipients
 * and categories for link isolation, or the platforms for mobile); Comment. Empty lists mean
 * "every". Apply puts the rule in the draft; the section's Save stores it.
 */
export function EmailRuleDialog(props: EmailRuleDialogProps) {
  const { variant, rule, newId, canWrite, onClose } = props;
  const groups = props.variant === 'isolation' ? props.groups : NO_GROUPS;
  const initialValues = useMemo<Values>(
    () => ({
      name: rule?.name ?? '',
      action: rule?.action ?? 'safeview',
      enabled: rule?.enabled ?? true,
      senders: (rule?.senders ?? []).join('\n'),
      recipients: props.variant === 'isolation' ? (props.rule?.recipients ?? []).join('\n') : '',
      categories: props.variant === 'isolation' ? [...(props.rule?.categories ?? [])] : [],
      platforms: props.variant === 'mobile' ? [...(props.rule?.platforms ?? ['ios', 'android'])] : [],
      comment: rule?.comment ?? '',
    }),
    // The dialog is opened per rule: its first values are the rule's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const categoryIds = useMemo(() => groups.flatMap((g) => g.categories.map((c) => c.id)), [groups]);
  const noun = variant === 'mobile' ? 'Mobile rule' : 'Link isolation rule';
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
    if (props.variant === 'mobile')
      props.onApply({ ...common, platforms: MOBILE_PLATFORMS.filter((p) => v.platforms.includes(p)) });
    else props.onApply({ ...common, recipients: splitValues(v.recipients), categories: [...v.categories] });
  };

  return (
    <Formik<Values>
      initialValues={initialValues}
      validate={(v) => validate(v, variant)}
      validateOnMount
      onSubmit={apply}
    >
      {(form) => {
        const { field, switchField, checkboxListField } = formFields(form, {
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
            title: variant === 'mobile' ? 'Senders and platforms' : 'Senders, recipients and sites',
            optional: true,
            valid: validFields(form, ['senders', 'recipients', 'categories', 'platforms']),
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
                {variant === 'isolation' &&
                  text('recipients', 'Recipients (one address per line; empty: every recipient)', {
                    multiline: true,
                    minRows: 2,
                  })}
                {variant === 'isolation' && (
                  <Autocomplete
                    multiple
                    options={categoryIds}
                    groupBy={(id) => groups.find((g) => g.categories.some((c) => c.id === id))?.name ?? ''}
                    getOptionLabel={(id) => categoryName(groups, id)}
                    value={form.values.categories}
                    onChange={(_e, value) => void form.setFieldValue('categories', value)}
                    renderInput={(params) => (
                      <TextField {...params} label="Categories of the linked site (empty: every category)" />
                    )}
                  />
                )}
                {variant === 'mobile' &&
                  checkboxListField(
                    'platforms',
                    'Platforms',
                    MOBILE_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] })),
                  )}
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
            validation={{ form, validate: (v) => validate(v, variant) }}
            onClose={onClose}
            cancel={{ testId: webPolicyIds.ruleCancel }}
          />
        );
      }}
    </Formik>
  );
}
