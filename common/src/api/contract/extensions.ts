/**
 * The extension registry (issue 30): every route the reference server serves beyond the calls
 * the spec names, grouped into extensions, one row each. The portal and the provider console use
 * an extension only when the server lists it at session start (features/extensions), so they keep
 * working against a backend that serves only the spec's calls; the server can be started with
 * extensions off (WORKBENCH_EXTENSIONS), and then their routes answer 404 as such a backend would.
 *
 * Adding an extension (the trust, alerts and impact features, ...) is one row: its id, world,
 * family, routes (method and OpenAPI path, exactly as the server registers them) and what the
 * apps use it for; then gate its controls on `useExtension(id)` or its route-table row's
 * `extension`. `server/src/http/extensions.test.ts` checks every row against the server.
 * docs/api.md explains the families and the rule.
 */
import { Type, type Static } from 'typebox';
import { LOG_TYPES } from '../../vocabularies/logTypes';

export type ExtensionMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route of an extension: the method and the OpenAPI path (`{param}` for a path parameter). */
export interface ExtensionRoute {
  method: ExtensionMethod;
  path: string;
}

/** The API family of an extension: the spec section whose calls it adds to (docs/api.md). */
export type ExtensionFamily = 'auth' | 'policy' | 'logs' | 'reports' | 'settings' | 'provider';

export interface ExtensionDef {
  /** Whose session calls it: the tenant portal's or the provider console's. */
  world: 'tenant' | 'provider';
  family: ExtensionFamily;
  title: string;
  routes: readonly ExtensionRoute[];
  /** What the apps use it for; without it that control is not shown. */
  usedFor: string;
}

const get = (path: string): ExtensionRoute => ({ method: 'GET', path });
const post = (path: string): ExtensionRoute => ({ method: 'POST', path });

const ROLLOUTS = '/gdmanage/api/v1/ops/rollouts';

export const EXTENSION_REGISTRY = {
  'mfa-enrolment': {
    world: 'tenant',
    family: 'auth',
    title: 'Two-factor self-enrolment',
    routes: [
      get('/api/auth/v1/mfa'),
      post('/api/auth/v1/mfa/enrol'),
      post('/api/auth/v1/mfa/confirm'),
      post('/api/auth/v1/mfa/disable'),
    ],
    usedFor: "the user menu's Two-factor sign-in dialog (turn the second factor on or off)",
  },
  administrators: {
    world: 'tenant',
    family: 'auth',
    title: "The cloud's writes of administrators",
    routes: [
      post('/api/auth/v1/users'),
      { method: 'DELETE', path: '/api/auth/v1/users/{uid}' },
      post('/api/auth/v1/users/{uid}/reset_password'),
      { method: 'PUT', path: '/api/auth/v1/users/{uid}/status' },
      post('/api/auth/v1/users/{uid}/unlock'),
    ],
    usedFor:
      'the Administrators page: add one with a one-time password, reset the password, disable or activate, unlock, delete (docs/administrators.md)',
  },
  'mfa-reset': {
    world: 'tenant',
    family: 'auth',
    title: "An administrator's reset of another account's second factor",
    routes: [post('/api/auth/v1/mfa/users/{uid}/reset')],
    usedFor: "the Two-factor users page's Reset of an account that lost its authenticator",
  },
  'role-delete': {
    world: 'tenant',
    family: 'policy',
    title: 'Delete a role',
    routes: [{ method: 'DELETE', path: '/api/policy/v2/rbac/{name}' }],
    usedFor: "the Roles page's Delete of a role nobody holds",
  },
  'revision-note': {
    world: 'tenant',
    family: 'policy',
    title: 'Publish note',
    routes: [
      get('/api/policy/v1/rules/portal_note/{rev}'),
      { method: 'PUT', path: '/api/policy/v1/rules/portal_note/{rev}' },
    ],
    usedFor: "the policy landing page's publish note of the staged revision",
  },
  'revision-diff': {
    world: 'tenant',
    family: 'policy',
    title: 'Revision differences',
    routes: [get('/api/policy/v1/revisions/diff')],
    usedFor:
      "the publish bar's count of staged changes and its Review, the publish dialog's list of what will be published, and the history's Compare",
  },
  'revision-history': {
    world: 'tenant',
    family: 'policy',
    title: 'Revision history',
    routes: [get('/api/policy/v1/revisions')],
    usedFor:
      'the Revision history page (and its link in the publish bar) and the comment kept with a publish',
  },
  'revision-discard': {
    world: 'tenant',
    family: 'policy',
    title: 'Discard staged changes',
    routes: [post('/api/policy/v1/rules/{rev}/discard')],
    usedFor: "the publish bar's Discard",
  },
  'revision-rollback': {
    world: 'tenant',
    family: 'policy',
    title: 'Roll back to a published revision',
    routes: [post('/api/policy/v1/revisions/{rev}/rollback')],
    usedFor: "the revision history's Roll back",
  },
  'policy-tester': {
    world: 'tenant',
    family: 'policy',
    title: 'Policy tester',
    routes: [post('/api/policy/v1/tester')],
    usedFor: 'the Policy tester page',
  },
  'policy-impact': {
    world: 'tenant',
    family: 'policy',
    title: 'Impact preview of a publish',
    routes: [post('/api/policy/v1/impact'), get('/api/policy/v1/impact/{id}')],
    usedFor: "the publish Review step's impact preview",
  },
  'publish-approval': {
    world: 'tenant',
    family: 'policy',
    title: 'Two-person approval of publishes',
    routes: [
      get('/api/policy/v1/approvals'),
      post('/api/policy/v1/approvals'),
      post('/api/policy/v1/approvals/{id}/approve'),
      post('/api/policy/v1/approvals/{id}/reject'),
    ],
    usedFor: 'submitting a publish for approval, and the approvers’ approve and reject',
  },
  'cloud-app-catalogue': {
    world: 'tenant',
    family: 'policy',
    title: 'Cloud-app catalogue with its use',
    routes: [get('/api/policy/v3/casb/app_discovery/apps')],
    usedFor: "the cloud-app policy's discovered apps and the names its app pickers offer",
  },
  'log-summaries': {
    world: 'tenant',
    family: 'logs',
    title: 'Log count, histogram and top values',
    routes: LOG_TYPES.flatMap((t) => [get(`/api/rep/v1/histogram/${t}`), get(`/api/rep/v1/top_values/${t}`)]),
    usedFor: "the logs explorer's exact count, time histogram and field sidebar (top values)",
  },
  'log-export': {
    world: 'tenant',
    family: 'logs',
    title: 'Log export',
    routes: LOG_TYPES.map((t) => get(`/api/rep/v1/export/${t}`)),
    usedFor: "the logs explorer's Export (every event of the query as CSV or NDJSON)",
  },
  'saved-searches': {
    world: 'tenant',
    family: 'logs',
    title: 'Saved searches',
    routes: [
      get('/api/rep/v1/saved_searches'),
      post('/api/rep/v1/saved_searches'),
      { method: 'DELETE', path: '/api/rep/v1/saved_searches/{id}' },
    ],
    usedFor: "the logs explorer's Saved searches menu",
  },
  'report-schedule-actions': {
    world: 'tenant',
    family: 'reports',
    title: 'Delete and run scheduled reports',
    routes: [
      { method: 'DELETE', path: '/api/reports/v1/scheduled_reports/{id}' },
      post('/api/reports/v1/scheduled_reports/{id}/run'),
    ],
    usedFor: "the Reports page's Delete and Run now of a scheduled report",
  },
  dashboards: {
    world: 'tenant',
    family: 'reports',
    title: 'Dashboards people build',
    routes: [
      get('/api/dashboards/v1/boards'),
      post('/api/dashboards/v1/boards'),
      get('/api/dashboards/v1/boards/{id}'),
      { method: 'PUT', path: '/api/dashboards/v1/boards/{id}' },
      { method: 'DELETE', path: '/api/dashboards/v1/boards/{id}' },
      { method: 'PUT', path: '/api/dashboards/v1/start_board' },
    ],
    usedFor:
      "the Dashboards page (boards of report and log-field panels), the logs field sidebar's Visualise, a start board",
  },
  'ldap-test': {
    world: 'tenant',
    family: 'settings',
    title: 'LDAP test connection',
    routes: [post('/api/settings/v1/tenants/auth/ldap/test')],
    usedFor: "the sign-in settings' LDAP Test connection (bind, then look up one user)",
  },
  'ip-restrictions-read': {
    world: 'tenant',
    family: 'settings',
    title: "The tenant's read of its IP restrictions",
    routes: [get('/api/settings/v1/tenants/ip_restrictions')],
    usedFor: "the sign-in settings' IP restrictions, read-only (the provider sets them)",
  },
  'connectivity-history': {
    world: 'tenant',
    family: 'settings',
    title: "The tenant's last connectivity runs",
    routes: [get('/connectivity/manager/results')],
    usedFor: "Contact Us › Connectivity test's list of the last runs",
  },
  alerts: {
    world: 'tenant',
    family: 'settings',
    title: 'Alerts and notifications',
    // Every route of the alerts API (docs/alerts.md): the paths are ours, no spec call has them.
    routes: [
      get('/api/alerts/v1/rules'),
      post('/api/alerts/v1/rules'),
      get('/api/alerts/v1/rules/{id}'),
      { method: 'PUT', path: '/api/alerts/v1/rules/{id}' },
      { method: 'DELETE', path: '/api/alerts/v1/rules/{id}' },
      get('/api/alerts/v1/rules/{id}/evaluations'),
      get('/api/alerts/v1/firings'),
      post('/api/alerts/v1/firings/{id}/acknowledge'),
      post('/api/alerts/v1/firings/{id}/silence'),
      get('/api/alerts/v1/channels'),
      post('/api/alerts/v1/channels'),
      { method: 'DELETE', path: '/api/alerts/v1/channels/{id}' },
      get('/api/alerts/v1/channels/{id}/deliveries'),
      get('/api/alerts/v1/notifications'),
      post('/api/alerts/v1/notifications/{id}/read'),
      post('/api/alerts/v1/notifications/read_all'),
    ],
    usedFor: "the Alerts page, the logs explorer's Create alert from this query, the header's notifications",
  },
  'provider-audit': {
    world: 'provider',
    family: 'provider',
    title: "The provider's audit trail",
    routes: [get('/gdmanage/api/v1/audit')],
    usedFor: "the console's Audit trail page",
  },
  'provider-rollouts': {
    world: 'provider',
    family: 'provider',
    title: 'Staged rollouts',
    routes: [
      get(ROLLOUTS),
      post(ROLLOUTS),
      post(`${ROLLOUTS}/preview`),
      get(`${ROLLOUTS}/{id}`),
      ...(['preview', 'start', 'stop', 'resume', 'rollback'] as const).map((a) =>
        post(`${ROLLOUTS}/{id}/${a}`),
      ),
    ],
    usedFor: "the console's Rollouts page (changes applied to many tenants in waves)",
  },
  'provider-mfa-users': {
    world: 'provider',
    family: 'provider',
    title: "A tenant's accounts with their second factor",
    routes: [get('/gdmanage/api/v1/tenants/{id}/mfa/users')],
    usedFor:
      "the tenant page's portal accounts: the Overview's count of administrators and the Users tab's panel of their sign-in (second factor, Disable MFA, Reset password)",
  },
  'provider-password-reset': {
    world: 'provider',
    family: 'provider',
    title: "Reset a portal account's password",
    routes: [post('/gdmanage/api/v1/tenants/{id}/tenantusers/{uid}/resetpassword')],
    usedFor:
      "the tenant page's Reset password of a portal account (a one-time password, changed at the next sign-in)",
  },
  'provider-revision-diff': {
    world: 'provider',
    family: 'provider',
    title: "The differences between two of a tenant's revisions",
    routes: [get('/gdmanage/api/v1/tenants/{id}/revisions/diff')],
    usedFor:
      "the tenant page's Policy revisions tab: the revision a chart's change marker opened, against the one before it",
  },
  'contact-messages': {
    world: 'provider',
    family: 'provider',
    title: "The tenants' contact messages",
    routes: [
      get('/gdmanage/api/v1/contact_messages'),
      { method: 'PUT', path: '/gdmanage/api/v1/contact_messages/{id}/status' },
    ],
    usedFor: "the console's Contact messages page (the tenants' messages, marked answered)",
  },
} as const satisfies Record<string, ExtensionDef>;

export type ExtensionId = keyof typeof EXTENSION_REGISTRY;
export const EXTENSION_IDS = Object.keys(EXTENSION_REGISTRY) as ExtensionId[];

export const isExtensionId = (id: string): id is ExtensionId => Object.hasOwn(EXTENSION_REGISTRY, id);

/** The extensions of a world, in the registry's order. */
export const extensionsOf = (world: ExtensionDef['world']): ExtensionId[] =>
  EXTENSION_IDS.filter((id) => EXTENSION_REGISTRY[id].world === world);

/**
 * Where a session asks which extensions the server serves (always served, also with every
 * extension off: then it lists none). A backend without it (404) serves none.
 */
export const EXTENSIONS_PATHS = {
  tenant: '/api/v1/extensions',
  provider: '/gdmanage/api/v1/extensions',
} as const;

/** The answer: the ids of the world's extensions this server serves, in the registry's order. */
export const ExtensionsReply = Type.Object(
  { extensions: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 200 }) },
  { additionalProperties: false },
);
export type ExtensionsReply = Static<typeof ExtensionsReply>;
