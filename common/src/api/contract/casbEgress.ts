/**
 * The cloud-app (CASB) and egress-header calls beside their policy documents (docs/policy.md §6
 * Policy; docs/policy.md §4 Policy reads and saves): the unsanctioned-domain-list check
 * (POST /api/policy/v1/validate_ddl_domains/), the discovered cloud apps and an app's reputation
 * insights (GET /api/policy/v3/casb/app_rep_insights/{id}), the egress control and the header
 * blocklist (GET /api/policy/v1/egress_policy/egress_control, …/header_blocklist). One source
 * for the server's validation and the client's types.
 *
 * The spec names the calls and, for validate_ddl_domains, the params ddlUrl, isFwaas and options;
 * the bodies and replies are ours (server/src/policy/casbEgressRoutes.ts says why).
 */
import { Type, type Static } from 'typebox';
import { AppId } from './policy-kinds/casbKinds';

const closed = { additionalProperties: false } as const;

export const CASB_EGRESS_PATHS = {
  validateDdlDomains: '/api/policy/v1/validate_ddl_domains/',
  discoveredApps: '/api/policy/v3/casb/app_discovery/apps',
  appRepInsights: '/api/policy/v3/casb/app_rep_insights/{id}',
  egressControl: '/api/policy/v1/egress_policy/egress_control',
  headerBlocklist: '/api/policy/v1/egress_policy/header_blocklist',
} as const;

/** Most domains one check takes: a domain list's size (casb/profiles domain_lists). */
export const DDL_DOMAINS_MAX = 1000;

export const ValidateDdlBody = Type.Object(
  {
    /** The list's domains as typed (one per entry; blank entries are refused as such). */
    domains: Type.Array(Type.String({ maxLength: 2048 }), { maxItems: DDL_DOMAINS_MAX }),
    /** Where the tenant publishes the list: must be an https URL when given. */
    ddlUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    /** A firewall list (fwaas): IPv4 addresses and CIDR blocks are entries too. */
    isFwaas: Type.Optional(Type.Boolean()),
    options: Type.Optional(
      Type.Object(
        {
          /** *.example.com covers the subdomains (default true). */
          wildcards: Type.Optional(Type.Boolean()),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type ValidateDdlBody = Static<typeof ValidateDdlBody>;

export const InvalidDdlDomain = Type.Object(
  {
    /** Position in `domains` (0-based). */
    index: Type.Integer({ minimum: 0 }),
    domain: Type.String(),
    /** The validator's error key (docs/shared-ui.md §10), or 'duplicate' / 'empty'. */
    reason: Type.String(),
    message: Type.String(),
  },
  closed,
);
export type InvalidDdlDomain = Static<typeof InvalidDdlDomain>;

export const ValidateDdlReply = Type.Object(
  {
    /** How many entries were checked, and how many of them passed. */
    checked: Type.Integer({ minimum: 0 }),
    valid: Type.Integer({ minimum: 0 }),
    invalid: Type.Array(InvalidDdlDomain),
  },
  closed,
);
export type ValidateDdlReply = Static<typeof ValidateDdlReply>;

/** A catalogue app's reputation: 0 (avoid) to 100 (trusted), and what lowered or raised it. */
export const AppReputation = Type.Object(
  {
    score: Type.Integer({ minimum: 0, maximum: 100 }),
    /** high (score < 40), medium (40–69), low (70+): the risk the score stands for. */
    risk: Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')]),
    factors: Type.Array(
      Type.Object({ name: Type.String(), positive: Type.Boolean(), detail: Type.String() }, closed),
    ),
  },
  closed,
);
export type AppReputation = Static<typeof AppReputation>;

export const DiscoveredApp = Type.Object(
  {
    id: AppId,
    name: Type.String(),
    /** The cloud-app category (the logs' casb_cat_name). */
    category: Type.String(),
    domains: Type.Array(Type.String()),
    score: Type.Integer({ minimum: 0, maximum: 100 }),
    risk: Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')]),
    /** Web requests to it in the window, and the distinct users who made them (0 when not seen). */
    requests: Type.Integer({ minimum: 0 }),
    users: Type.Integer({ minimum: 0 }),
    /** The profile type the web logs last gave it (sanctioned, unsanctioned, unclassified), if any. */
    profile_type: Type.Union([Type.String(), Type.Null()]),
  },
  closed,
);
export type DiscoveredApp = Static<typeof DiscoveredApp>;

/** Days of web logs app discovery looks at (default 30). */
export const DISCOVERY_DAYS = [1, 7, 30, 90] as const;

export const DiscoveredAppsQuery = Type.Object(
  {
    /** One of DISCOVERY_DAYS (the route refuses the others with a 400 naming days). */
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })),
    timestamp: Type.Optional(Type.String({ maxLength: 32 })),
  },
  closed,
);

export const DiscoveredAppsReply = Type.Object(
  {
    start: Type.Integer(),
    end: Type.Integer(),
    /** Every catalogue app, the most used first; apps not seen in the window last (requests 0). */
    apps: Type.Array(DiscoveredApp),
  },
  closed,
);
export type DiscoveredAppsReply = Static<typeof DiscoveredAppsReply>;

export const AppRepInsightsReply = Type.Object(
  {
    app: DiscoveredApp,
    reputation: AppReputation,
    /** What the tenant's users did in it over the last 30 days, by activity (logs' resource_category). */
    activity: Type.Array(Type.Object({ activity: Type.String(), requests: Type.Integer() }, closed)),
    top_users: Type.Array(Type.Object({ user: Type.String(), requests: Type.Integer() }, closed)),
  },
  closed,
);
export type AppRepInsightsReply = Static<typeof AppRepInsightsReply>;

export const EgressControlReply = Type.Object(
  {
    /** The tenant's egress_headers capability: rules apply only while it is on. */
    enabled: Type.Boolean(),
    /** Limits a save is held to (the egress_policy kind's schema). */
    max_rules: Type.Integer(),
    max_headers_per_rule: Type.Integer(),
    max_value_length: Type.Integer(),
  },
  closed,
);
export type EgressControlReply = Static<typeof EgressControlReply>;

export const HeaderBlocklistReply = Type.Object(
  {
    /** Header names (lower case) no rule may insert or remove, and why. */
    headers: Type.Array(Type.Object({ name: Type.String(), reason: Type.String() }, closed)),
  },
  closed,
);
export type HeaderBlocklistReply = Static<typeof HeaderBlocklistReply>;
