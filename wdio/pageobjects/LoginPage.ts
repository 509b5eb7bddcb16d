import { $, browser } from '@wdio/globals';
import { loginIds, snackbarIds } from '@workbench/common/test-ids/index';
import { byTestId, testIdSelector } from './testId';

/**
 * The shared login page (common's LoginPage): the tenant portal's login area at /login/ and the
 * provider console's sign-in screen use the same ids.
 */
export class LoginPage {
  get page() {
    return byTestId(loginIds.page);
  }
  get heading() {
    return byTestId(loginIds.heading);
  }
  /** The input element inside the User field (MUI puts the test id on the input or its root). */
  get user() {
    return this.inputOf(loginIds.user);
  }
  get password() {
    return this.inputOf(loginIds.password);
  }
  get submit() {
    return byTestId(loginIds.submit);
  }
  get progress() {
    return byTestId(loginIds.progress);
  }
  get topSnackbar() {
    return byTestId(snackbarIds.top);
  }
  /** The message of the top snackbar (login errors are shown there). */
  get topSnackbarMessage() {
    return this.topSnackbar.$(testIdSelector(snackbarIds.message));
  }

  async waitForDisplayed(): Promise<void> {
    await this.page.waitForDisplayed({
      timeoutMsg: `The login page did not show (at ${await browser.getUrl()}).`,
    });
    await this.submit.waitForClickable();
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.waitForDisplayed();
    await this.user.setValue(username);
    await this.password.setValue(password);
    await this.submit.click();
  }

  /** Text of the top snackbar once it shows. */
  async errorText(): Promise<string> {
    await this.topSnackbar.waitForDisplayed({ timeoutMsg: 'No top snackbar after the failed sign-in.' });
    const message = this.topSnackbarMessage;
    return (await message.isExisting()) ? message.getText() : this.topSnackbar.getText();
  }

  /** The <input> of a field: the id may sit on the input itself or on the TextField around it. */
  private inputOf(id: string) {
    const field = testIdSelector(id);
    return $(`input${field}, ${field} input`);
  }
}

export const loginPage = new LoginPage();
