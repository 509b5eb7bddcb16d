import axeCore from 'axe-core';
import { browser } from '@wdio/globals';

/** Impacts that fail the accessibility checks (DESIGN.md: no serious axe-core violation). */
export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;

/** Only a guard: the longest finite animation of the apps lasts well under a second. */
const ANIMATION_GUARD_MS = 30_000;

/** One line per blocking violation: rule, impact, help text and the offending elements. */
export interface BlockingViolation {
  rule: string;
  impact: string;
  help: string;
  /** Selector and the start of the HTML of each offending element. */
  targets: string[];
}

/**
 * Waits until no finite CSS transition or animation runs (a dialog fading in, a drawer sliding):
 * axe measures colour contrast through the opacity of the moment, so text in a dialog still
 * fading in fails the contrast rule. Endless ones (progress spinners) are not waited for. A busy
 * machine slows animations down, so this waits for them to end rather than for a time; the
 * time-out is only a guard against one that never ends.
 */
export async function animationsSettled(): Promise<void> {
  const running = () =>
    browser.execute(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
        .map((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          const name = a instanceof CSSTransition ? a.transitionProperty : (a as CSSAnimation).animationName;
          return `${name ?? 'animation'} on ${target?.tagName.toLowerCase() ?? '?'}.${target?.className ?? ''}`;
        }),
    );
  let last: string[] = [];
  await browser
    .waitUntil(async () => (last = await running()).length === 0, {
      timeout: ANIMATION_GUARD_MS,
      interval: 50,
      timeoutMsg: 'Animations still running before the accessibility check.',
    })
    .catch((error: unknown) => {
      throw new Error(`${(error as Error).message} ${last.join('; ')}`);
    });
}

/** How axe runs. */
export interface AxeRunOptions {
  /**
   * Only these axe rules, e.g. the colour rules in a page's second theme, whose DOM the other
   * rules already checked in the first (the sweep, sweep.ts).
   */
  rules?: readonly string[];
}

/**
 * Runs axe-core on the current page (once it stopped moving) and returns the serious or critical
 * violations. axe is put into the page once per document and run there directly. Not
 * @axe-core/webdriverio's builder: it gives the page one second to answer a readiness script and
 * fails with "Page/Frame is not ready" when a loaded machine answers later (a CI run failed so),
 * injects its 500 KB source before every run, and opens a tab to put frames' results together.
 * Frames are not looked into: the apps' only frame is the notification preview, whose sandbox
 * forbids scripts, so axe could not run inside it anyway.
 */
export async function blockingViolations(options: AxeRunOptions = {}): Promise<BlockingViolation[]> {
  await animationsSettled();
  return violationsInPage(options.rules);
}

/** The part of axe-core's API the page-side run uses. */
interface PageAxe {
  run(
    context: Document,
    options: { resultTypes: string[]; iframes: boolean; runOnly?: { type: 'rule'; values: string[] } },
  ): Promise<{
    violations: {
      id: string;
      impact?: string | null;
      help: string;
      nodes: { target: unknown[]; html: string }[];
    }[];
  }>;
}

async function violationsInPage(rules?: readonly string[]): Promise<BlockingViolation[]> {
  const loaded = await browser.execute(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await browser.execute(axeCore.source);
  const outcome = await browser.execute(
    async (impacts: string[], only: string[] | null) => {
      const axe = (window as unknown as { axe: PageAxe }).axe;
      try {
        const results = await axe.run(document, {
          resultTypes: ['violations'],
          iframes: false,
          ...(only ? { runOnly: { type: 'rule' as const, values: only } } : {}),
        });
        return results.violations
          .filter((violation) => impacts.includes(violation.impact ?? ''))
          .map((violation) => ({
            rule: violation.id,
            impact: violation.impact ?? '',
            help: violation.help,
            targets: violation.nodes.map((node) => `${node.target.join(' ')} → ${node.html.slice(0, 160)}`),
          }));
      } catch (error) {
        return `axe failed: ${String(error)}`;
      }
    },
    [...BLOCKING_IMPACTS],
    rules ? [...rules] : null,
  );
  if (typeof outcome === 'string') throw new Error(outcome);
  return outcome;
}
