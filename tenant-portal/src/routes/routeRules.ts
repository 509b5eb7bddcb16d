/**
 * Pure route rules of docs/sessions.md §7: which areas a user sees, where the root goes, where a
 * parent route redirects, and what a guard decides. No React, no store: the router feeds them
 * the runtime environment, the access controller, the feature flags and the route table (areas.ts:
 * the pages use these rules, and the table loads the pages).
 */
import type { AccessController, RuntimeEnv } from '@workbench/common';
import {
  APPLIANCE_SETTINGS_PREFIX,
  NOT_FOUND_PATH,
  type Area,
  type AreaId,
  type ChildArea,
  type EnvironmentRule,
} from './routeModel';

export type FeatureFlags = Readonly<Record<string, boolean | undefined>>;

export interface RouteContext {
  env: RuntimeEnv;
  access: AccessController;
  features: FeatureFlags;
  /** The server extensions served (docs/api.md); null while the session's detection is under way. */
  extensions: ReadonlySet<string> | null;
}

export const LOGIN_PATH = '/login';
export const LOGOUT_PATH = '/logout';

/** ec2 and dev behave as the cloud for area rules (see areas.ts). */
export const isCloudLike = (env: RuntimeEnv): boolean => env.deployment !== 'on_prem';

export function environmentAllows(rule: EnvironmentRule | undefined, env: RuntimeEnv): boolean {
  if (!rule) return true;
  if (isCloudLike(env)) return rule.cloud;
  if (rule.onPremNonProductionOnly && env.production) return false;
  if (rule.onPrem === 'all') return true;
  return env.mode !== null && rule.onPrem.includes(env.mode);
}

export function featuresAllow(required: readonly string[] | undefined, features: FeatureFlags): boolean {
  return (required ?? []).every((name) => features[name] === true);
}

type Rule = Pick<Area, 'access' | 'environment' | 'features' | 'extension'> | ChildArea;

/** A page that needs a server extension exists only once the server listed it. */
export const extensionServed = (rule: Rule, ctx: RouteContext): boolean =>
  !('extension' in rule) || rule.extension === undefined || (ctx.extensions?.has(rule.extension) ?? false);

/** Environment, permission, feature and extension rules all hold. */
export function ruleAllows(rule: Rule, ctx: RouteContext): boolean {
  return (
    environmentAllows(rule.environment, ctx.env) &&
    extensionServed(rule, ctx) &&
    ctx.access.allows(rule.access) &&
    featuresAllow(rule.features, ctx.features)
  );
}

/** The children of an area the user may see, in table order. */
export function visibleChildren(area: Area, ctx: RouteContext): ChildArea[] {
  return (area.children ?? []).filter((child) => ruleAllows(child, ctx));
}

/** An area with children that has no landing page is visible only if one child is. */
export function areaAllowed(area: Area, ctx: RouteContext): boolean {
  if (!ruleAllows(area, ctx) || !externalAppExists(area, ctx.env)) return false;
  if (area.children && !area.hasLanding) return visibleChildren(area, ctx).length > 0;
  return true;
}

/** An area that is another application exists only where that application is configured. */
export const externalAppExists = (area: Area, env: RuntimeEnv): boolean =>
  !area.externalUrl || area.externalUrl(env) !== null;

/** The navigation: areas in the table order that the user may see in this environment. */
export function visibleAreas(ctx: RouteContext, areas: readonly Area[]): Area[] {
  return areas.filter((area) => area.inNav && areaAllowed(area, ctx));
}

export function withQuery(path: string, query: Readonly<Record<string, string>> | undefined): string {
  const entries = Object.entries(query ?? {});
  if (entries.length === 0) return path;
  return `${path}?${new URLSearchParams(entries).toString()}`;
}

/**
 * A parent-route redirect picks the first child the user may see and applies that child's
 * default filters as query parameters. null when no child is permitted (the guard then sends
 * the user to login).
 */
export function parentRedirect(area: Area, ctx: RouteContext): string | null {
  const child = visibleChildren(area, ctx)[0];
  if (!child) return null;
  return withQuery(`/${area.path}/${child.path}`, child.defaultFilters);
}

function areaById(id: AreaId, areas: readonly Area[]): Area {
  const area = areas.find((a) => a.id === id);
  if (!area) throw new Error(`Unknown area: ${id}`);
  return area;
}

/**
 * Where the root path goes. Cloud defaults to dashboard; the on-prem management station to
 * policy, or to settings when `pathname` (the page's location path) starts with the
 * appliance-settings prefix; other on-prem modes to settings/network. When the default is not
 * allowed, the first area the user may see; when nothing is allowed, login.
 */
export function rootPath(ctx: RouteContext, pathname: string, areas: readonly Area[]): string {
  const { env } = ctx;
  let preferred: string | null = null;
  if (isCloudLike(env)) {
    const dashboard = areaById('dashboard', areas);
    if (areaAllowed(dashboard, ctx)) preferred = '/dashboard';
  } else if (env.mode === 'management_station') {
    const wanted = pathname.startsWith(APPLIANCE_SETTINGS_PREFIX) ? 'settings' : 'policy';
    const area = areaById(wanted, areas);
    if (areaAllowed(area, ctx))
      preferred = area.children && !area.hasLanding ? parentRedirect(area, ctx) : `/${area.path}`;
  } else {
    const settings = areaById('settings', areas);
    const network = settings.children?.find((c) => c.path === 'network');
    if (ruleAllows(settings, ctx) && network && ruleAllows(network, ctx)) preferred = '/settings/network';
  }
  if (preferred) return preferred;
  const first = visibleAreas(ctx, areas).find((area) => !area.externalUrl);
  if (!first) return LOGIN_PATH;
  if (first.children && !first.hasLanding) return parentRedirect(first, ctx) ?? LOGIN_PATH;
  return `/${first.path}`;
}

/** The path to login that brings the user back to `returnUrl` (path + search) afterwards. */
export function loginPathFor(returnUrl: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ returnUrl }).toString()}`;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Full page load to another application. */
  | { kind: 'external'; url: string };

/**
 * The decision for a logged-in or logged-out user arriving at an area (and optionally a child):
 * - not logged in → login with a returnUrl, unless on login or logout;
 * - an environment rule that fails, or a page of an extension not served → the 404-not-found route;
 * - a guard with no permitted child (or a forbidden area) → login;
 * - an area path whose children have no landing → the first visible child with its filters.
 */
export function guardDecision(
  area: Area,
  childPath: string | null,
  loggedIn: boolean,
  currentUrl: string,
  ctx: RouteContext,
): GuardDecision {
  if (!area.requiresLogin) return { kind: 'allow' };
  if (!loggedIn) return { kind: 'redirect', to: loginPathFor(currentUrl) };
  if (!environmentAllows(area.environment, ctx.env) || !externalAppExists(area, ctx.env)) {
    return { kind: 'redirect', to: NOT_FOUND_PATH };
  }
  if (!ctx.access.allows(area.access) || !featuresAllow(area.features, ctx.features)) {
    return { kind: 'redirect', to: LOGIN_PATH };
  }
  if (childPath === null) {
    const externalUrl = area.externalUrl?.(ctx.env);
    if (externalUrl) return { kind: 'external', url: externalUrl };
    if (area.children && !area.hasLanding) {
      const to = parentRedirect(area, ctx);
      return to ? { kind: 'redirect', to } : { kind: 'redirect', to: LOGIN_PATH };
    }
    return { kind: 'allow' };
  }
  const child = area.children?.find((c) => c.path === childPath);
  if (!child) return { kind: 'redirect', to: NOT_FOUND_PATH };
  // A page of an extension the server does not serve does not exist here (docs/api.md).
  if (!environmentAllows(child.environment, ctx.env) || !extensionServed(child, ctx))
    return { kind: 'redirect', to: NOT_FOUND_PATH };
  if (!ruleAllows(child, ctx)) {
    const to = parentRedirect(area, ctx);
    return { kind: 'redirect', to: to ?? LOGIN_PATH };
  }
  return { kind: 'allow' };
}
