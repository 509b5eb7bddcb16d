import { $, $$, browser } from '@wdio/globals';
import { componentIds } from '@workbench/common/test-ids/index';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';
import { policyEditorIds, policyFamilyIds } from '@workbench/common/test-ids/webPolicyIds';
import { byTestId, testIdSelector } from './testId';

type Section = 'access-rules' | 'applications' | 'catalogs' | 'clusters';
const ids = policyFamilyIds('private');

/**
 * The Secure Application Access page (#/secure-application-access/<section>, issue 13). Its tables,
 * Add buttons and dialog buttons are the firewall's pieces (firewallIds with the section path).
 */
export class PrivateAccessPage {
  tab(section: Section) {
    return byTestId(`${ids.tab}-${section}`);
  }
  section(section: Section) {
    return byTestId(`${policyEditorIds.section}-${section}`);
  }
  addButton(section: Section) {
    return byTestId(`${firewallIds.add}-${section}`);
  }
  get save() {
    return byTestId(policyEditorIds.save);
  }
  get status() {
    return byTestId(policyEditorIds.status);
  }
  get portalUrl() {
    return byTestId(privateAccessIds.portalUrl);
  }
  dialog(which: 'ruleDialog' | 'appDialog' | 'clusterDialog' | 'catalogDialog') {
    return byTestId(privateAccessIds[which]);
  }
  field(name: string) {
    const id = testIdSelector(`${privateAccessIds.field}-${name}`);
    return $(`textarea${id}, input${id}`);
  }
  get dialogSave() {
    return byTestId(firewallIds.dialogSave);
  }
  get accordionSave() {
    return byTestId(componentIds.ruleAccordionSave);
  }
  /** The Next button of the open accordion panel. */
  get accordionNext() {
    return $(`.Mui-expanded ${testIdSelector(componentIds.ruleAccordionNext)}`);
  }
  rowButton(label: string) {
    return $(`button[aria-label="${label}"]`);
  }
  /** The n-th select (0-based) of an open dialog. */
  select(dialogId: string, n = 0) {
    return $$(`${testIdSelector(dialogId)} [role="combobox"]`)[n];
  }
  option(text: string) {
    return $(`//li[@role="option"][contains(normalize-space(.), "${text}")]`);
  }
  dualListItem(name: string) {
    return $(
      `//*[@data-testid="${componentIds.dualListAvailable}"]//input[@aria-label="${name}"]/ancestor::*[@role="button"][1]`,
    );
  }
  get addToSelected() {
    return $(`[data-testid="${componentIds.dualList}"] button[aria-label="Add to selected"]`);
  }

  async waitForDisplayed(section: Section): Promise<void> {
    await this.section(section).waitForDisplayed({ timeoutMsg: `The ${section} section did not show.` });
    await browser.waitUntil(
      async () => (await this.status.isExisting()) && (await this.status.getText()) !== '',
      {
        timeoutMsg: `The ${section} section did not load.`,
      },
    );
  }

  async waitForSaved(): Promise<void> {
    await browser.waitUntil(async () => (await this.status.getText()).startsWith('All changes saved'), {
      timeoutMsg: 'The section did not report its changes saved.',
    });
  }

  async columnTexts(section: Section, column: string): Promise<string[]> {
    return browser.execute(
      (tableId: string, col: string) =>
        [...document.querySelectorAll(`[data-testid="${tableId}"] .ag-row[row-index]`)]
          .filter((row) => row.querySelector(`[col-id="${col}"]`))
          .map((row) => ({
            index: Number(row.getAttribute('row-index')),
            text: row.querySelector(`[col-id="${col}"]`)?.textContent ?? '',
          }))
          .sort((a, b) => a.index - b.index)
          .map((r) => r.text),
      `${firewallIds.table}-${section}`,
      column,
    );
  }

  async fill(name: string, text: string): Promise<void> {
    const input = this.field(name);
    await input.click();
    await browser.keys(['Control', 'a']);
    await browser.keys('Backspace');
    await input.addValue(text);
  }

  /** Picks an option of a dialog's select by its visible text. */
  async choose(dialogId: string, n: number, text: string): Promise<void> {
    await this.select(dialogId, n).click();
    await this.option(text).waitForDisplayed();
    await this.option(text).click();
    await this.option(text).waitForExist({ reverse: true });
  }
}

export const privateAccessPage = new PrivateAccessPage();
