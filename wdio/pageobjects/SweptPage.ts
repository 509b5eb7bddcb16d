import { browser } from '@wdio/globals';
import {
  loginIds,
  noAccessIds,
  notFoundIds,
  pageLocationAttribute,
  providerIds,
  shellIds,
} from '@workbench/common/test-ids/index';
import { runBeforePageScripts, takeBrowserLog } from '../support/cdp';
import { emulateSystemTheme, type Theme } from '../support/theme';

/**
 * Whatever page of either app is shown, as the sweep (support/sweep.ts) looks at it: go to a
 * route inside the app (no page load), wait until the page settled, and read in one script what a
 * person would trip over. Elements are found through the shared test ids, the page's location
 * attribute (`pageLocationAttribute`) and MUI's class names for chips and tabs.
 */

export type App = 'portal' | 'console';

/** What a visit ended on. */
export type LandingKind = 'page' | 'noAccess' | 'notFound' | 'login' | 'errorPage';

/** A chip label or a tab whose text does not fit where it is shown. */
export interface Clipped {
  what: 'chip' | 'tab';
  text: string;
  why: string;
}

export interface PageReading {
  kind: LandingKind;
  /** Path and query the page shows (the router's), or the address when no page is shown. */
  location: string;
  /** The hrefs (`#/…`) of the navigation's links. */
  navLinks: string[];
  /** The hrefs of the page's other section tabs (tabs that are links to routes under the page). */
  sectionLinks: string[];
  clipped: Clipped[];
  /** Uncaught errors and unhandled rejections in the page since the last reading. */
  pageErrors: string[];
}

/** The heading of React Router's own error page (a page that threw while it rendered or loaded). */
const ROUTER_ERROR_HEADING = 'Unexpected Application Error';

/** The width below which the shells fold their navigation (MUI's md breakpoint, ShellLayout). */
const NARROW_BELOW_PX = 900;

/** Only a guard: a page of the demo data settles in well under a second on an idle machine. */
const SETTLE_GUARD_MS = 45_000;

const NAV_IDS: Record<App, string> = { portal: shellIds.nav, console: providerIds.nav };

/**
 * Runs in every document the tab loads (before the page's scripts): counts the requests in flight
 * (XMLHttpRequest, which axios uses, and fetch), so the sweep waits for a page's data, and keeps the
 * page's uncaught errors and unhandled rejections.
 */
const PAGE_WATCH = `(() => {
  if (window.__sweep) return;
  const watch = (window.__sweep = { inflight: 0, errors: [] });
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    watch.inflight += 1;
    this.addEventListener('loadend', () => { watch.inflight -= 1; }, { once: true });
    return send.apply(this, args);
  };
  const fetchOf = window.fetch;
  window.fetch = function (...args) {
    watch.inflight += 1;
    return fetchOf.apply(this, args).finally(() => { watch.inflight -= 1; });
  };
  window.addEventListener('error', (event) => {
    if (event.error || event.message) watch.errors.push('Uncaught ' + (event.error && event.error.stack || event.message));
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    watch.errors.push('Unhandled rejection ' + (reason && reason.stack || String(reason)));
  });
})();`;

interface SweepWindow {
  __sweep?: { inflight: number; errors: string[] };
}

export class SweptPage {
  constructor(readonly app: App) {}

  /** Installs the page watch for every document loaded from now on (call before the first load). */
  static async watchPages(): Promise<void> {
    await runBeforePageScripts(PAGE_WATCH);
  }

  /** Goes to `path` inside the app (the hash route; the app is not reloaded) and waits until it settled. */
  async visit(path: string): Promise<void> {
    await browser.execute((hash: string) => {
      window.location.hash = hash;
    }, `#${path}`);
    await this.waitUntilSettled(path);
  }

  /**
   * Shows the page in `theme` (the system's colour scheme, which the apps follow live) at `width`
   * px, and waits until it settled again in that layout.
   */
  async showIn(theme: Theme, width: number, height: number): Promise<void> {
    await emulateSystemTheme(theme);
    const { width: now } = await browser.getWindowSize();
    if (now !== width) await browser.setWindowSize(width, height);
    await this.waitUntilSettled(`the page in the ${theme} theme at ${width} px`);
  }

  /**
   * Waits until the page shown is the route of the address (the router renders a new route in a
   * transition: until it is ready the old page stays), no request is in flight and nothing shows
   * progress; checked again after the browser painted, so that requests a page starts once shown
   * are waited for too. A page that cannot settle (the router's error page, the login page) ends
   * the wait at once: the reading names it.
   */
  async waitUntilSettled(what: string): Promise<void> {
    let why = '';
    await browser
      .waitUntil(
        async () => {
          why = await browser.execute(
            async (
              attribute: string,
              loginPage: string,
              navToggle: string,
              narrowBelow: number,
              routerError: string,
            ) => {
              const visible = (el: Element) => {
                const box = el.getBoundingClientRect();
                return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
              };
              const pending = (): string => {
                const address = decodeURI(window.location.hash.slice(1)) || '/';
                const main = document.querySelector(`main[${attribute}]`);
                if (!main) {
                  // The router's error page and the sign-in page have no such main: they end the wait.
                  const ended =
                    document.querySelector(`[data-testid="${loginPage}"]`) !== null ||
                    (document.querySelector('h2')?.textContent ?? '').includes(routerError);
                  return ended ? '' : 'no page is shown yet';
                }
                const shown = decodeURI(main.getAttribute(attribute) ?? '');
                if (shown !== address) return `the page of ${shown} is shown at ${address}`;
                // In the shell, the layout follows the window's width (the folded navigation).
                const folded = document.querySelector(`[data-testid="${navToggle}"]`) !== null;
                const inShell = folded || document.getElementById('main-navigation') !== null;
                if (inShell && folded !== window.innerWidth < narrowBelow)
                  return `the layout is not yet the one of ${window.innerWidth} px`;
                const inflight = (window as SweepWindow).__sweep?.inflight ?? 0;
                if (inflight > 0) return `${inflight} requests in flight`;
                const busy = [
                  ...document.querySelectorAll(
                    '[role="progressbar"]:not([aria-valuenow]), [aria-busy="true"], .MuiSkeleton-root',
                  ),
                ].filter(visible);
                if (busy.length > 0)
                  return `progress shown: ${busy.map((el) => el.getAttribute('aria-label') ?? el.className).join(', ')}`;
                return '';
              };
              const first = pending();
              if (first) return first;
              await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
              return pending();
            },
            pageLocationAttribute,
            loginIds.page,
            shellIds.navToggle,
            NARROW_BELOW_PX,
            ROUTER_ERROR_HEADING,
          );
          return why === '';
        },
        { timeout: SETTLE_GUARD_MS, interval: 50, timeoutMsg: 'unsettled' },
      )
      .catch(() => {
        throw new Error(`${what} did not settle: ${why}.`);
      });
  }

  /** Everything the sweep checks on the page shown, in one script. */
  async read(): Promise<PageReading> {
    return browser.execute(
      (ids: {
        attribute: string;
        nav: string;
        notFound: string;
        noAccess: string;
        login: string;
        routerError: string;
      }): PageReading => {
        const byId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
        const visible = (el: Element) => {
          const box = el.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) return false;
          const style = getComputedStyle(el);
          return style.visibility !== 'hidden' && style.display !== 'none';
        };
        const main = document.querySelector(`main[${ids.attribute}]`);
        const kind: LandingKind =
          !main && (document.querySelector('h2')?.textContent ?? '').includes(ids.routerError)
            ? 'errorPage'
            : byId(ids.login)
              ? 'login'
              : byId(ids.notFound)
                ? 'notFound'
                : byId(ids.noAccess)
                  ? 'noAccess'
                  : 'page';
        const location = decodeURI(main?.getAttribute(ids.attribute) ?? window.location.hash.slice(1));
        const hrefs = (selector: string) =>
          [...document.querySelectorAll(selector)].map((a) => a.getAttribute('href') ?? '');
        const path = location.split('?')[0];
        const sectionLinks = hrefs('main [role="tab"][href^="#/"]:not([aria-selected="true"])').filter(
          (href) => href.startsWith(`#${path.replace(/\/$/, '')}/`),
        );

        const name = (el: Element) =>
          `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}.${[...el.classList].slice(0, 2).join('.')}`;
        /**
         * How far the element's text reaches past its content box (px): the extent of its text
         * nodes (text ranges, not the element's other boxes such as a ripple), and its scroll width.
         * Text in a visually hidden box (1 px wide, for screen readers) is not shown and not measured.
         */
        const textOverflow = (el: Element): number => {
          let left = Infinity;
          let right = -Infinity;
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim() || (node.parentElement?.getBoundingClientRect().width ?? 0) <= 1)
              continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const box = range.getBoundingClientRect();
            if (box.width === 0) continue;
            left = Math.min(left, box.left);
            right = Math.max(right, box.right);
          }
          const scrolled = el.scrollWidth - el.clientWidth;
          if (right === -Infinity) return scrolled;
          const style = getComputedStyle(el);
          const box = el.getBoundingClientRect();
          const contentLeft = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
          const contentRight =
            box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
          return Math.max(right - contentRight, contentLeft - left, scrolled);
        };
        /** The ancestor that cuts the element off (overflow hidden), up to the first one that scrolls. */
        const cutBy = (el: Element): string | null => {
          const box = el.getBoundingClientRect();
          for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
            const overflow = getComputedStyle(up).overflowX;
            if (overflow === 'visible') continue;
            if (overflow === 'auto' || overflow === 'scroll') return null;
            const outer = up.getBoundingClientRect();
            if (box.left < outer.left - 1 || box.right > outer.right + 1)
              return `cut off by ${name(up)} (${Math.round(box.left)}–${Math.round(box.right)} px shown in ${Math.round(outer.left)}–${Math.round(outer.right)} px)`;
          }
          if (box.right > document.documentElement.clientWidth + 1)
            return `past the window's right edge (${Math.round(box.right)} px of ${document.documentElement.clientWidth} px)`;
          return null;
        };
        const clipped: Clipped[] = [];
        const look = (what: Clipped['what'], el: Element, textEl: Element) => {
          if (!visible(el)) return;
          const text = (textEl.textContent ?? '').trim();
          const over = textOverflow(textEl);
          if (over > 0.5) {
            clipped.push({
              what,
              text,
              why: `its text reaches ${Math.round(over * 10) / 10} px past its box`,
            });
            return;
          }
          const cut = cutBy(el);
          if (cut) clipped.push({ what, text, why: cut });
        };
        for (const label of document.querySelectorAll('.MuiChip-label'))
          look('chip', label.parentElement ?? label, label);
        for (const tab of document.querySelectorAll('.MuiTab-root')) look('tab', tab, tab);
        // A tab row that scrolls but is squeezed so narrow that it shows less than two whole tabs.
        for (const scroller of document.querySelectorAll('.MuiTabs-scroller')) {
          const tabs = [...scroller.querySelectorAll('.MuiTab-root')].filter(visible);
          if (!visible(scroller) || tabs.length < 2 || scroller.scrollWidth <= scroller.clientWidth + 1)
            continue;
          const shown = scroller.getBoundingClientRect();
          const whole = tabs.filter((tab) => {
            const box = tab.getBoundingClientRect();
            return box.left >= shown.left - 1 && box.right <= shown.right + 1;
          });
          if (whole.length < 2) {
            const cut = tabs.find((tab) => !whole.includes(tab));
            clipped.push({
              what: 'tab',
              text: (cut?.textContent ?? '').trim(),
              why: `its tab row is ${Math.round(shown.width)} px wide and shows ${whole.length} of ${tabs.length} tabs whole`,
            });
          }
        }

        const watch = (window as SweepWindow).__sweep;
        return {
          kind,
          location,
          navLinks: hrefs(`[data-testid="${ids.nav}"] a[href]`),
          sectionLinks,
          clipped,
          pageErrors: watch ? watch.errors.splice(0) : [],
        };
      },
      {
        attribute: pageLocationAttribute,
        nav: NAV_IDS[this.app],
        notFound: notFoundIds.page,
        noAccess: noAccessIds.page,
        login: loginIds.page,
        routerError: ROUTER_ERROR_HEADING,
      },
    );
  }

  /** The browser console's errors (SEVERE: console.error, failed requests, uncaught errors) since the last call. */
  async consoleErrors(): Promise<string[]> {
    return (await takeBrowserLog()).filter((entry) => entry.level === 'SEVERE').map((entry) => entry.message);
  }
}
