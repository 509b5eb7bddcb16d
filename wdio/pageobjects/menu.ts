import { browser } from '@wdio/globals';
import type { byTestId } from './testId';

type Element = ReturnType<typeof byTestId>;

/**
 * Chooses an item of a menu just opened. While an MUI menu grows open its items move: a click
 * then lands on another item (WebDriver refuses it as intercepted) or is lost. Click until the
 * menu has closed, as a person would.
 */
export async function chooseMenuItem(item: Element, what: string): Promise<void> {
  await item.waitForClickable();
  await browser.waitUntil(
    async () => {
      // Once the menu has closed its item is gone from the page: WebDriver may then answer with a
      // stale-element error instead of "not displayed" (seen in CI under load), which means closed.
      if (!(await item.isDisplayed().catch(() => false))) return true;
      await item.click().catch(() => undefined);
      return false;
    },
    { interval: 300, timeoutMsg: `The menu stayed open after ${what}.` },
  );
}
