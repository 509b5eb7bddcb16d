/**
 * The Browser Posture Manager's calls (docs/browser-posture.md): config policies (list, upload,
 * inputPolicy, PATCH, DELETE, batchDelete, export), the setting definitions catalogue, benchmark
 * policies, assessments and their review status, under `/api/brw-posture-mgmt/v1/`. The spec names
 * the calls and the export formats; the shapes are ours (docs/browser-posture.md §3). One source of
 * truth for the server's validation, its OpenAPI and the client's types.
 */
import { Type, type Static } from 'typebox';
import { literalUnion } from '../providerOps';
import { POSTURE_COMPARATORS } from '../../../posture/evaluate';

/** Versions compare segment by segment (the catalogue's `introduced` against a version asked for). */
export { compareVersions } from '../../../posture/evaluate';
import {
  POSTURE_BROWSERS,
  POSTURE_PLATFORMS,
  SETTING_TYPES,
  type SettingDefinition,
} from './settingDefinitions';
import { RULE_STATUSES, type SettingValue } from './benchmarks';

export * from './settingDefinitions';
export * from './benchmarks';

export { BROWSER_POSTURE_PATHS, browserPosturePath } from './browserPosturePaths';

/** The tenant's feature flag (docs/access.md §5) and the permission items (docs/browser-posture.md §6). */
export const BROWSER_POSTURE_FEATURE = 'browser_posture';
const GROUP = 'browser_posture_management';
export const BROWSER_POSTURE_PERMISSIONS = {
  configPoliciesRead: `${GROUP}:config_policies:read`,
  configPoliciesWrite: `${GROUP}:config_policies:write`,
  settingDefinitionsRead: `${GROUP}:setting_definitions:read`,
  benchmarkPoliciesRead: `${GROUP}:benchmark_policies:read`,
  assessmentsRead: `${GROUP}:assessments:read`,
  assessmentsWrite: `${GROUP}:assessments:write`,
} as const;

/** The export formats of the spec; the upload reads them back, and JSON policy files too. */
export const EXPORT_FORMATS = ['microsoftIntune', 'registry', 'registryXmlGpo'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  microsoftIntune: 'Microsoft Intune (custom profile, JSON)',
  registry: 'Windows registry (.reg)',
  registryXmlGpo: 'Group Policy registry XML (Registry.xml)',
};
export const UPLOAD_FORMATS = ['json', ...EXPORT_FORMATS] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

export const REVIEW_STATUSES = ['unreviewed', 'in_review', 'reviewed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  unreviewed: 'Not reviewed',
  in_review: 'In review',
  reviewed: 'Reviewed',
};

/** Limits. */
export const POLICY_FILE_MAX_BYTES = 512 * 1024;
export const POLICY_SETTINGS_MAX = 500;
export const POLICY_LIST_ITEMS_MAX = 1000;
export const BATCH_DELETE_MAX = 100;
export const ASSESSMENT_HISTORY_MAX = 50;

const closed = { additionalProperties: false } as const;
const ID = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const NAME = Type.String({ minLength: 1, maxLength: 120 });
const DESCRIPTION = Type.String({ maxLength: 500 });
const Browser = literalUnion(POSTURE_BROWSERS);
const Platform = literalUnion(POSTURE_PLATFORMS);
const Scalar = Type.Union([Type.Boolean(), Type.Number(), Type.String({ maxLength: 2048 })]);
const Value = Type.Union([
  Type.Boolean(),
  Type.Number(),
  Type.String({ maxLength: 2048 }),
  Type.Array(Type.String({ maxLength: 2048 }), { maxItems: POLICY_LIST_ITEMS_MAX }),
]);
const Stamp = Type.Union([Type.String(), Type.Null()]);

export const ConfiguredSetting = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }), value: Value },
  closed,
);
/** A setting of an upload that the catalogue does not know, kept as read, with where it was. */
export const UnknownSetting = Type.Object({
  name: Type.String(),
  value: Value,
  line: Type.Optional(Type.Integer()),
});
export const UploadedFile = Type.Object({
  filename: Type.String(),
  format: literalUnion(UPLOAD_FORMATS),
  size: Type.Integer(),
});

export const ConfigPolicy = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  browser: Browser,
  platform: Platform,
  settings: Type.Array(ConfiguredSetting),
  unknownSettings: Type.Array(UnknownSetting),
  uploadedFile: Type.Union([UploadedFile, Type.Null()]),
  createdBy: Type.String(),
  createdAt: Type.String(),
  updatedBy: Type.String(),
  updatedAt: Type.String(),
});
export type ConfigPolicy = Static<typeof ConfigPolicy>;
export type ConfiguredSetting = { name: string; value: SettingValue };

export const ConfigPolicyList = Type.Object({ configPolicies: Type.Array(ConfigPolicy) });
export type ConfigPolicyList = Static<typeof ConfigPolicyList>;

/**
 * POST configPolicies/inputPolicy: a policy from the catalogue's settings (typed values), or from
 * pasted text in any upload format (docs/browser-posture.md §3 inputPolicy); exactly one of the two.
 */
export const InputPolicyBody = Type.Object(
  {
    name: NAME,
    description: Type.Optional(DESCRIPTION),
    browser: Type.Optional(Browser),
    platform: Type.Optional(Platform),
    settings: Type.Optional(Type.Array(ConfiguredSetting, { maxItems: POLICY_SETTINGS_MAX })),
    text: Type.Optional(Type.String({ minLength: 1, maxLength: POLICY_FILE_MAX_BYTES })),
  },
  closed,
);
export type InputPolicyBody = Static<typeof InputPolicyBody>;

/** PATCH configPolicies: the policy named by `id`; the fields given change (`settings` replaces the list). */
export const ConfigPolicyPatch = Type.Object(
  {
    id: ID,
    name: Type.Optional(NAME),
    description: Type.Optional(DESCRIPTION),
    platform: Type.Optional(Platform),
    settings: Type.Optional(Type.Array(ConfiguredSetting, { maxItems: POLICY_SETTINGS_MAX })),
    /** The policy's updatedAt as read: 409 when it was changed since. */
    updatedAt: Type.Optional(Type.String({ maxLength: 64 })),
  },
  closed,
);
export type ConfigPolicyPatch = Static<typeof ConfigPolicyPatch>;

export const ConfigPolicyIdQuery = Type.Object({ id: ID }, closed);
export const BatchDeleteBody = Type.Object(
  { ids: Type.Array(ID, { minItems: 1, maxItems: BATCH_DELETE_MAX }) },
  closed,
);
export const BatchDeleteReply = Type.Object({ deleted: Type.Array(Type.String()) });
export const ExportQuery = Type.Object({ id: ID, format: literalUnion(EXPORT_FORMATS) }, closed);

export const SettingDefinitionsQuery = Type.Object(
  {
    platform: Type.Optional(Platform),
    browser: Type.Optional(Browser),
    /** The browser's major version: definitions it has (introduced at or before it). */
    version: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}(\\.[0-9]{1,9}){0,3}$' })),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    securityRelevant: Type.Optional(Type.Boolean()),
  },
  closed,
);
export const SettingDefinitionSchema = Type.Object({
  id: Type.String(),
  browser: Browser,
  name: Type.String(),
  type: literalUnion(SETTING_TYPES),
  allowedValues: Type.Optional(
    Type.Array(Type.Object({ value: Type.Union([Type.Number(), Type.String()]), label: Type.String() })),
  ),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  description: Type.String(),
  category: Type.String(),
  introduced: Type.String(),
  platforms: Type.Array(Platform),
  securityRelevant: Type.Boolean(),
});
export const SettingDefinitionList = Type.Object({
  definitions: Type.Array(SettingDefinitionSchema),
  total: Type.Integer(),
});
export type SettingDefinitionList = { definitions: SettingDefinition[]; total: number };

export const BenchmarkRuleSchema = Type.Object({
  id: Type.String(),
  setting: Type.String(),
  comparator: literalUnion(POSTURE_COMPARATORS),
  values: Type.Array(Scalar),
  rationale: Type.String(),
});
export const BenchmarkPolicySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  browser: Browser,
  description: Type.String(),
  rules: Type.Array(BenchmarkRuleSchema),
});
export const BenchmarkPoliciesQuery = Type.Object({ browser: Type.Optional(Browser) }, closed);
export const BenchmarkPolicyList = Type.Object({ benchmarkPolicies: Type.Array(BenchmarkPolicySchema) });

/** POST configPolicies/assess: each policy against a benchmark (its browser's baseline when none is named). */
export const AssessBody = Type.Object(
  {
    configPolicyIds: Type.Array(ID, { minItems: 1, maxItems: BATCH_DELETE_MAX }),
    benchmarkPolicyId: Type.Optional(ID),
  },
  closed,
);
/** POST configPolicies/assess/{id}: one policy. */
export const AssessOneBody = Type.Object({ benchmarkPolicyId: Type.Optional(ID) }, closed);
export const IdParams = Type.Object({ id: ID });

export const RuleResultSchema = Type.Object({
  ruleId: Type.String(),
  setting: Type.String(),
  comparator: literalUnion(POSTURE_COMPARATORS),
  expected: Type.Array(Scalar),
  actual: Type.Union([Value, Type.Null()]),
  status: literalUnion(RULE_STATUSES),
  rationale: Type.String(),
});
export const AssessmentRun = Type.Object({
  assessedAt: Type.String(),
  assessedBy: Type.String(),
  score: Type.Integer(),
});
export const Assessment = Type.Object({
  id: Type.String(),
  configPolicyId: Type.String(),
  configPolicyName: Type.String(),
  benchmarkPolicyId: Type.String(),
  benchmarkPolicyName: Type.String(),
  browser: Browser,
  score: Type.Integer(),
  passed: Type.Integer(),
  failed: Type.Integer(),
  notConfigured: Type.Integer(),
  results: Type.Array(RuleResultSchema),
  assessedAt: Type.String(),
  assessedBy: Type.String(),
  /** Every run, oldest first, the last being this one: the trend over re-assessments. */
  history: Type.Array(AssessmentRun),
  /** The score's change since the run before (null on the first run). */
  trend: Type.Union([Type.Integer(), Type.Null()]),
  reviewStatus: literalUnion(REVIEW_STATUSES),
  reviewedBy: Stamp,
  reviewedAt: Stamp,
  reviewComment: Type.String(),
});
export type Assessment = Static<typeof Assessment>;
export const AssessmentList = Type.Object({ assessments: Type.Array(Assessment) });
export type AssessmentList = Static<typeof AssessmentList>;

export const ReviewStatusBody = Type.Object(
  { reviewStatus: literalUnion(REVIEW_STATUSES), comment: Type.Optional(Type.String({ maxLength: 1000 })) },
  closed,
);
export type ReviewStatusBody = Static<typeof ReviewStatusBody>;

/** Why a value does not fit a definition (null when it does): the type, the allowed values, the bounds. */
export function settingValueProblem(def: SettingDefinition, value: unknown): string | null {
  switch (def.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : `${def.name} takes true or false.`;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return `${def.name} takes a whole number.`;
      if ((def.min !== undefined && value < def.min) || (def.max !== undefined && value > def.max))
        return `${def.name} takes a number from ${def.min} to ${def.max}.`;
      return null;
    case 'string':
      return typeof value === 'string' ? null : `${def.name} takes text.`;
    case 'enum': {
      const allowed = (def.allowedValues ?? []).map((a) => a.value);
      return allowed.includes(value as number | string)
        ? null
        : `${def.name} takes one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}.`;
    }
    case 'list':
      return Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? null
        : `${def.name} takes a list of texts.`;
  }
}
