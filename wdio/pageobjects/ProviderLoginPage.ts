import { browser } from '@wdio/globals';
import { LoginPage } from './LoginPage';

/** The provider console's sign-in screen at /provider/ (the shared login page, appName 'Provider Console'). */
export class ProviderLoginPage extends LoginPage {
  async open(): Promise<void> {
    await browser.url('/provider/');
    await this.waitForDisplayed();
  }
}

export const providerLoginPage = new ProviderLoginPage();
