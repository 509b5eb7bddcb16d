import {
  createAccessController,
  DEFAULT_ENV,
  InvalidAccessRuleError,
  rolesToPermissions,
  type AccessController,
  type Deployment,
  type Mode,
  type RuntimeEnv,
} from '@workbench/common';
import { DEMO_TENANT_ROLES } from '@workbench/common/api/contract/demo';
import { extensionsOf } from '@workbench/common/api/contract/extensions';
import { AREAS, findArea, validateAreas } from './areas';
import { NOT_FOUND_PATH, type Area } from './routeModel';
import {
  environmentAllows,
  guardDecision,
  parentRedirect,
  rootPath,
  ruleAllows,
  visibleAreas,
  type FeatureFlags,
  type RouteContext,
} from './routeRules';

// These environments have an insights application (WORKBENCH_INSIGHTS_URL); see the insights tests for one without.
const env = (deployment: Deployment, mode: Mode | null = null, production = true): RuntimeEnv => ({
  ...DEFAULT_ENV,
  deployment,
  mode,
  production,
  insightsUrl: '/insights/',
});
const cloud = env('ec2');
const dev = env('dev');
const managementStation = env('on_prem', 'management_station');
const allowAll = createAccessController([], false);
const enforced = (read: readonly string[], write: readonly string[] = []): AccessController =>
  createAccessController(rolesToPermissions({ read, write }), true);
const auditor = enforced(DEMO_TENANT_ROLES.auditor.read);
const logsOnly = enforced(DEMO_TENANT_ROLES.logs.read);
const nobody = enforced([]);
const ctx = (
  e: RuntimeEnv,
  access: AccessController = allowAll,
  // Contact Us's contactForm is on unless a tenant's capabilities turn it off (a GA capability);
  // the Browser Posture Manager's browser_posture is the demo tenants' (off by default).
  features: FeatureFlags = { contactForm: true, browser_posture: true } as FeatureFlags,
  // The reference server's default: every extension served.
  extensions: ReadonlySet<string> | null = new Set(extensionsOf('tenant')),
): RouteContext => ({
  env: e,
  access,
  features,
  extensions,
});
const ids = (areas: Area[]): string[] => areas.map((a) => a.id);

describe('docs/sessions.md §6 route table: environment rules', () => {
  it.each([
    ['login', 'cloud and on-prem', [true, true, true, true]],
    ['logout', 'all', [true, true, true, true]],
    ['insights', 'cloud, or on-prem management station', [true, true, false, false]],
    ['contact-form', 'all', [true, true, true, true]],
    ['policy', 'cloud or management station', [true, true, false, false]],
    ['customization', 'cloud or management station', [true, true, false, false]],
    ['settings', 'all', [true, true, true, true]],
    ['secure-application-access', 'cloud only', [true, false, false, false]],
    ['fwaas', 'all', [true, true, true, true]],
    ['browser-management', 'cloud or management station', [true, true, false, false]],
    ['logs', 'cloud or management station', [true, true, false, false]],
    ['web', 'cloud, or on-prem safeview modes', [true, false, true, false]],
    ['safemail', 'all', [true, true, true, true]],
  ] as const)('%s is allowed in: %s', (id, _label, [onCloud, onMs, onSafeview, onSafemail]) => {
    const rule = findArea(id).environment;
    expect(environmentAllows(rule, cloud)).toBe(onCloud);
    expect(environmentAllows(rule, managementStation)).toBe(onMs);
    expect(environmentAllows(rule, env('on_prem', 'safeview'))).toBe(onSafeview);
    expect(environmentAllows(rule, env('on_prem', 'safemail'))).toBe(onSafemail);
  });

  it('dashboard: cloud, or on-prem management station in non-production builds', () => {
    const rule = findArea('dashboard').environment;
    expect(environmentAllows(rule, cloud)).toBe(true);
    expect(environmentAllows(rule, managementStation)).toBe(false);
    expect(environmentAllows(rule, env('on_prem', 'management_station', false))).toBe(true);
    expect(environmentAllows(rule, env('on_prem', 'safeview', false))).toBe(false);
  });

  it('reports (report files, issue 11): the environment rule and access of the dashboard', () => {
    expect(findArea('reports').environment).toEqual(findArea('dashboard').environment);
    expect(findArea('reports').access).toEqual({ any: ['dashboard:*:*'] });
  });

  it('alerts (issue 40): the logs environment rule, their own read permission, and the alerts extension', () => {
    const alerts = findArea('alerts');
    expect(alerts.environment).toEqual(findArea('logs').environment);
    expect(alerts.access).toEqual({ any: ['settings:alerts:read'] });
    expect(ids(visibleAreas(ctx(cloud), AREAS))).toContain('alerts');
    // A backend without the alerts extension (only the spec's calls) has no Alerts page.
    const without = new Set(extensionsOf('tenant').filter((id) => id !== 'alerts'));
    expect(ids(visibleAreas(ctx(cloud, allowAll, undefined, without), AREAS))).not.toContain('alerts');
  });

  it('web is allowed in every safeview mode (safeview, safeview_isolation, safeview_proxy)', () => {
    const rule = findArea('web').environment;
    for (const mode of ['safeview', 'safeview_isolation', 'safeview_proxy'] as const) {
      expect(environmentAllows(rule, env('on_prem', mode))).toBe(true);
    }
    expect(environmentAllows(rule, env('on_prem', 'safemail_worker'))).toBe(false);
  });

  it('deployment dev is treated like the cloud for area rules', () => {
    for (const area of AREAS) {
      expect(environmentAllows(area.environment, dev)).toBe(environmentAllows(area.environment, cloud));
    }
  });
});

describe('docs/access.md §3 route rules', () => {
  it('an access rule must give exactly one of "any" or "all"; giving neither or both is an error', () => {
    const base = findArea('fwaas');
    expect(() => validateAreas([{ ...base, access: {} }])).toThrow(InvalidAccessRuleError);
    expect(() => validateAreas([{ ...base, access: { any: ['fwaas:*'], all: ['fwaas:*'] } }])).toThrow(
      'An access rule must give exactly one of "any" or "all".',
    );
    expect(() => validateAreas(AREAS)).not.toThrow();
  });

  it('an access rule with no permissions allows the route', () => {
    const area: Area = { ...findArea('fwaas'), access: { all: [] } };
    expect(visibleAreas(ctx(cloud, nobody), [area])).toEqual([area]);
  });
});

describe('visible areas for (environment, access controller, features)', () => {
  it('shows every cloud area to a user when RBAC is not enforced', () => {
    expect(ids(visibleAreas(ctx(cloud), AREAS))).toEqual([
      'dashboard',
      'reports',
      'boards',
      'alerts',
      'policy',
      'logs',
      'customization',
      'settings',
      'secure-application-access',
      'fwaas',
      'browser-management',
      'web',
      'safemail',
      'insights',
      'contact-form',
    ]);
  });

  it('hides the Browser Posture Manager from a tenant without the browser_posture feature', () => {
    const without = ids(visibleAreas(ctx(cloud, allowAll, { contactForm: true } as FeatureFlags), AREAS));
    expect(without).not.toContain('browser-management');
    expect(without).toContain('secure-application-access');
  });

  it('shows the logs-only user dashboard, reports, dashboards and logs (plus the areas any logged-in user may open)', () => {
    expect(ids(visibleAreas(ctx(cloud, logsOnly), AREAS))).toEqual([
      'dashboard',
      'reports',
      'boards',
      'logs',
      'insights',
      'contact-form',
    ]);
  });

  it('hides areas the environment rule forbids: safemail appliance has no policy, logs or web', () => {
    expect(ids(visibleAreas(ctx(env('on_prem', 'safemail')), AREAS))).toEqual([
      'settings',
      'fwaas',
      'safemail',
      'contact-form',
    ]);
  });

  it('Contact Us needs the contactForm feature: a tenant whose capabilities turn it off has none', () => {
    const off = { contactForm: false } as FeatureFlags;
    expect(ids(visibleAreas(ctx(cloud, allowAll, off), AREAS))).not.toContain('contact-form');
  });

  it('route access is any-of over a permission list: one policy group is enough for policy', () => {
    expect(ids(visibleAreas(ctx(cloud, enforced(['dlp_policy:*'])), AREAS)).includes('policy')).toBe(true);
    expect(ids(visibleAreas(ctx(cloud, enforced(['settings_cmr:*'])), AREAS)).includes('settings')).toBe(
      true,
    );
  });

  it('the logs area shows with one permitted sub-group; with none there is no child to redirect to', () => {
    const onlyDlpDenied = enforced(['logs:dlp:*']);
    expect(ids(visibleAreas(ctx(cloud, onlyDlpDenied), AREAS))).toContain('logs');
    expect(parentRedirect(findArea('logs'), ctx(cloud, enforced(['logs:unknown:*'])))).toBeNull();
  });
});

describe('docs/sessions.md §7 Root path', () => {
  it('cloud defaults to dashboard', () => {
    expect(rootPath(ctx(cloud), '/', AREAS)).toBe('/dashboard');
    expect(rootPath(ctx(dev), '/', AREAS)).toBe('/dashboard');
  });

  it('on-prem management station defaults to policy', () => {
    expect(rootPath(ctx(managementStation), '/', AREAS)).toBe('/policy');
  });

  it('on-prem management station goes to settings when the path starts with the appliance-settings prefix', () => {
    // There, Settings opens the central manager's appliances first (docs/central-manager.md §11).
    expect(rootPath(ctx(managementStation), '/appliance-settings/', AREAS)).toBe('/settings/managed-systems');
  });

  it('on-prem non-management modes default to settings/network', () => {
    expect(rootPath(ctx(env('on_prem', 'safeview')), '/', AREAS)).toBe('/settings/network');
    expect(rootPath(ctx(env('on_prem', 'safemail_worker')), '/', AREAS)).toBe('/settings/network');
  });

  it('the root goes to the first area the user may see when the default is not allowed', () => {
    expect(rootPath(ctx(cloud, enforced(['fwaas:*'])), '/', AREAS)).toBe('/fwaas');
    expect(rootPath(ctx(managementStation, logsOnly), '/', AREAS)).toBe('/logs/web?interval=7d');
  });

  it('if nothing is allowed, go to login', () => {
    expect(
      rootPath(
        ctx(env('on_prem', 'safeview'), nobody),
        '/',
        AREAS.filter((a) => a.id !== 'contact-form'),
      ),
    ).toBe('/login');
  });
});

describe('docs/sessions.md §7 Other rules', () => {
  it('a parent-route redirect picks the first child the user may see and applies its default filters as query parameters', () => {
    expect(parentRedirect(findArea('logs'), ctx(cloud))).toBe('/logs/web?interval=7d');
    expect(parentRedirect(findArea('logs'), ctx(cloud, enforced(['logs:audit:*', 'logs:dlp:*'])))).toBe(
      '/logs/audit?interval=7d',
    );
    expect(parentRedirect(findArea('settings'), ctx(cloud))).toBe('/settings/general');
  });

  it('feature rules hide children: email policy needs menlo_email, content inspection needs contentInspection', () => {
    const policy = findArea('policy');
    const emailOnly = enforced(['email_policy:*', 'content_inspection:*']);
    // Without the features only the revision history (open to every policy group) is left.
    expect(parentRedirect(policy, ctx(cloud, emailOnly))).toBe('/policy/history');
    expect(parentRedirect(policy, ctx(cloud, emailOnly, { contentInspection: true }))).toBe(
      '/policy/content-inspection',
    );
    expect(parentRedirect(policy, ctx(cloud, emailOnly, { menlo_email: true }))).toBe('/policy/email');
  });

  it('a page of a server extension (docs/api.md) is offered only when the server serves it; its path is the 404 page otherwise', () => {
    const policy = findArea('policy');
    const children = (c: RouteContext) =>
      policy.children!.filter((child) => ruleAllows(child, c)).map((x) => x.path);
    expect(children(ctx(cloud))).toEqual(expect.arrayContaining(['tester', 'history']));
    const specOnly = ctx(cloud, allowAll, {}, new Set());
    expect(children(specOnly)).not.toContain('tester');
    expect(children(specOnly)).not.toContain('history');
    expect(children(ctx(cloud, allowAll, {}, new Set(['policy-tester'])))).toContain('tester');
    expect(guardDecision(policy, 'tester', true, '/policy/tester', specOnly)).toEqual({
      kind: 'redirect',
      to: NOT_FOUND_PATH,
    });
    expect(guardDecision(policy, 'history', true, '/policy/history', specOnly)).toEqual({
      kind: 'redirect',
      to: NOT_FOUND_PATH,
    });
    expect(guardDecision(policy, 'tester', true, '/policy/tester', ctx(cloud))).toEqual({ kind: 'allow' });
    // Without history, an e-mail-only role has no policy child left: login, as for any forbidden guard.
    const emailOnly = enforced(['email_policy:*']);
    expect(parentRedirect(policy, ctx(cloud, emailOnly, {}, new Set()))).toBeNull();
  });

  it('a route whose environment rule fails redirects to the 404-not-found route', () => {
    expect(guardDecision(findArea('logs'), null, true, '/logs', ctx(env('on_prem', 'safeview')))).toEqual({
      kind: 'redirect',
      to: NOT_FOUND_PATH,
    });
    expect(guardDecision(findArea('logs'), 'saa', true, '/logs/saa', ctx(managementStation))).toEqual({
      kind: 'redirect',
      to: NOT_FOUND_PATH,
    });
  });

  it('a route guard with no permitted child sends the user to login', () => {
    expect(
      guardDecision(findArea('logs'), null, true, '/logs', ctx(cloud, enforced(['logs:other:*']))),
    ).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(guardDecision(findArea('policy'), null, true, '/policy', ctx(cloud, logsOnly))).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('a user who is not logged in is sent to login with a returnUrl query parameter, unless already on login or logout', () => {
    expect(
      guardDecision(findArea('logs'), 'web', false, '/logs/web?interval=1h', ctx(cloud, nobody)),
    ).toEqual({
      kind: 'redirect',
      to: '/login?returnUrl=%2Flogs%2Fweb%3Finterval%3D1h',
    });
    expect(guardDecision(findArea('login'), null, false, '/login', ctx(cloud, nobody))).toEqual({
      kind: 'allow',
    });
    expect(guardDecision(findArea('logout'), null, false, '/logout', ctx(cloud, nobody))).toEqual({
      kind: 'allow',
    });
  });

  it('a child the user may not see sends the user to the first child they may see', () => {
    expect(guardDecision(findArea('logs'), 'dlp', true, '/logs/dlp', ctx(cloud, auditor))).toEqual({
      kind: 'redirect',
      to: '/logs/web?interval=7d',
    });
    expect(guardDecision(findArea('logs'), 'web', true, '/logs/web', ctx(cloud, auditor))).toEqual({
      kind: 'allow',
    });
  });

  it('insights is a full page load to the separate insights application', () => {
    expect(guardDecision(findArea('insights'), null, true, '/insights', ctx(cloud))).toEqual({
      kind: 'external',
      url: '/insights/',
    });
  });

  it('without an insights application the insights area is unavailable: not in the navigation, its path goes to 404-not-found', () => {
    const noInsights = { ...cloud, insightsUrl: null };
    expect(ids(visibleAreas(ctx(noInsights), AREAS))).not.toContain('insights');
    expect(guardDecision(findArea('insights'), null, true, '/insights', ctx(noInsights))).toEqual({
      kind: 'redirect',
      to: NOT_FOUND_PATH,
    });
  });
});

describe('route rules the mutants found unpinned (issue 18)', () => {
  // A small table of our own: a plain area, a parent without a landing page, a parent with one.
  const cloudRule = { cloud: true, onPrem: 'all' as const };
  const plain: Area = {
    id: 'web',
    path: 'plain',
    title: 'Plain',
    requiresLogin: true,
    access: { any: ['web:read'] },
    environment: cloudRule,
    inNav: true,
  };
  const parent: Area = {
    id: 'logs',
    path: 'parent',
    title: 'Parent',
    requiresLogin: true,
    environment: cloudRule,
    inNav: true,
    children: [
      { path: 'first', title: 'First', access: { any: ['logs:first:read'] } },
      { path: 'second', title: 'Second', access: { any: ['logs:second:read'] }, defaultFilters: { v: '1' } },
    ],
  };
  const dashboard: Area = {
    id: 'dashboard',
    path: 'dashboard',
    title: 'Dashboard',
    requiresLogin: true,
    access: { any: ['dashboard:read'] },
    environment: cloudRule,
    inNav: true,
  };
  const settings: Area = { ...plain, id: 'settings', path: 'settings', title: 'Settings', access: undefined };
  const table = [plain, parent, dashboard, settings];

  it('a parent area with no permitted child: no redirect, hidden, and its guard sends the user to login', () => {
    const c = ctx(cloud, enforced(['web']));
    expect(parentRedirect(parent, c)).toBeNull();
    expect(visibleAreas(c, table).map((a) => a.path)).toEqual(['plain', 'settings']);
    expect(guardDecision(parent, null, true, '/parent', c)).toEqual({ kind: 'redirect', to: '/login' });
    expect(guardDecision(parent, 'first', true, '/parent/first', c)).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('a parent area goes to its first permitted child, with that child’s filters', () => {
    const c = ctx(cloud, enforced(['logs:second']));
    expect(parentRedirect(parent, c)).toBe('/parent/second?v=1');
    expect(guardDecision(parent, null, true, '/parent', c)).toEqual({
      kind: 'redirect',
      to: '/parent/second?v=1',
    });
    expect(guardDecision(parent, 'first', true, '/parent/first', c)).toEqual({
      kind: 'redirect',
      to: '/parent/second?v=1',
    });
    expect(guardDecision(parent, 'second', true, '/parent/second', c)).toEqual({ kind: 'allow' });
    expect(guardDecision(parent, 'third', true, '/parent/third', c)).toEqual({
      kind: 'redirect',
      to: NOT_FOUND_PATH,
    });
  });

  it('a plain area without children: the guard allows its path, refuses a child path, and checks access', () => {
    expect(guardDecision(plain, null, true, '/plain', ctx(cloud, enforced(['web'])))).toEqual({
      kind: 'allow',
    });
    expect(guardDecision(plain, 'x', true, '/plain/x', ctx(cloud, enforced(['web'])))).toEqual({
      kind: 'redirect',
      to: NOT_FOUND_PATH,
    });
    expect(guardDecision(plain, null, true, '/plain', ctx(cloud, enforced(['logs'])))).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(guardDecision(plain, null, false, '/plain?q=1', ctx(cloud))).toEqual({
      kind: 'redirect',
      to: '/login?returnUrl=%2Fplain%3Fq%3D1',
    });
    // A feature the area needs and the tenant lacks: login as well.
    const featured: Area = { ...plain, features: ['menlo_email'] };
    expect(guardDecision(featured, null, true, '/plain', ctx(cloud))).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(
      guardDecision(featured, null, true, '/plain', ctx(cloud, allowAll, { menlo_email: true })),
    ).toEqual({
      kind: 'allow',
    });
  });

  it('the cloud prefers the dashboard wherever it stands in the table; without it, the first visible area', () => {
    expect(rootPath(ctx(cloud), '/', table)).toBe('/dashboard');
    expect(rootPath(ctx(dev), '/', table)).toBe('/dashboard');
    expect(rootPath(ctx(cloud, enforced(['logs:first'])), '/', table)).toBe('/parent/first');
    expect(rootPath(ctx(cloud, enforced(['web'])), '/', table)).toBe('/plain');
    expect(rootPath(ctx(cloud, enforced([])), '/', table)).toBe('/settings');
    expect(rootPath(ctx(cloud, enforced([])), '/', [plain, parent, dashboard])).toBe('/login');
  });

  it('environment rules: non-production-only areas and the mode list', () => {
    const rule = { cloud: false, onPrem: ['management_station'] as Mode[], onPremNonProductionOnly: true };
    expect(environmentAllows(rule, env('on_prem', 'management_station', true))).toBe(false);
    expect(environmentAllows(rule, env('on_prem', 'management_station', false))).toBe(true);
    expect(environmentAllows(rule, env('on_prem', 'safeview', false))).toBe(false);
    expect(environmentAllows(rule, env('on_prem', null, false))).toBe(false);
    expect(environmentAllows(rule, cloud)).toBe(false);
    expect(environmentAllows({ cloud: true, onPrem: 'all' }, env('on_prem', null))).toBe(true);
    expect(environmentAllows(undefined, env('on_prem', null))).toBe(true);
  });
});
