import { logoutIds } from '@workbench/common/test-ids/index';
import { byTestId } from './testId';

/** The tenant portal's signed-out page (#/logout?returnUrl=…&timeout=true). */
export class LogoutPage {
  get page() {
    return byTestId(logoutIds.page);
  }
  get message() {
    return byTestId(logoutIds.message);
  }
  get signInAgain() {
    return byTestId(logoutIds.signInAgain);
  }

  /** `timeout`: beyond the suite's wait (a countdown that still has to run out). */
  async waitForDisplayed(timeout?: number): Promise<void> {
    await this.page.waitForDisplayed({ timeout, timeoutMsg: 'The signed-out page did not show.' });
  }
}

export const logoutPage = new LogoutPage();
