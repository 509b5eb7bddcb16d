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

/** Runs axe-core on the current page and returns the serious or critical violations. */
export async function blockingViolations(): Promise<BlockingViolation[]> {
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
