/**
 * What each row of common's policy reference-data registry answers: the seeded data modules of
 * this folder for the rows the same for every tenant, the tenant's own store for the others
 * (its revision's category and content versions, its mail users and groups from the user
 * database). Typed against the registry, so a row without a source does not compile.
 */
import { randomBytes } from 'node:crypto';
import type {
  PolicyReferenceName,
  PolicyReferenceReply,
} from '@workbench/common/api/contract/policyReference';
import { COUNTRIES } from '@workbench/common/vocabularies/countries';
import type { ServerContext, TenantSession } from '../../context';
import type { EndUserRecord } from '../../store/ConfigStore';
import { ApiHttpError } from '../../http/errors';
import { currentRevision } from '../revisionStaging';
import { CATEGORY_VERSION_DOC, CONTENT_VERSION_DOC, readVersion } from '../policyMigrations';
import { CATEGORY_TREE_V1, extensionMapReply } from './webCategories';
import { categoryTreeV2Reply } from './webCategoriesV2';
import { risksReply, vulnerableServiceReply } from './risks';
import { CONTENT_TYPES_V3, CONTENT_TYPES_V4, contentTypesReply } from './contentTypes';
import { PREDEFINED_CCLS, RA_THREATS } from './complianceLists';

type Source<N extends PolicyReferenceName> = (
  ctx: ServerContext,
  session: TenantSession,
  params: { rev?: number },
) => PolicyReferenceReply<N> | Promise<PolicyReferenceReply<N>>;

/** Letters and digits without look-alikes (0/O, 1/l/I), and a few signs archive tools accept. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_.!';

/** 24 characters drawn uniformly (rejection sampling) from PASSWORD_ALPHABET: about 140 bits. */
export function suggestedPassword(length = 24): string {
  const limit = 256 - (256 % PASSWORD_ALPHABET.length);
  let out = '';
  while (out.length < length)
    for (const byte of randomBytes(length * 2))
      if (byte < limit && out.length < length) out += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
  return out;
}

/** More than any demo tenant holds; the lists are for pickers, not for paging. */
const DIRECTORY_MAX = 5000;

/** The tenant's active end users (the user database), by username. */
async function activeUsers(ctx: ServerContext, tid: string): Promise<EndUserRecord[]> {
  const { users } = await ctx.store.endUsers.list(tid, {
    sort: 'username',
    order: 'asc',
    limit: DIRECTORY_MAX,
    offset: 0,
  });
  return users.filter((u) => u.status === 'active');
}

/** Group name → its active users' e-mail addresses, groups in name order. */
async function groupMembers(ctx: ServerContext, tid: string): Promise<Map<string, string[]>> {
  const members = new Map<string, string[]>();
  for (const user of await activeUsers(ctx, tid))
    for (const group of user.groups) members.set(group, [...(members.get(group) ?? []), user.email]);
  return new Map([...members.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** Rule schedules name IANA zones; UTC first (the default a schedule starts with). */
export const TIME_ZONES: string[] = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];

/** A directory read for revision `rev` of the tenant: 404 for a revision it does not have. */
async function existingRev(ctx: ServerContext, tid: string, rev: number | undefined): Promise<number> {
  const current = await currentRevision(ctx.store, tid);
  if (rev === undefined || rev > current.stagedRevId)
    throw new ApiHttpError(404, `There is no policy revision ${rev}.`, 'rev');
  return rev;
}

export const REFERENCE_SOURCES: { [N in PolicyReferenceName]: Source<N> } = {
  cats: () => CATEGORY_TREE_V1,
  cats_v2: () => categoryTreeV2Reply(),
  category_version: async (ctx, s) => {
    const current = await currentRevision(ctx.store, s.tid);
    return {
      version: (await readVersion(ctx.store, s.tid, CATEGORY_VERSION_DOC, current.stagedRevId)) as 1 | 2,
    };
  },
  'cats/extension/map': () => extensionMapReply(),
  risks: () => risksReply(),
  'risks/Vulnerable Service': () => vulnerableServiceReply(),
  country_codes: () => ({ country_codes: COUNTRIES.map((c) => ({ code: c.code, name: c.label })) }),
  content_version: async (ctx, s) => {
    const current = await currentRevision(ctx.store, s.tid);
    return {
      version: (await readVersion(ctx.store, s.tid, CONTENT_VERSION_DOC, current.stagedRevId)) as 3 | 4,
    };
  },
  'v3/content_types': () => contentTypesReply(CONTENT_TYPES_V3),
  'v4/content_types': () => contentTypesReply(CONTENT_TYPES_V4),
  predefined_ccls: () => ({ ccls: PREDEFINED_CCLS }),
  ra_threats: () => ({ threats: RA_THREATS }),
  'dlp/file_password': () => ({ password: suggestedPassword() }),
  smtp_users: async (ctx, s) => ({
    users: (await activeUsers(ctx, s.tid)).map((u) => ({
      email: u.email,
      name: `${u.firstName} ${u.lastName}`.trim(),
      groups: u.groups,
    })),
  }),
  smtp_groups: async (ctx, s) => ({
    groups: [...(await groupMembers(ctx, s.tid)).entries()].map(([name, users]) => ({
      name,
      member_count: users.length,
    })),
  }),
  'ad/group_users': async (ctx, s, params) => ({
    rev_id: await existingRev(ctx, s.tid, params.rev),
    groups: [...(await groupMembers(ctx, s.tid)).entries()].map(([group, users]) => ({ group, users })),
  }),
  time_zones: () => ({ time_zones: TIME_ZONES }),
};
