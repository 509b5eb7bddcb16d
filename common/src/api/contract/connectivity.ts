/**
 * The connectivity test (docs/contact.md §2; docs/settings.md §8): the sites to
 * test (`GET /connectivity/manager/sites`, answering `data`), a no-cors fetch of each site's
 * status with a `testId` from the browser, timed per site, and the results stored per tenant
 * (`POST /connectivity/manager/results`); `POST /safeview-auth-server/login {username, password}`
 * answers `success`. The reference backend serves the test sites on its own origin
 * (CONNECTIVITY_SITE_STATUS_PATH), so the test reaches a real server. Shapes the spec does not
 * show are our choices, written down in the doc above.
 */
import { Type, type Static } from 'typebox';

export const CONNECTIVITY_PATHS = {
  sites: '/connectivity/manager/sites',
  results: '/connectivity/manager/results',
  authLogin: '/safeview-auth-server/login',
} as const;

/** A test site's status, on the reference backend's own origin. */
export const CONNECTIVITY_SITE_STATUS_ROUTE = '/connectivity/site/:id/status';
export const connectivitySiteStatusPath = (id: string) =>
  `/connectivity/site/${encodeURIComponent(id)}/status`;

/** The services a browser behind the tenant's network must reach, one test site each. */
export const CONNECTIVITY_SITES = {
  isolation: { name: 'Isolation service', description: 'Where isolated pages are rendered.' },
  auth: { name: 'Authentication server', description: 'Where users sign in to the service.' },
  policy: { name: 'Policy service', description: 'Where the published policy is fetched from.' },
  logging: { name: 'Log collection', description: 'Where browsing events are sent.' },
} as const satisfies Record<string, { name: string; description: string }>;
export type ConnectivitySiteId = keyof typeof CONNECTIVITY_SITES;
export const CONNECTIVITY_SITE_IDS = Object.keys(CONNECTIVITY_SITES) as ConnectivitySiteId[];

const SiteId = Type.Enum(CONNECTIVITY_SITE_IDS as [ConnectivitySiteId, ...ConnectivitySiteId[]]);

export const ConnectivitySite = Type.Object({
  id: SiteId,
  name: Type.String(),
  description: Type.String(),
  /** What the browser fetches (no-cors), with `?testId=` added. */
  url: Type.String(),
});
export type ConnectivitySite = Static<typeof ConnectivitySite>;
export const ConnectivitySites = Type.Object({ data: Type.Array(ConnectivitySite) });
export type ConnectivitySites = Static<typeof ConnectivitySites>;

/** A site's fetch gives up after this long and fails. */
export const CONNECTIVITY_TIMEOUT_MS = 10_000;
export const CONNECTIVITY_ERROR_MAX = 300;

export const ConnectivitySiteResult = Type.Object(
  {
    site_id: SiteId,
    passed: Type.Boolean(),
    /** performance.now() around the fetch, in milliseconds. */
    duration_ms: Type.Number({ minimum: 0, maximum: 600_000 }),
    /** Why it failed (the fetch's error, a time-out). */
    error: Type.Optional(Type.String({ maxLength: CONNECTIVITY_ERROR_MAX })),
  },
  { additionalProperties: false },
);
export type ConnectivitySiteResult = Static<typeof ConnectivitySiteResult>;

export const ConnectivityResultsBody = Type.Object(
  {
    /** The run's testId, sent with every site's fetch. */
    test_id: Type.String({ format: 'uuid', maxLength: 36 }),
    results: Type.Array(ConnectivitySiteResult, { minItems: 1, maxItems: CONNECTIVITY_SITE_IDS.length }),
  },
  { additionalProperties: false },
);
export type ConnectivityResultsBody = Static<typeof ConnectivityResultsBody>;

export const ConnectivityRun = Type.Object({
  id: Type.String(),
  test_id: Type.String(),
  ran_at: Type.String({ format: 'date-time' }),
  ran_by: Type.String(),
  results: Type.Array(ConnectivitySiteResult),
});
export type ConnectivityRun = Static<typeof ConnectivityRun>;
/** The tenant's last runs, newest first (our extension: the spec only stores them). */
export const CONNECTIVITY_RUNS_SHOWN = 10;
export const ConnectivityRuns = Type.Object({ data: Type.Array(ConnectivityRun) });
export type ConnectivityRuns = Static<typeof ConnectivityRuns>;

export const SafeviewLoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type SafeviewLoginBody = Static<typeof SafeviewLoginBody>;
export const SafeviewLoginReply = Type.Object({ success: Type.Boolean() });
export type SafeviewLoginReply = Static<typeof SafeviewLoginReply>;

export const CONNECTIVITY_DUPLICATE_SITE = 'Each site may have one result per run.';
export const SAFEVIEW_LOGIN_OTHER_ACCOUNT = 'The sign-in check is for your own account: give your user name.';
