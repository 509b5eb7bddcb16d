/**
 * Tenant quota (docs/provider-console.md §11; the spec's "quota" of the ops/rollout calls): per
 * tenant, a limit for each count the service keeps, the current use counted from the stores, and
 * which limits are passed. The limits are one table: a new one is a row here and its counter in
 * server/src/quota/tenantQuota.ts (the compiler asks for it).
 */
import { Type, type Static, type TObject, type TInteger } from 'typebox';

const V1 = '/gdmanage/api/v1';
export const QUOTA_PATH = `${V1}/quota`;
export const tenantQuotaPath = (tid: string): string => `${QUOTA_PATH}/${encodeURIComponent(tid)}`;

/** The largest limit an operator may set (a bigger figure is a typing slip, not a plan). */
export const QUOTA_MAX_LIMIT = 1_000_000;

export interface QuotaLimitDef {
  /** The column and field label, and one and many of the counted thing inside a sentence. */
  label: string;
  noun: string;
  plural: string;
  /** The limit of a tenant no operator has set one for. */
  default: number;
  /** What is counted, in the console's words. */
  counts: string;
}

export const QUOTA_LIMITS = {
  administrators: {
    label: 'Administrators',
    noun: 'administrator',
    plural: 'administrators',
    default: 25,
    counts: 'Accounts of the tenant portal, active or disabled',
  },
  users: {
    label: 'Users',
    noun: 'user',
    plural: 'users',
    default: 10_000,
    counts: 'End users in the user database',
  },
  api_tokens: {
    label: 'API tokens',
    noun: 'API token',
    plural: 'API tokens',
    default: 20,
    counts:
      'API tokens of every kind (the tenant’s and the policy API’s), expired ones included until revoked',
  },
  roles: {
    label: 'Custom roles',
    noun: 'custom role',
    plural: 'custom roles',
    default: 20,
    counts: 'Roles the tenant made (the built-in ones are not counted)',
  },
  scheduled_reports: {
    label: 'Scheduled reports',
    noun: 'scheduled report',
    plural: 'scheduled reports',
    default: 50,
    counts: 'Scheduled reports, enabled or not',
  },
} as const satisfies Record<string, QuotaLimitDef>;
export type QuotaLimit = keyof typeof QUOTA_LIMITS;
export const QUOTA_LIMIT_KEYS = Object.keys(QUOTA_LIMITS) as QuotaLimit[];
export const DEFAULT_QUOTA_LIMITS = Object.fromEntries(
  QUOTA_LIMIT_KEYS.map((k) => [k, QUOTA_LIMITS[k].default]),
) as Record<QuotaLimit, number>;

const counts = (describe: (k: QuotaLimit) => TInteger): TObject<Record<QuotaLimit, TInteger>> =>
  Type.Object(
    Object.fromEntries(QUOTA_LIMIT_KEYS.map((k) => [k, describe(k)])) as Record<QuotaLimit, TInteger>,
    {
      additionalProperties: false,
    },
  );

/** Every limit, each a whole number from 0 (none allowed) to QUOTA_MAX_LIMIT. */
export const QuotaLimits = counts((k) =>
  Type.Integer({ minimum: 0, maximum: QUOTA_MAX_LIMIT, title: QUOTA_LIMITS[k].label }),
);
export type QuotaLimits = Static<typeof QuotaLimits>;
export const QuotaUse = counts(() => Type.Integer({ minimum: 0 }));

/** PUT {QUOTA_PATH}/{tid}: the tenant's limits, all of them (a replace). */
export const TenantQuotaBody = Type.Object({ limits: QuotaLimits }, { additionalProperties: false });
export type TenantQuotaBody = Static<typeof TenantQuotaBody>;

export const TenantQuota = Type.Object({
  tid: Type.String(),
  name: Type.String(),
  limits: QuotaLimits,
  use: QuotaUse,
  /** The limits the use passes (use > limit), in table order. */
  over: Type.Array(Type.String()),
  /** False while the tenant has the default limits (no operator set them). */
  custom: Type.Boolean(),
});
export type TenantQuota = Static<typeof TenantQuota>;

/** GET {QUOTA_PATH}: every tenant's quota, by tenant name. */
export const TenantQuotaList = Type.Object({
  quota: Type.Array(TenantQuota),
  total: Type.Integer(),
  defaults: QuotaLimits,
});
export type TenantQuotaList = Static<typeof TenantQuotaList>;

export const QUOTA_TENANT_NOT_FOUND = 'No such tenant.';

/**
 * The refusal of a create that would pass the tenant's limit (409): what is full, and what to do.
 * The tenant's administrators read it; the provider raises limits.
 */
export const quotaReachedMessage = (limit: QuotaLimit, max: number): string => {
  const { noun, plural } = QUOTA_LIMITS[limit];
  return `The tenant's quota of ${max} ${max === 1 ? noun : plural} is reached: remove one, or ask your provider to raise the limit.`;
};
