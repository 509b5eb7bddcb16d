import { $, browser } from '@wdio/globals';
import { reportsIds } from '@workbench/common/test-ids/reportsIds';
import { byTestId } from './testId';

/** What the browser fetched from a download link, with its session (status, headers, bytes). */
export interface FetchedFile {
  status: number;
  contentType: string | null;
  disposition: string | null;
  bytes: Buffer;
}

/** Reports: scheduled reports, their dialog, and the past reports' downloads. */
export class ReportsPage {
  get page() {
    return byTestId(reportsIds.page);
  }
  get addButton() {
    return byTestId(reportsIds.addButton);
  }
  get formDialog() {
    return byTestId(reportsIds.formDialog);
  }
  get nameField() {
    return byTestId(reportsIds.formName);
  }
  get recipientsField() {
    return byTestId(reportsIds.formRecipients);
  }
  get submit() {
    return byTestId(reportsIds.formSubmit);
  }
  get mailNote() {
    return byTestId(reportsIds.mailNote);
  }
  runNow(name: string) {
    return byTestId(`${reportsIds.runNow}-${name}`);
  }
  /** A grid cell of the scheduled reports holding `text`. */
  scheduleCell(text: string) {
    return $(`//*[@data-testid="${reportsIds.scheduledTable}"]//*[@role="gridcell"][contains(., "${text}")]`);
  }
  /** The download link of the newest past report of that name. */
  downloadLink(name: string) {
    return $(
      `//*[@data-testid="${reportsIds.pastTable}"]//a[starts-with(@aria-label, "Download ${name} (")]`,
    );
  }

  async waitForDisplayed(): Promise<void> {
    await this.page.waitForDisplayed({ timeoutMsg: 'The reports page did not show.' });
  }

  /** Fills the new-schedule dialog's name and recipients (the rest keeps its defaults) and adds it. */
  async addSchedule(name: string, recipients: string[]): Promise<void> {
    await this.addButton.click();
    await this.formDialog.waitForDisplayed({ timeoutMsg: 'The schedule dialog did not open.' });
    await this.nameField.setValue(name);
    for (const address of recipients) {
      await this.recipientsField.click();
      // A comma after an address turns it into a chip.
      await browser.keys([...address, ',']);
      await $(
        `//*[@data-testid="${reportsIds.formDialog}"]//*[contains(@class, "MuiChip-label")][. = "${address}"]`,
      ).waitForDisplayed({
        timeoutMsg: `The recipient ${address} did not become a chip.`,
      });
    }
    await this.submit.click();
    await this.formDialog.waitForDisplayed({
      reverse: true,
      timeoutMsg: 'The schedule dialog did not close after Add.',
    });
  }

  /** GETs a link's URL in the page (same origin, the session's cookies). */
  async fetchLink(href: string): Promise<FetchedFile> {
    const got = await browser.execute(async (url: string) => {
      const response = await fetch(url);
      const buffer = new Uint8Array(await response.arrayBuffer());
      let binary = '';
      for (let i = 0; i < buffer.length; i += 0x8000)
        binary += String.fromCharCode(...buffer.subarray(i, i + 0x8000));
      return {
        status: response.status,
        contentType: response.headers.get('content-type'),
        disposition: response.headers.get('content-disposition'),
        base64: btoa(binary),
      };
    }, href);
    return { ...got, bytes: Buffer.from(got.base64, 'base64') };
  }
}

export const reportsPage = new ReportsPage();
