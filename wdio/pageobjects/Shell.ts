import { browser } from '@wdio/globals';
import { navItemId, shellIds } from '@workbench/common/test-ids/index';
import { byTestId } from './testId';
import { signOutThrough } from './menu';

/** The tenant portal's app shell: app bar, side navigation, user menu, page title. */
export class Shell {
  get appBar() {
    return byTestId(shellIds.appBar);
  }
  get nav() {
    return byTestId(shellIds.nav);
  }
  get pageTitle() {
    return byTestId(shellIds.pageTitle);
  }
  get revisionState() {
    return byTestId(shellIds.revisionState);
  }
  get publish() {
    return byTestId(shellIds.publish);
  }
  get userMenuButton() {
    return byTestId(shellIds.userMenuButton);
  }
  get userName() {
    return byTestId(shellIds.userName);
  }
  get logoutItem() {
    return byTestId(shellIds.logout);
  }

  navItem(area: string) {
    return byTestId(navItemId(area));
  }

  /** Waits until the shell shows a page with the given title (and the revision state is known). */
  async waitForPage(title: string): Promise<void> {
    await this.appBar.waitForDisplayed({
      timeoutMsg: `The app shell did not show (at ${await browser.getUrl()}).`,
    });
    await browser.waitUntil(
      async () => (await this.pageTitle.isDisplayed()) && (await this.pageTitle.getText()) === title,
      {
        timeoutMsg: `The page title did not become "${title}" (at ${await browser.getUrl()}).`,
      },
    );
  }

  /** Waits until the staged revision's state is shown: the shell has the user and the revision. */
  async waitForRevisionState(): Promise<void> {
    await this.revisionState.waitForDisplayed({
      timeoutMsg: 'The revision state did not show in the app bar.',
    });
    await browser.waitUntil(async () => (await this.revisionState.getText()).trim() !== '', {
      timeoutMsg: 'The revision state stayed empty.',
    });
  }

  /**
   * Dark mode: chooses a theme in the user menu and waits until the page shows it. Under load the
   * menu can re-render while it opens (the click lands on a stale item and nothing is chosen):
   * when the page has not turned after a few seconds, the item is found again and chosen again,
   * opening the menu first if it has closed.
   */
  async chooseTheme(preference: 'system' | 'light' | 'dark'): Promise<void> {
    const item = () => byTestId(`${shellIds.themeChoice}-${preference}`);
    const turned = async () =>
      preference === 'system' ||
      (await browser.execute(() => document.documentElement.dataset.agThemeMode)) === preference;
    await browser.waitUntil(
      async () => {
        if (!(await item().isDisplayed())) await this.userMenuButton.click();
        await item().waitForClickable();
        await item().click();
        return browser.waitUntil(turned, { timeout: 4000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 40000, interval: 250, timeoutMsg: `The page did not turn ${preference}.` },
    );
    await item().waitForDisplayed({ reverse: true });
  }

  /**
   * Opens the user menu and chooses an item once the menu has stopped moving: its opening
   * transition scales and moves the items, and a click aimed at one while it ran landed, under
   * load, on the item beside it (Change password instead of Two-factor sign-in).
   */
  async chooseUserMenuItem(testId: string): Promise<void> {
    await this.userMenuButton.click();
    const item = byTestId(testId);
    await item.waitForStable();
    await item.click();
  }

  async signOut(): Promise<void> {
    await signOutThrough(
      () => this.userMenuButton,
      () => this.logoutItem,
    );
  }

  /**
   * Buttons whose visible name is exactly `name` (e.g. Save, Publish) in the whole page, counted in
   * one script: element by element, a page that re-renders its buttons (the logs page) left each
   * one stale before its check, and the re-finding never ended.
   */
  async visibleButtonsNamed(name: string): Promise<number> {
    return browser.execute(
      (wanted: string) =>
        [...document.querySelectorAll('button')].filter(
          (b) => b.getClientRects().length > 0 && (b.innerText ?? '').trim() === wanted,
        ).length,
      name,
    );
  }
}

export const shell = new Shell();
