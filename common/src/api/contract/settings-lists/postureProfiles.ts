/**
 * Posture profiles (docs/settings.md §11): what a device must show before its client connects, a
 * row of the tenant settings registry (../tenantSettings.ts), saved with `PUT posture_profiles`.
 * The spec names the posture checks and the comparators (the enumerations); a profile's shape is
 * ours: `name`, `description`, `logic` (and, or: all checks or any) and `checks`, each
 * `{check, comparator, values}` judged by the one evaluator (common/src/posture/evaluate.ts), which
 * also says which check does not fit its comparator.
 */
import { Type } from 'typebox';
import { literalUnion } from '../providerOps';
import type { SettingsListDef } from '../tenantSettings';
import {
  POSTURE_CHECKS,
  POSTURE_COMPARATORS,
  POSTURE_LOGIC,
  postureCheckProblem,
  type PostureCheck,
} from '../../../posture/evaluate';

export const POSTURE_PROFILES_MAX = 50;
export const POSTURE_CHECKS_MAX = 20;

const TEXT = Type.String({ minLength: 1, maxLength: 250 });
const UUID = Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' });
const closed = { additionalProperties: false } as const;

export const PostureCheckSchema = Type.Object(
  {
    check: literalUnion(POSTURE_CHECKS),
    comparator: literalUnion(POSTURE_COMPARATORS),
    // One value, two for inbetween; of the check's kind (the evaluator's postureCheckProblem).
    values: Type.Array(Type.Union([Type.Boolean(), Type.Number(), Type.String({ maxLength: 64 })]), {
      minItems: 1,
      maxItems: 2,
    }),
  },
  closed,
);

const fields = {
  name: TEXT,
  description: Type.String({ maxLength: 250 }),
  logic: literalUnion(POSTURE_LOGIC),
  checks: Type.Array(PostureCheckSchema, { maxItems: POSTURE_CHECKS_MAX }),
};
export const PostureProfileBody = Type.Object({ uuid: Type.Optional(UUID), ...fields }, closed);
export const PostureProfile = Type.Object({ uuid: UUID, ...fields });

export const POSTURE_LOGIC_LABELS: Record<string, string> = {
  and: 'All checks pass',
  or: 'Any check passes',
};

export const POSTURE_PROFILES: SettingsListDef = {
  title: 'Posture Profiles',
  noun: 'posture profile',
  menuPath: 'posture-profiles',
  path: '/api/settings/v1/tenants/posture_profiles',
  saveMethod: 'PUT',
  listField: 'profiles',
  idField: 'uuid',
  nameField: 'name',
  minItems: 0,
  maxItems: POSTURE_PROFILES_MAX,
  permissionItem: 'posture_profiles',
  // The client checks the device's posture before it connects (docs/settings.md §11).
  features: ['clientProfiles'],
  auditArea: 'posture_profiles',
  item: PostureProfile,
  itemBody: PostureProfileBody,
  writeOnly: [],
  problem(item) {
    for (const [i, c] of ((item.checks as PostureCheck[] | undefined) ?? []).entries()) {
      const problem = postureCheckProblem(c);
      if (problem) return [`checks.${i}.${problem[0]}`, problem[1]];
    }
    return null;
  },
  columns: [
    { field: 'name', header: 'Name' },
    { field: 'description', header: 'Description' },
    { field: 'logic', header: 'Passes when', labels: POSTURE_LOGIC_LABELS },
  ],
  form: [
    { field: 'name', label: 'Name', kind: 'text' },
    { field: 'description', label: 'Description', kind: 'multiline' },
    {
      field: 'logic',
      label: 'The device passes when',
      kind: 'select',
      options: POSTURE_LOGIC,
      labels: POSTURE_LOGIC_LABELS,
    },
    { field: 'checks', label: 'Posture checks', kind: 'posture-checks' },
  ],
  newItem: { name: '', description: '', logic: 'and', checks: [] },
};
