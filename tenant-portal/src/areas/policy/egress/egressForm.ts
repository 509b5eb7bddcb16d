/**
 * The egress header rule form (docs/policy.md §3 Policy, body egress_policy; docs/shared-ui.md §10): Formik
 * values, yup rules and the conversion to and from a rule of the egress_policy kind. The rules the
 * server's check makes (a blocked header, a value only to insert) are checked here first, with
 * the header blocklist the server answers.
 */
import * as yup from 'yup';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import {
  EGRESS_HEADERS_MAX,
  HEADER_ACTIONS,
  HEADER_VALUE_MAX_LENGTH,
} from '@workbench/common/api/contract/policy-kinds/egressKinds';
import { COMMENT_MAX_LENGTH } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { lines } from '../web/listEdits';
import { ruleFormSchema } from '../web/ruleForm';
import { domainLines } from '../casb/casbForms';

export type EgressDoc = PolicyData<'egress_policy'>;
export type EgressRule = EgressDoc['egress_policy']['rules'][number];
export type HeaderAction = (typeof HEADER_ACTIONS)[number];

export interface HeaderValues {
  name: string;
  action: HeaderAction;
  value: string;
}

export interface EgressRuleValues {
  name: string;
  enabled: boolean;
  domains: string;
  headers: HeaderValues[];
  users: string;
  groups: string;
  comment: string;
}

export const HEADER_ACTION_LABELS: Record<HeaderAction, string> = { insert: 'Insert', remove: 'Remove' };

export const EGRESS_MESSAGES = {
  headerName: "Enter a header name: letters, digits and ! # $ % & ' * + . ^ _ ` | ~ -.",
  headerBlocked: 'This header may not be changed.',
  headerValue: 'Enter the value to insert (printable characters).',
  tooManyHeaders: `At most ${EGRESS_HEADERS_MAX} headers.`,
  noHeaders: 'Add at least one header.',
} as const;

const TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,128}$/;

export const egressRuleValues = (r: EgressRule | null): EgressRuleValues => ({
  name: r?.name ?? '',
  enabled: r?.enabled ?? true,
  domains: (r?.conditions.domain ?? []).join('\n'),
  headers: r
    ? r.headers.map((h) => ({ name: h.name, action: h.action, value: h.value ?? '' }))
    : [{ name: '', action: 'insert', value: '' }],
  users: (r?.conditions.users ?? []).join('\n'),
  groups: (r?.conditions.groups ?? []).join('\n'),
  comment: r?.comment ?? '',
});

export const egressRuleSchema = (blocked: readonly string[]) =>
  yup.object({
    name: ruleFormSchema.fields.name,
    domains: domainLines(false),
    users: ruleFormSchema.fields.users,
    groups: ruleFormSchema.fields.groups,
    comment: yup.string().max(COMMENT_MAX_LENGTH, 'maxlength'),
    headers: yup
      .array(
        yup.object({
          name: yup
            .string()
            .required('required')
            .matches(TOKEN, EGRESS_MESSAGES.headerName)
            .test(
              'blocked',
              EGRESS_MESSAGES.headerBlocked,
              (v) => !blocked.includes((v ?? '').toLowerCase()),
            ),
          action: yup.string().oneOf([...HEADER_ACTIONS]),
          value: yup.string().when('action', {
            is: 'insert',
            then: (s) =>
              s
                .required('required')
                .max(HEADER_VALUE_MAX_LENGTH, 'maxlength')
                .matches(/^[\x20-\x7E\t]*$/, EGRESS_MESSAGES.headerValue),
          }),
        }),
      )
      .min(1, EGRESS_MESSAGES.noHeaders)
      .max(EGRESS_HEADERS_MAX, EGRESS_MESSAGES.tooManyHeaders),
  });

export function egressRuleFrom(v: EgressRuleValues, base: EgressRule | null, id: string): EgressRule {
  const { domain: _d, users: _u, groups: _g, ...kept } = base?.conditions ?? {};
  const domain = lines(v.domains);
  const users = lines(v.users);
  const groups = lines(v.groups);
  return {
    id,
    name: v.name,
    enabled: v.enabled,
    conditions: {
      ...kept,
      ...(domain.length ? { domain } : {}),
      ...(users.length ? { users } : {}),
      ...(groups.length ? { groups } : {}),
    },
    ...(base?.schedule ? { schedule: base.schedule } : {}),
    headers: v.headers.map((h) =>
      h.action === 'insert'
        ? { name: h.name.trim(), action: h.action, value: h.value }
        : { name: h.name.trim(), action: h.action },
    ),
    ...(v.comment.trim() ? { comment: v.comment.trim() } : {}),
  };
}

/** "Insert X-Tenant; remove Via" for the table. */
export const headersSummary = (r: EgressRule): string =>
  r.headers
    .map((h) => `${HEADER_ACTION_LABELS[h.action].toLowerCase()} ${h.name}`)
    .join('; ')
    .replace(/^./, (c) => c.toUpperCase());
