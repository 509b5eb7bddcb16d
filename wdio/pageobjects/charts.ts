import type { $ } from '@wdio/globals';

/**
 * A chart's canvas once the chart has drawn. A chart draws when it is in view or near it
 * (charts/src/useInView.ts), so the chart is scrolled to the middle of the window first: one below
 * the fold would otherwise never draw.
 */
export async function drawnCanvas(
  chart: ReturnType<typeof $>,
  timeoutMsg: string,
  timeout?: number,
): Promise<ReturnType<ReturnType<typeof $>['$']>> {
  await chart.scrollIntoView({ block: 'center' });
  const canvas = chart.$('canvas');
  await canvas.waitForDisplayed({ timeoutMsg, ...(timeout === undefined ? {} : { timeout }) });
  return canvas;
}
