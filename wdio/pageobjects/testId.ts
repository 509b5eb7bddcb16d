import { $, $$, browser } from '@wdio/globals';

/** CSS selector of an element by its shared data-testid (common/src/test-ids). */
export const testIdSelector = (id: string): string => `[data-testid="${id}"]`;

export const byTestId = (id: string) => $(testIdSelector(id));
export const allByTestId = (id: string) => $$(testIdSelector(id));

/**
 * Clicks an element once it can take the click: displayed, enabled, in view and not covered. A
 * panel or dialog still opening on a busy machine is not yet (its button is clipped or moving:
 * "element not interactable"), nor is a button still disabled by the previous state.
 */
export async function clickWhenReady(element: ReturnType<typeof $>, what: string): Promise<void> {
  await element.waitForClickable({ timeoutMsg: `${what} did not become clickable.` });
  await element.click();
}

/**
 * Replaces an input's text as a user does (click, select all, delete, type): a React-controlled
 * input keeps its value through WebDriver's clear, so setValue would append to it.
 */
export async function replaceText(element: ReturnType<typeof $>, text: string, what: string): Promise<void> {
  await clickWhenReady(element, what);
  await browser.keys(['Control', 'a']);
  await browser.keys('Backspace');
  await element.addValue(text);
}
