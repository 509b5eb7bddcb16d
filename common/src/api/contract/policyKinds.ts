/**
 * The policy-kind registry (portal-core §3, §7 Policy; api-client-layer §3 Policy revision, §7
 * Policy reads and saves): the one table of the policy documents the portal reads and saves per
 * revision. Each row gives the document's API path, its permission group, the TypeBox schema of
 * its `data` (what a save carries beside rev_id, state and updated_at), what a read returns when
 * nothing was saved, and whether the document belongs to one revision only.
 *
 * From it the server builds GET and PUT per kind (server/src/policy/policyRoutes.ts), validates
 * each save strictly against the row's schema and checks `<group>:*:read` / `<group>:*:write`;
 * the client's calls (api/policy.ts) take their paths and types from it.
 *
 * Adding a kind: a row here with its schema and defaults, its tests (server/src/policy/), and
 * later its editor (tenant-portal/src/areas/policy). The consistency test
 * (server/src/registries.test.ts) checks the routes and permissions of every row.
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { PolicyGroup } from '../../vocabularies/policyGroups';
import { RISKS, POLICY_ENFORCEMENT_ACTIONS } from '../../vocabularies/logFilterVocabularies';
import type { Vocabulary } from '../../vocabularies/vocabulary';

export interface PolicyKindDef<S extends TSchema = TSchema> {
  /** The document's path with `{rev}` where the revision goes. */
  path: string;
  /** Whose permission reads (`<group>:*:read`) and saves (`<group>:*:write`) it. */
  group: PolicyGroup;
  title: string;
  /** The `data` of a save; a read answers `{ rev_id, ...data }`. */
  data: S;
  /** What a read answers when the document was never saved. */
  defaults: Static<S>;
  /**
   * 'policy': the document holds until changed, so a revision reads the newest version saved in it
   * or before it. 'revision': the document belongs to the revision it was saved in (a publish note).
   */
  scope: 'policy' | 'revision';
  /** Rules across fields the schema cannot say: the first broken one, naming its field. */
  check?: (data: Static<S>) => { field: string; message: string } | null;
  spec: string;
}

/** One of a vocabulary's codes (shown in OpenAPI as a string enum). */
const codes = (vocabulary: Vocabulary) =>
  Type.Unsafe<string>({ type: 'string', enum: vocabulary.map((e) => e.code) });

/** The longest publish note (the reference server's own kind; the spec names no limit). */
export const PORTAL_NOTE_MAX_LENGTH = 500;

const closed = { additionalProperties: false } as const;

const PortalNoteData = Type.Object({ note: Type.String({ maxLength: PORTAL_NOTE_MAX_LENGTH }) }, closed);

/**
 * risks (portal-core §7: body `list`, risks also `flash`): what the web policy does with a site of
 * each risk level, and whether Flash content is blocked. The spec names the fields only; each
 * entry pairs a risk level (G, Y, R, §3 vocabularies) with a policy action, one entry per level.
 */
const RiskRule = Type.Object({ risk: codes(RISKS), action: codes(POLICY_ENFORCEMENT_ACTIONS) }, closed);
const RisksData = Type.Object(
  {
    list: Type.Array(RiskRule, { maxItems: RISKS.length }),
    flash: Type.Boolean(),
  },
  closed,
);

function kind<S extends TSchema>(def: PolicyKindDef<S>): PolicyKindDef<S> {
  return def;
}

export const POLICY_KIND_REGISTRY = {
  portal_note: kind({
    path: '/api/policy/v1/rules/portal_note/{rev}',
    group: 'web_policy',
    title: 'Publish note',
    data: PortalNoteData,
    defaults: { note: '' },
    scope: 'revision',
    spec: 'portal-core §3 (every save carries rev_id, state, updated_at and data), §4 Policy revision',
  }),
  risks: kind({
    path: '/api/policy/v1/rules/risks/{rev}',
    group: 'web_policy',
    title: 'Risk levels',
    data: RisksData,
    defaults: {
      list: [
        { risk: 'G', action: 'allow' },
        { risk: 'Y', action: 'safeview' },
        { risk: 'R', action: 'block' },
      ],
      flash: false,
    },
    scope: 'policy',
    check: (data) => {
      const seen = new Set<string>();
      for (const [i, rule] of data.list.entries()) {
        if (seen.has(rule.risk))
          return { field: `data.list.${i}.risk`, message: `Risk level ${rule.risk} is listed twice.` };
        seen.add(rule.risk);
      }
      return null;
    },
    spec: 'portal-core §7 Policy (/rules/{kind}/{rev}: risks, body list and flash)',
  }),
} satisfies Record<string, PolicyKindDef>;

export type PolicyKind = keyof typeof POLICY_KIND_REGISTRY;
export const POLICY_KINDS = Object.keys(POLICY_KIND_REGISTRY) as PolicyKind[];

/** The `data` of a kind's document. */
export type PolicyData<K extends PolicyKind> = Static<(typeof POLICY_KIND_REGISTRY)[K]['data']>;

/** A read: the revision it was read at and the document. */
export type PolicyDocReply<K extends PolicyKind> = { rev_id: number } & PolicyData<K>;

/** The path of a kind's document at a revision. */
export const policyDocPath = (kind: PolicyKind, rev: number | string): string =>
  POLICY_KIND_REGISTRY[kind].path.replace('{rev}', String(rev));
