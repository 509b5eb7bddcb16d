import { AxeBuilder } from '@axe-core/webdriverio';
import { browser } from '@wdio/globals';

/** Impacts that fail the accessibility checks (DESIGN.md: no serious axe-core violation). */
export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;

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
 * fading in fails the contrast rule. Endless ones (progress spinners) are not waited for.
 */
async function animationsSettled(): Promise<void> {
  await browser
    .waitUntil(
      () =>
        browser.execute(
          () =>
            document
              .getAnimations()
              .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
              .length === 0,
        ),
      { timeout: 5000, interval: 50 },
    )
    .catch(() => undefined); // still moving after 5 s: check the page as it is
}

/** Runs axe-core on the current page (once it stopped moving) and returns the serious or critical violations. */
export async function blockingViolations(): Promise<BlockingViolation[]> {
  await animationsSettled();
  const results = await new AxeBuilder({ client: browser }).analyze();
  return results.violations
    .filter((violation) => (BLOCKING_IMPACTS as readonly string[]).includes(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')} → ${node.html.slice(0, 160)}`),
    }));
}
