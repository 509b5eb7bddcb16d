/**
 * The sweep (issue 31), run by specs/sweep-portal.spec.ts and specs/sweep-console.spec.ts (one
 * spec file per app, so that the suite's lanes can run them side by side): every route of both apps, read from their route tables
 * (support/sweepRoutes.ts), as each demo account (common's DEMO_TENANT_ACCOUNTS on the tenant
 * portal, one per tenant and role; DEMO_OPERATORS on the provider console); each app's
 * administrator in the light and the dark theme, 1400 and 800 px wide (light at both widths, dark
 * at 1400 px: SNAKE), the other accounts light at 1400 px (withLooks); on a page with
 * section tabs (#/policy/web/…) each section too. A route is opened once inside the app (no page
 * load) and waited for until it settled (its route shown, no request in flight, no progress
 * shown); then it is shown in each look in turn, and each time the sweep asserts:
 * - no browser console error (SEVERE: console.error, failed requests, uncaught errors) and no
 *   uncaught error or unhandled rejection in the page;
 * - not the router's error page, nor the sign-in page;
 * - no chip label or tab whose text does not fit (wider than its box, or cut off by a box that
 *   does not scroll), and no tab row squeezed so narrow that it shows less than two whole tabs;
 * - the landing is where the product sends this role: a route the navigation offers opens, one it
 *   does not offer shows No access, the 404 page or another page, never an error; the same in
 *   every theme and width as in the first;
 * - no serious or critical axe-core violation, where axe runs (below).
 *
 * The themes: with no theme chosen in the user menu the apps follow the system's colour scheme,
 * which the sweep turns with Chrome's media emulation, so a page is loaded once for its three looks
 * (a theme chosen in the menu, and a page loaded dark, are accessibility.spec's).
 *
 * Where axe runs: every other check is one script of a few milliseconds and runs in every
 * combination; axe takes most of the sweep's time, so it runs where its result can differ: at
 * 1400 px (the narrow layout's own checks, the folded navigation, are accessibility.spec's), once
 * per page (where a route landed) and role with every rule, in the theme the page is first shown
 * in there, and in the other theme with the colour rules only (COLOUR_RULES: a theme changes
 * colours, not the DOM or the layout, so the other rules would find the same again). Accounts of
 * one role see a page alike (both tenants' administrators: admin@globex's pages are not checked
 * again), and the No access page is one page whatever its address. Time: see wdio/README.md,
 * "The sweep".
 *
 * SWEEP_SHOTS=/some/dir saves a screenshot per visit there (app-user-tenant-route-theme-width.png),
 * for a look at what renders but misleads; SWEEP_VERBOSE=1 prints each visit's landing, time and
 * findings as they come; SWEEP_ROUTES=regex sweeps only the routes it matches (sections follow).
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { browser, expect } from '@wdio/globals';
import { DEMO_OPERATORS, DEMO_TENANT_ACCOUNTS } from '@workbench/common/api/contract/demo';
import { AREAS } from '../../tenant-portal/src/routes/areas';
import { NOT_FOUND_PATH } from '../../tenant-portal/src/routes/routeModel';
import { PROVIDER_AREAS } from '../../provider-console/src/app/providerAreas';
import { providerPageIds } from '@workbench/common/test-ids/index';
import { forgetSession, signInToPortal } from '../pageobjects/portal';
import { providerLoginPage } from '../pageobjects/ProviderLoginPage';
import { providerShell } from '../pageobjects/ProviderShell';
import { SweptPage, type App, type PageReading } from '../pageobjects/SweptPage';
import { animationsSettled, blockingViolations } from './axe';
import { CONSOLE_ROUTES, PORTAL_ROUTES, fillParams } from './sweepRoutes';
import { DEMO_PASSWORD } from './testEnv';
import { emulateSystemTheme, type Theme } from './theme';

type Width = 1400 | 800;
/** The width axe runs at (see the header). */
const AXE_WIDTH: Width = 1400;
const WINDOW_HEIGHT = 900;

/** The demo tenant the parameterised console routes (`/tenants/:tid`) are swept with. */
const SWEPT_TENANT = 'acme';

interface Account {
  app: App;
  username: string;
  /** The demo account's role: accounts of one role see a page alike (axe runs once per role). */
  role: string;
  routes: readonly string[];
  /** The looks each page is shown in (see withLooks). */
  looks: readonly Combination[];
}

interface Combination {
  theme: Theme;
  width: Width;
}

/**
 * The looks of a page, in the order shown (the next route walks them back). Three, not four: a
 * theme changes colours, not the layout, so dark at 800 px has light at 800 px's boxes (the clip
 * checks) and dark at 1400 px's colours (axe's colour rules run at 1400 px only); its own visit
 * cost a quarter of the sweep's browser time for findings the other two already give.
 */
const SNAKE: readonly Combination[] = [
  { theme: 'light', width: 1400 },
  { theme: 'light', width: 800 },
  { theme: 'dark', width: 1400 },
];

/**
 * One account per tenant and role: two accounts of one role in one tenant see the same pages
 * (approver@acme is acme's second administrator, there to approve the other's publishes), and
 * sweeping both cost CI ~5 minutes for the same findings. Both tenants' administrators stay: the
 * tenants' features differ.
 */
const ONE_PER_TENANT_ROLE = DEMO_TENANT_ACCOUNTS.filter(
  (a, index, all) => all.findIndex((b) => b.tenant === a.tenant && b.role === a.role) === index,
);

/**
 * Every look (SNAKE) for the first account of each app's demo list, its administrator (admin@acme,
 * operator@provider), who sees every control the other roles see and more (the fullest toolbars
 * and forms, where a narrow window clips first); the other accounts in the first look only, which
 * still checks their landings, console errors, clipping at 1400 px and axe's every rule on their
 * pages. Their 800 px and dark looks repeated the administrator's boxes and colours on a subset of
 * its controls, for ~500 s of CI's browser time.
 */
const withLooks = (accounts: Omit<Account, 'looks'>[]): Account[] =>
  accounts.map((a, index) => ({ ...a, looks: index === 0 ? SNAKE : SNAKE.slice(0, 1) }));

const ACCOUNTS: readonly Account[] = [
  ...withLooks(
    ONE_PER_TENANT_ROLE.map((a) => ({
      app: 'portal' as const,
      username: a.username,
      role: a.role,
      routes: PORTAL_ROUTES,
    })),
  ),
  ...withLooks(
    DEMO_OPERATORS.map((o) => ({
      app: 'console' as const,
      username: o.username,
      role: o.role,
      routes: CONSOLE_ROUTES,
    })),
  ),
];

type FindingKind = 'console' | 'pageError' | 'landing' | 'clipped' | 'axe' | 'unsettled';

interface Finding {
  app: App;
  account: string;
  theme: Theme;
  width: Width;
  route: string;
  kind: FindingKind;
  detail: string;
}

/**
 * axe-core's rules whose result depends on the colours (color-contrast-enhanced, AAA, is off in
 * axe's default set): the only ones run in a page's second theme.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;
const shotsDir = process.env.SWEEP_SHOTS;
const verbose = Boolean(process.env.SWEEP_VERBOSE);
/** While working on a few pages: SWEEP_ROUTES=regex sweeps only the routes it matches. */
const only = new RegExp(process.env.SWEEP_ROUTES ?? '');

/** The routes each app's navigation may link to (its tables' rows): only these have to be offered. */
const NAV_ROUTES: Record<App, readonly string[]> = {
  portal: AREAS.flatMap((area) =>
    area.inNav
      ? [`/${area.path}`, ...(area.children ?? []).map((child) => `/${area.path}/${child.path}`)]
      : [],
  ),
  console: PROVIDER_AREAS.map((area) => `/${area.path}`),
};

const pathOf = (location: string) => location.split('?')[0] || '/';
const hrefPath = (href: string) => pathOf(href.replace(/^#/, ''));

/**
 * Whether the first landing of a route is where the product sends this role: a route the
 * navigation offers opens (at its path or a sub-page of it); one it does not offer does not open.
 * The start page (`/`) and routes outside the navigation (the 404 route, a tenant's detail page)
 * only have to open something.
 */
function landingProblem(route: string, reading: PageReading, navRoutes: ReadonlySet<string>): string | null {
  const landed = pathOf(reading.location);
  if (reading.kind === 'errorPage') return `the router's error page at ${reading.location}`;
  if (reading.kind === 'login') return `the sign-in page, though signed in (at ${reading.location})`;
  const offered = reading.navLinks.some((href) => hrefPath(href) === route);
  const opened = reading.kind === 'page' && (landed === route || landed.startsWith(`${route}/`));
  if (route === NOT_FOUND_PATH)
    return reading.kind === 'notFound' ? null : `${reading.kind} at ${landed}, not the 404 page`;
  if (route === '/') return reading.kind === 'page' ? null : `${reading.kind} at ${landed} as the start page`;
  if (!navRoutes.has(route)) return opened ? null : `${reading.kind} at ${landed}, not the page`;
  if (offered && !opened) return `the navigation offers it, but it showed ${reading.kind} at ${landed}`;
  if (!offered && opened) return `it opened at ${landed}, but the navigation does not offer it`;
  return null;
}

const report = (findings: readonly Finding[]): string[] =>
  findings.map((f) => `${f.account} ${f.route} (${f.theme}, ${f.width} px) [${f.kind}] ${f.detail}`);

async function signIn(account: Account): Promise<void> {
  await forgetSession();
  if (account.app === 'portal') {
    await signInToPortal(account.username, DEMO_PASSWORD);
  } else {
    await providerLoginPage.open();
    await providerLoginPage.signIn(account.username, DEMO_PASSWORD);
  }
}

/** The tenant's id, from its row's link on the console's tenants page. */
async function tenantIdOf(name: string): Promise<string> {
  await providerShell.waitForTenants([name]);
  const prefix = `${providerPageIds.tenantLink}-`;
  const tid = await browser.execute(
    (linkPrefix: string, tenant: string) =>
      [...document.querySelectorAll(`[data-testid^="${linkPrefix}"]`)]
        .find((link) => link.textContent?.trim() === tenant)
        ?.getAttribute('data-testid')
        ?.slice(linkPrefix.length) ?? null,
    prefix,
    name,
  );
  if (!tid) throw new Error(`The tenants page has no link to ${name}.`);
  return tid;
}

/**
 * The sweep of one app's routes as each of its accounts (ACCOUNTS): one describe per account,
 * and the time it took printed at the end.
 */
export function sweepApp(app: App): void {
  /** The pages axe has checked with every rule: app, role and page. */
  const axeChecked = new Set<string>();
  /** The pages axe has checked in a theme (every rule or the colour rules): app, role, page and theme. */
  const axeCheckedInTheme = new Set<string>();
  /** Where the time goes (printed at the end): visits, axe runs and their milliseconds. */
  const timing = { visits: 0, visitMs: 0, axeRuns: 0, axeMs: 0, colourRuns: 0, colourMs: 0 };

  describe(`Sweep of the ${app === 'portal' ? 'tenant portal' : 'provider console'}`, () => {
    for (const account of ACCOUNTS.filter((a) => a.app === app)) {
      describe(`as ${account.username}`, () => {
        const page = new SweptPage(account.app);
        const navRoutes = new Set(NAV_ROUTES[account.app]);
        let routes: string[] = [];

        before(async () => {
          await SweptPage.watchPages();
          await signIn(account);
          const params =
            account.app === 'console'
              ? { tid: await tenantIdOf(SWEPT_TENANT) }
              : ({} as Record<string, string>);
          routes = account.routes
            .map((pattern) => fillParams(pattern, params))
            .filter((route) => only.test(route));
          if (shotsDir) mkdirSync(shotsDir, { recursive: true });
        });

        after(async () => {
          await emulateSystemTheme('light');
          await browser.setWindowSize(1400, WINDOW_HEIGHT);
        });

        const looks = account.looks.map((c) => `${c.theme} at ${c.width} px`).join(', ');
        it(`every route and section: ${looks}`, async () => {
          const findings: Finding[] = [];
          const testStarted = Date.now();
          const before = { ...timing };
          let combinations = account.looks;
          await page.showIn(combinations[0].theme, combinations[0].width, WINDOW_HEIGHT);
          await page.consoleErrors(); // what the sign-in logged is not a visit's

          /** Goes to the route, then checks it in every combination; returns the first reading. */
          const sweep = async (route: string, isSection: boolean): Promise<PageReading> => {
            const started = Date.now();
            const where = (c: Combination) => ({ theme: c.theme, width: c.width });
            const found = (c: Combination, kind: FindingKind, detail: string) => {
              findings.push({
                app: account.app,
                account: account.username,
                ...where(c),
                route,
                kind,
                detail,
              });
              if (verbose) console.log(`[sweep] finding: ${route} ${c.theme} ${c.width} [${kind}] ${detail}`);
            };
            let axeMs = 0;
            let first: PageReading | undefined;
            for (const [index, combination] of combinations.entries()) {
              try {
                if (index === 0) await page.visit(route);
                else await page.showIn(combination.theme, combination.width, WINDOW_HEIGHT);
              } catch (error) {
                found(combination, 'unsettled', (error as Error).message);
              }
              const reading = await page.read();
              for (const message of await page.consoleErrors()) found(combination, 'console', message);
              for (const error of reading.pageErrors) found(combination, 'pageError', error);
              for (const c of reading.clipped)
                found(combination, 'clipped', `${c.what} "${c.text}": ${c.why}`);
              if (!first) {
                first = reading;
                const problem = isSection ? null : landingProblem(route, reading, navRoutes);
                if (problem) found(combination, 'landing', problem);
              } else if (first.kind !== reading.kind || pathOf(first.location) !== pathOf(reading.location)) {
                found(
                  combination,
                  'landing',
                  `${reading.kind} at ${reading.location}, but ${first.kind} at ${first.location} before`,
                );
              }
              // Every rule once per page and role, the colour rules once per page, role and theme
              // (the No access page is one page, whatever its address).
              const axePage = [
                account.app,
                account.role,
                reading.kind === 'page' ? pathOf(reading.location) : reading.kind,
              ].join(' ');
              const axeTheme = `${axePage} ${combination.theme}`;
              if (
                combination.width === AXE_WIDTH &&
                reading.kind !== 'errorPage' &&
                !axeCheckedInTheme.has(axeTheme)
              ) {
                axeCheckedInTheme.add(axeTheme);
                const rules = axeChecked.has(axePage) ? COLOUR_RULES : undefined;
                axeChecked.add(axePage);
                const axeStarted = Date.now();
                try {
                  for (const v of await blockingViolations({ rules }))
                    found(combination, 'axe', `${v.rule} (${v.impact}): ${v.help}: ${v.targets.join(' | ')}`);
                } catch (error) {
                  found(combination, 'axe', `axe did not run: ${(error as Error).message}`);
                }
                const ms = Date.now() - axeStarted;
                timing.axeRuns += 1;
                timing.axeMs += ms;
                if (rules) {
                  timing.colourRuns += 1;
                  timing.colourMs += ms;
                }
                axeMs += ms;
              }
              if (shotsDir) {
                await animationsSettled(); // the theme's colours fade in: show them, not the fade
                const slug = route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'start';
                const [user, domain] = account.username.split('@');
                await browser.saveScreenshot(
                  path.join(
                    shotsDir,
                    `${account.app}-${user}-${domain.split('.')[0]}-${slug}-${combination.theme}-${combination.width}.png`,
                  ),
                );
              }
            }
            // The next route starts where this one ended.
            combinations = [...combinations].reverse();
            timing.visits += 1;
            timing.visitMs += Date.now() - started;
            if (verbose && first)
              console.log(
                `[sweep] ${account.username} ${route}: ${first.kind} at ${first.location}, ${Date.now() - started} ms (axe ${axeMs} ms)`,
              );
            return first as PageReading;
          };

          for (const route of routes) {
            const reading = await sweep(route, false);
            if (reading.kind !== 'page') continue;
            // The page's sections (its tabs are links under its path): each one is a page of its own.
            for (const href of reading.sectionLinks) await sweep(hrefPath(href), true);
          }
          console.log(
            `[sweep] ${account.username}: ${timing.visits - before.visits} routes and sections in ` +
              `${Math.round((Date.now() - testStarted) / 1000)} s, axe ${timing.axeRuns - before.axeRuns} runs in ` +
              `${Math.round((timing.axeMs - before.axeMs) / 1000)} s, ${findings.length} findings`,
          );
          expect(report(findings)).toEqual([]);
        });
      });
    }

    // Inside the app's describe: a spec file's hooks at the top level would be its whole worker's.
    after(() => {
      console.log(
        `[sweep] ${app}: ${timing.visits} visits in ${Math.round(timing.visitMs / 1000)} s, ` +
          `${timing.axeRuns} axe runs in ${Math.round(timing.axeMs / 1000)} s ` +
          `(${timing.colourRuns} of them the colour rules only, in ${Math.round(timing.colourMs / 1000)} s)`,
      );
    });
  });
}
