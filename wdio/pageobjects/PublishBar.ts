import { browser } from '@wdio/globals';
import { publishBarIds, revisionHistoryIds } from '@workbench/common/test-ids/index';
import { byTestId, testIdSelector } from './testId';

type ChainablePromiseElement = ReturnType<typeof byTestId>;

/** The publish bar above every policy page, its dialogs, and the revision history page (issue 12). */
export class PublishBarPage {
  get bar() {
    return byTestId(publishBarIds.bar);
  }
  get summary() {
    return byTestId(publishBarIds.summary);
  }
  get review() {
    return byTestId(publishBarIds.review);
  }
  get publish() {
    return byTestId(publishBarIds.publish);
  }
  get discard() {
    return byTestId(publishBarIds.discard);
  }
  get historyLink() {
    return byTestId(publishBarIds.history);
  }
  get reviewDialog() {
    return byTestId(publishBarIds.reviewDialog);
  }
  get reviewClose() {
    return byTestId(publishBarIds.reviewClose);
  }
  get publishDialog() {
    return byTestId(publishBarIds.publishDialog);
  }
  get publishComment() {
    return byTestId(publishBarIds.publishComment);
  }
  get publishConfirm() {
    return byTestId(publishBarIds.publishConfirm);
  }
  /** Two-person approval (docs/policy-impact.md). */
  get approvalSubmitDialog() {
    return byTestId(publishBarIds.approvalSubmitDialog);
  }
  get approvalComment() {
    return byTestId(publishBarIds.approvalComment);
  }
  get approvalSubmit() {
    return byTestId(publishBarIds.approvalSubmit);
  }
  get approvalPending() {
    return byTestId(publishBarIds.approvalPending);
  }
  get approvalPanel() {
    return byTestId(publishBarIds.approvalPanel);
  }
  get approvalApprove() {
    return byTestId(publishBarIds.approvalApprove);
  }
  /** The review's impact preview. */
  get impactRun() {
    return byTestId(publishBarIds.impactRun);
  }
  get impactChanged() {
    return byTestId(publishBarIds.impactChanged);
  }
  get discardDialog() {
    return byTestId(publishBarIds.discardDialog);
  }
  get discardConfirm() {
    return byTestId(publishBarIds.discardConfirm);
  }
  get historyPage() {
    return byTestId(revisionHistoryIds.page);
  }
  historyRow(rev: number) {
    return byTestId(`${revisionHistoryIds.row}-${rev}`);
  }
  rollbackButton(rev: number) {
    return byTestId(`${revisionHistoryIds.rollback}-${rev}`);
  }
  /** The checkbox that picks a revision to compare. */
  selectForComparison(rev: number) {
    return byTestId(`${revisionHistoryIds.select}-${rev}`).$('input');
  }
  get comparison() {
    return byTestId(revisionHistoryIds.comparison);
  }
  get rollbackConfirm() {
    return byTestId(revisionHistoryIds.rollbackConfirm);
  }

  /** Waits until the bar's summary reads `text` (the staged count or "No unpublished changes"). */
  async waitForSummary(text: string | RegExp): Promise<void> {
    await this.bar.waitForDisplayed({ timeoutMsg: 'The publish bar did not show.' });
    await browser.waitUntil(
      async () => {
        const shown = await this.summary.getText();
        return typeof text === 'string' ? shown === text : text.test(shown);
      },
      {
        timeoutMsg: `The publish bar did not read ${String(text)} (it read "${await this.summary.getText()}").`,
      },
    );
  }

  /** The sentences of the readable diff inside `container` (review or publish dialog, comparison). */
  async diffTexts(container: ChainablePromiseElement): Promise<string[]> {
    const lines = await container.$$(testIdSelector(publishBarIds.diffLine));
    const texts: string[] = [];
    for (const line of lines) texts.push((await line.getText()).trim());
    return texts;
  }

  /**
   * The diff's sentences once there is at least one and every line has its text: a line can be in
   * the page a moment before its text (a CI run once read an access rule's line as "").
   */
  async waitForDiffTexts(container: ChainablePromiseElement, timeoutMsg: string): Promise<string[]> {
    let texts: string[] = [];
    await browser.waitUntil(
      async () => {
        texts = await this.diffTexts(container);
        return texts.length > 0 && texts.every((text) => text !== '');
      },
      { timeoutMsg },
    );
    return texts;
  }
}

export const publishBar = new PublishBarPage();
