/**
 * Private access (docs/sessions.md §6 private access area; docs/policy.md §9 under
 * /api/policy/v1/rules/mpa/: GET access_rules, application_list, app_catalogs,
 * app_connector_clusters, app_connector_cluster_list; PUT update_access_policy_application,
 * update_catalog_clusters, set_provisioning_key_lookup; GET /api/policy/v1/mpa/
 * app_connector_aws_region and /user_portal_url).
 *
 * The spec names the calls only. What they hold is what a zero-trust private access service
 * keeps (as Zscaler Private Access or Cloudflare Access with its connectors): private
 * applications (hosts, addresses, ports) served by clusters of app connectors running in a cloud
 * region, ordered access rules (who, which applications, device posture, session length), and
 * catalogs that group applications for the user portal with the clusters that publish them.
 *
 * The calls have no revision in their paths: they read and save the tenant's staged revision
 * like every policy document (kindDef.ts `path` without {rev}). A GET and its PUT are one
 * document: access_rules is saved by update_access_policy_application (rules and applications
 * together, as the call's name says), app_catalogs by update_catalog_clusters, the clusters by
 * set_provisioning_key_lookup. application_list and app_connector_cluster_list are read-only
 * views of the first and third.
 */
import { Type, type Static } from 'typebox';
import { email, ipOrIpRange, ipv4Cidr, portOrPortRange } from '../../../validators/network';
import {
  Comment,
  RULES_MAX,
  RuleId,
  RuleName,
  StringList,
  closed,
  domainOrWildcard,
  firstDuplicate,
  firstInvalid,
  firstIssue,
  kind,
  oneOf,
  type KindCheckIssue,
} from './kindDef';
import { POSTURE_CHECKS, SESSION_MODES, TIME_UNITS } from './enumerations';
import { Reordering } from './ruleParts';

/** The cloud regions app connectors run in (GET /api/policy/v1/mpa/app_connector_aws_region). */
export const APP_CONNECTOR_AWS_REGIONS = [
  { code: 'us-east-1', label: 'US East (N. Virginia)' },
  { code: 'us-east-2', label: 'US East (Ohio)' },
  { code: 'us-west-1', label: 'US West (N. California)' },
  { code: 'us-west-2', label: 'US West (Oregon)' },
  { code: 'ca-central-1', label: 'Canada (Central)' },
  { code: 'sa-east-1', label: 'South America (São Paulo)' },
  { code: 'eu-west-1', label: 'Europe (Ireland)' },
  { code: 'eu-west-2', label: 'Europe (London)' },
  { code: 'eu-west-3', label: 'Europe (Paris)' },
  { code: 'eu-central-1', label: 'Europe (Frankfurt)' },
  { code: 'eu-north-1', label: 'Europe (Stockholm)' },
  { code: 'ap-south-1', label: 'Asia Pacific (Mumbai)' },
  { code: 'ap-southeast-1', label: 'Asia Pacific (Singapore)' },
  { code: 'ap-southeast-2', label: 'Asia Pacific (Sydney)' },
  { code: 'ap-northeast-1', label: 'Asia Pacific (Tokyo)' },
  { code: 'ap-northeast-2', label: 'Asia Pacific (Seoul)' },
] as const;

export const PRIVATE_APP_PROTOCOLS = ['tcp', 'udp', 'any'] as const;
export const ACCESS_ACTIONS = ['allow', 'block'] as const;
/** Longest session an access rule may grant, in hours. */
export const SESSION_MAX_HOURS = 24 * 30;
const HOURS_PER_UNIT = { minutes: 1 / 60, hours: 1, days: 24 } as const;

const PrivateApp = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    /** Host names (or *.domain) the application answers on. */
    domains: StringList(),
    /** Addresses, ranges (a-b) or CIDR blocks. */
    addresses: StringList(64),
    protocol: oneOf(PRIVATE_APP_PROTOCOLS),
    /** Ports or ranges; empty with protocol any. */
    ports: Type.Array(Type.String({ minLength: 1, maxLength: 11 }), { maxItems: 100 }),
    /** The connector cluster that reaches it (app_connector_clusters). */
    cluster_id: RuleId,
    description: Type.Optional(Comment),
  },
  closed,
);

const AccessRule = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    enabled: Type.Boolean(),
    /** E-mail addresses; with groups empty too: everyone. */
    users: StringList(254),
    groups: StringList(),
    /** Ids of the document's applications. */
    applications: Type.Array(RuleId, { minItems: 1, maxItems: 1000, uniqueItems: true }),
    action: oneOf(ACCESS_ACTIONS),
    /** Device posture checks that must all pass (docs/glossary.md §3 posture checks). */
    posture_checks: Type.Array(oneOf(POSTURE_CHECKS), { maxItems: POSTURE_CHECKS.length, uniqueItems: true }),
    /** How long access lasts before the user signs in again (docs/policy.md §3 session mode, time units). */
    session: Type.Object(
      {
        mode: oneOf(SESSION_MODES),
        /** With mode time only. */
        duration: Type.Optional(
          Type.Object(
            { value: Type.Integer({ minimum: 1, maximum: 43_200 }), unit: oneOf(TIME_UNITS) },
            closed,
          ),
        ),
      },
      closed,
    ),
    comment: Type.Optional(Comment),
  },
  closed,
);

const AccessPolicy = Type.Object(
  {
    access_rules: Type.Array(AccessRule, { maxItems: RULES_MAX }),
    applications: Type.Array(PrivateApp, { maxItems: RULES_MAX }),
    reorderingEvents: Reordering,
  },
  closed,
);

const Catalog = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    /** Ids of the access policy's applications the user portal lists under the catalog. */
    applications: Type.Array(RuleId, { maxItems: 1000, uniqueItems: true }),
    /** Ids of the connector clusters that publish the catalog. */
    clusters: Type.Array(RuleId, { maxItems: 100, uniqueItems: true }),
    description: Type.Optional(Comment),
  },
  closed,
);

const AwsRegion = Type.Unsafe<string>({ type: 'string', enum: APP_CONNECTOR_AWS_REGIONS.map((r) => r.code) });

const Cluster = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    region: AwsRegion,
    /**
     * Connectors provisioned with the cluster's key find the cluster by the key (the key's public
     * id; the secret is handed to the connector once and is never part of the policy).
     */
    provisioning_key_lookup: Type.Object(
      {
        enabled: Type.Boolean(),
        key_id: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
        max_connectors: Type.Integer({ minimum: 1, maximum: 100 }),
      },
      closed,
    ),
    description: Type.Optional(Comment),
  },
  closed,
);

const ClustersDoc = Type.Object({ list: Type.Array(Cluster, { maxItems: 500 }) }, closed);

/** An address, a range or a CIDR block. */
const address = (value: string) => (value.includes('/') ? ipv4Cidr(value) : ipOrIpRange(value));

const checkApplications = (apps: Static<typeof PrivateApp>[]): KindCheckIssue | null => {
  for (const [i, app] of apps.entries()) {
    const at = `data.applications.${i}`;
    const issue = firstIssue(
      () =>
        app.domains.length + app.addresses.length === 0
          ? { field: `${at}.domains`, message: `${at} needs at least one domain or address.` }
          : null,
      () => firstInvalid(app.domains, `${at}.domains`, domainOrWildcard),
      () => firstInvalid(app.addresses, `${at}.addresses`, address),
      () =>
        app.protocol === 'any'
          ? null
          : app.ports.length === 0
            ? { field: `${at}.ports`, message: `${at}.ports needs at least one port for ${app.protocol}.` }
            : null,
      () => firstInvalid(app.ports, `${at}.ports`, portOrPortRange),
    );
    if (issue) return issue;
  }
  return null;
};

const checkAccessRules = (data: Static<typeof AccessPolicy>): KindCheckIssue | null => {
  const apps = new Set(data.applications.map((a) => a.id));
  for (const [i, rule] of data.access_rules.entries()) {
    const at = `data.access_rules.${i}`;
    const unknown = rule.applications.findIndex((id) => !apps.has(id));
    if (unknown >= 0)
      return {
        field: `${at}.applications.${unknown}`,
        message: `${at}.applications.${unknown}: no application ${rule.applications[unknown]}.`,
      };
    const { mode, duration } = rule.session;
    if ((mode === 'time') !== (duration !== undefined))
      return {
        field: `${at}.session.duration`,
        message: `${at}.session.duration is given with mode time, and only then.`,
      };
    if (duration && duration.value * HOURS_PER_UNIT[duration.unit] > SESSION_MAX_HOURS)
      return {
        field: `${at}.session.duration.value`,
        message: `${at}.session.duration is longer than ${SESSION_MAX_HOURS} hours.`,
      };
    const bad = firstInvalid(rule.users, `${at}.users`, email);
    if (bad) return bad;
  }
  return null;
};

const accessRules = kind({
  path: '/api/policy/v1/rules/mpa/access_rules',
  writePath: '/api/policy/v1/rules/mpa/update_access_policy_application',
  group: 'private_access',
  title: 'Private access rules and applications',
  data: AccessPolicy,
  defaults: { access_rules: [], applications: [] },
  scope: 'policy',
  keyedLists: { access_rules: 'id', applications: 'id' },
  orderedLists: ['access_rules'],
  check: (data) =>
    firstIssue(
      () => firstDuplicate(data.access_rules, 'data.access_rules', 'id'),
      () => firstDuplicate(data.applications, 'data.applications', 'id'),
      () => firstDuplicate(data.applications, 'data.applications', 'name'),
      () => checkApplications(data.applications),
      () => checkAccessRules(data),
    ),
  spec: 'docs/policy.md §9 Policy reads and saves (rules/mpa/access_rules, PUT rules/mpa/update_access_policy_application); docs/glossary.md §3 Enumerations (posture checks, session mode, time units)',
});

const clusters = kind({
  path: '/api/policy/v1/rules/mpa/app_connector_clusters',
  writePath: '/api/policy/v1/rules/mpa/set_provisioning_key_lookup',
  group: 'private_access',
  title: 'App connector clusters',
  data: ClustersDoc,
  defaults: { list: [] },
  scope: 'policy',
  keyedLists: { list: 'id' },
  check: (data) =>
    firstIssue(
      () => firstDuplicate(data.list, 'data.list', 'id'),
      () => firstDuplicate(data.list, 'data.list', 'name'),
      () => {
        // One key finds one cluster.
        const seen = new Set<string>();
        for (const [i, c] of data.list.entries()) {
          const keyId = c.provisioning_key_lookup.key_id;
          if (seen.has(keyId))
            return {
              field: `data.list.${i}.provisioning_key_lookup.key_id`,
              message: `Provisioning key ${keyId} is listed twice.`,
            };
          seen.add(keyId);
        }
        return null;
      },
    ),
  spec: 'docs/policy.md §9 Policy reads and saves (rules/mpa/app_connector_clusters, PUT rules/mpa/set_provisioning_key_lookup)',
});

/** The TLS versions a private-access tunnel may be held to (the lowest accepted). */
export const MPA_TLS_VERSIONS = ['1.2', '1.3'] as const;

/**
 * The tenant's private-access security settings (GET and PUT
 * /api/settings/v1/tenants/mpa_security_config; issue 34 point 3). The spec names the call only;
 * what it holds is what a zero-trust access service lets a tenant tighten for every connection:
 * client certificates from the tenant's private-access CA (mpa_certificates), the lowest TLS
 * version, how long a session lasts before signing in again and how long an idle one stays open,
 * whether a failed posture check ends open connections, and whether allowed connections are
 * logged (denied ones always are). Staged in the revision like the other private-access documents.
 */
const securityConfig = kind({
  path: '/api/settings/v1/tenants/mpa_security_config',
  group: 'private_access',
  title: 'Private access security settings',
  data: Type.Object(
    {
      require_client_certificate: Type.Boolean(),
      min_tls_version: oneOf(MPA_TLS_VERSIONS),
      reauth_hours: Type.Integer({ minimum: 1, maximum: SESSION_MAX_HOURS }),
      idle_timeout_minutes: Type.Integer({ minimum: 5, maximum: 1440 }),
      end_on_posture_failure: Type.Boolean(),
      log_allowed_connections: Type.Boolean(),
    },
    closed,
  ),
  defaults: {
    require_client_certificate: false,
    min_tls_version: '1.2',
    reauth_hours: 24,
    idle_timeout_minutes: 60,
    end_on_posture_failure: true,
    log_allowed_connections: false,
  },
  scope: 'policy',
  // An idle session cannot outlive the session itself.
  check: (data) =>
    data.idle_timeout_minutes > data.reauth_hours * 60
      ? {
          field: 'data.idle_timeout_minutes',
          message: `data.idle_timeout_minutes is longer than the session (${data.reauth_hours} hours).`,
        }
      : null,
  spec: 'docs/policy.md §9 Private access (GET and PUT /api/settings/v1/tenants/mpa_security_config)',
});

export const PRIVATE_ACCESS_KINDS = {
  'mpa/access_rules': accessRules,
  'mpa/application_list': kind({
    path: '/api/policy/v1/rules/mpa/application_list',
    group: 'private_access',
    readOnly: true,
    view: {
      of: 'mpa/access_rules',
      select: (d: Static<typeof AccessPolicy>) => ({ list: d.applications }),
    },
    title: 'Private applications',
    data: Type.Object({ list: Type.Array(PrivateApp, { maxItems: RULES_MAX }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    spec: 'docs/policy.md §9 Policy reads and saves (GET rules/mpa/application_list)',
  }),
  'mpa/app_catalogs': kind({
    path: '/api/policy/v1/rules/mpa/app_catalogs',
    writePath: '/api/policy/v1/rules/mpa/update_catalog_clusters',
    group: 'private_access',
    title: 'Application catalogs',
    data: Type.Object({ list: Type.Array(Catalog, { maxItems: 500 }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.list, 'data.list', 'id'),
        () => firstDuplicate(data.list, 'data.list', 'name'),
      ),
    spec: 'docs/policy.md §9 Policy reads and saves (rules/mpa/app_catalogs, PUT rules/mpa/update_catalog_clusters)',
  }),
  'mpa/app_connector_clusters': clusters,
  'mpa/app_connector_cluster_list': kind({
    path: '/api/policy/v1/rules/mpa/app_connector_cluster_list',
    group: 'private_access',
    readOnly: true,
    view: {
      of: 'mpa/app_connector_clusters',
      select: (d: Static<typeof ClustersDoc>) => ({
        list: d.list.map((c) => ({ id: c.id, name: c.name, region: c.region })),
      }),
    },
    title: 'App connector cluster names',
    data: Type.Object(
      {
        list: Type.Array(Type.Object({ id: RuleId, name: RuleName, region: AwsRegion }, closed), {
          maxItems: 500,
        }),
      },
      closed,
    ),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    spec: 'docs/policy.md §9 Policy reads and saves (GET rules/mpa/app_connector_cluster_list)',
  }),
  /** Reference data: the regions a cluster may be in (the clusters' `region` takes these codes). */
  'mpa/app_connector_aws_region': kind({
    path: '/api/policy/v1/mpa/app_connector_aws_region',
    group: 'private_access',
    readOnly: true,
    title: 'App connector regions',
    data: Type.Object(
      {
        list: Type.Array(Type.Object({ code: AwsRegion, label: Type.String() }, closed), { maxItems: 100 }),
      },
      closed,
    ),
    defaults: { list: APP_CONNECTOR_AWS_REGIONS.map((r) => ({ code: r.code, label: r.label })) },
    scope: 'policy',
    spec: 'docs/policy.md §9 Policy reads and saves (GET /api/policy/v1/mpa/app_connector_aws_region)',
  }),
  /**
   * Where users open their private applications. The reference server hosts no private-access
   * user portal, so it answers '' (none) for every tenant.
   */
  'mpa/user_portal_url': kind({
    path: '/api/policy/v1/mpa/user_portal_url',
    group: 'private_access',
    readOnly: true,
    title: 'User portal address',
    data: Type.Object({ url: Type.String({ maxLength: 2048 }) }, closed),
    defaults: { url: '' },
    scope: 'policy',
    spec: 'docs/policy.md §9 Policy reads and saves (GET /api/policy/v1/mpa/user_portal_url)',
  }),
  'mpa/security_config': securityConfig,
};
