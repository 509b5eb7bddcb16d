import type { ReactNode } from 'react';
import { getIn, type FormikProps } from 'formik';
import { Stack } from '@mui/material';
import type { RuleAccordionPanel } from '@workbench/common';

/** A panel of a rule dialog is valid while none of its fields has an error. */
export const validFields = <V,>(form: Pick<FormikProps<V>, 'errors'>, fields: readonly string[]): boolean =>
  fields.every((f) => getIn(form.errors, f) === undefined);

/**
 * The first panel of every rule dialog (`../RuleDialogFrame.tsx`): "Rule", summed up by the rule's
 * name, its fields (`fields`, for the panel's validity) stacked.
 */
export function rulePanel<V extends { name: string }>(
  form: FormikProps<V>,
  fields: readonly string[],
  content: ReactNode,
): RuleAccordionPanel {
  return {
    id: 'rule',
    title: 'Rule',
    summary: form.values.name,
    valid: validFields(form, fields),
    content: <Stack spacing={2}>{content}</Stack>,
  };
}
