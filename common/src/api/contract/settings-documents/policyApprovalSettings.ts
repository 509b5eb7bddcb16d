/**
 * Settings › General's policy approval (docs/policy-impact.md §2): whether a publish of the policy
 * needs a second administrator's approval before it takes effect. Off by default (one
 * administrator publishes, as before).
 */
import { Type } from 'typebox';
import type { SettingsDocumentDef } from '../tenantSettingsDocuments';
import { SETTINGS_DOCUMENT_GROUPS } from '../settingsPermissions';

export const POLICY_APPROVAL_SETTINGS: SettingsDocumentDef = {
  title: 'Policy approval',
  intro: 'Whether a second administrator must approve a policy publish before it takes effect.',
  path: '/api/settings/v1/tenants/policy_approval',
  entity: 'settings_doc_policy_approval',
  area: 'settings/general',
  permissionGroups: SETTINGS_DOCUMENT_GROUPS,
  permissionItem: 'policy_approval',
  features: [],
  auditArea: 'policy_approval',
  schema: Type.Object({ two_person_approval: Type.Boolean() }, { additionalProperties: false }),
  defaults: { two_person_approval: false },
  form: [
    {
      field: 'two_person_approval',
      label: 'A second administrator approves every policy publish',
      kind: 'checkbox',
      helperText: 'Changes made by the provider (tenant set-up, rollouts) are outside this approval',
    },
  ],
};
