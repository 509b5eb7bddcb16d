import { browser } from '@wdio/globals';
import type { byTestId } from './testId';

type Element = ReturnType<typeof byTestId>;

/**
 * Signs out through a user menu: opens it and chooses Logout until the menu's button is gone from
 * the page (the sign-in or logout page shows), as a person would try again. The outcome is what
 * is checked, not the menu closing: after Logout the page leaves, and WebDriver's answers about
 * the old menu's item (stale, or a request cut off by the navigation) say nothing reliable.
 */
export async function signOutThrough(menuButton: () => Element, logoutItem: () => Element): Promise<void> {
  await browser.waitUntil(
    async () => {
      if (
        !(await menuButton()
          .isExisting()
          .catch(() => true))
      )
        return true;
      if (
        await logoutItem()
          .isDisplayed()
          .catch(() => false)
      )
        await logoutItem()
          .click()
          .catch(() => undefined);
      else
        await menuButton()
          .click()
          .catch(() => undefined);
      return false;
    },
    { interval: 500, timeoutMsg: 'Logout did not sign out: the user menu is still there.' },
  );
}
