import { policyIds } from '@workbench/common/test-ids/index';
import { byTestId, testIdSelector } from './testId';
import { $ } from '@wdio/globals';

/** The policy area's landing page: the staged revision's note editor. */
export class PolicyPage {
  get noteEditor() {
    return byTestId(policyIds.noteEditor);
  }
  /** The note's text field (the id may sit on the textarea or on the TextField around it). */
  get noteInput() {
    const field = testIdSelector(policyIds.noteInput);
    return $(`textarea${field}, ${field} textarea:not([aria-hidden="true"])`);
  }
  get noteSave() {
    return byTestId(policyIds.noteSave);
  }

  async waitForDisplayed(): Promise<void> {
    await this.noteEditor.waitForDisplayed({ timeoutMsg: 'The policy note editor did not show.' });
  }
}

export const policyPage = new PolicyPage();
