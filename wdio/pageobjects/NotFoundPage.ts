import { notFoundIds } from '@workbench/common/test-ids/index';
import { byTestId } from './testId';

/** The 404 page (docs/sessions.md §7 Other rules). */
export class NotFoundPage {
  get page() {
    return byTestId(notFoundIds.page);
  }
  get heading() {
    return byTestId(notFoundIds.heading);
  }
  get subheading() {
    return byTestId(notFoundIds.subheading);
  }
  get text() {
    return byTestId(notFoundIds.text);
  }

  async waitForDisplayed(): Promise<void> {
    await this.page.waitForDisplayed({ timeoutMsg: 'The 404 page did not show.' });
  }
}

export const notFoundPage = new NotFoundPage();
