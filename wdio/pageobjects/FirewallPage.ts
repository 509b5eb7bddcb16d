import { $, browser } from '@wdio/globals';
import { componentIds } from '@workbench/common/test-ids/index';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import { policyEditorIds } from '@workbench/common/test-ids/webPolicyIds';
import { byTestId, testIdSelector } from './testId';

type Section = 'rules' | 'services' | 'feeds';

/** The Firewall page (#/fwaas/<section>): rules, services and threat feeds. */
export class FirewallPage {
  get page() {
    return byTestId(firewallIds.page);
  }
  tab(section: Section) {
    return byTestId(`${firewallIds.tab}-${section}`);
  }
  section(section: Section) {
    return byTestId(`${firewallIds.section}-${section}`);
  }
  table(section: Section) {
    return byTestId(`${firewallIds.table}-${section}`);
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
  get ruleDialog() {
    return byTestId(firewallIds.ruleDialog);
  }
  get serviceDialog() {
    return byTestId(firewallIds.serviceDialog);
  }
  /** A form field's input (or textarea) in the open dialog. */
  field(name: string) {
    const id = testIdSelector(`${firewallIds.field}-${name}`);
    return $(`textarea${id}, input${id}`);
  }
  get dialogSave() {
    return byTestId(firewallIds.dialogSave);
  }
  get accordionSave() {
    return byTestId(componentIds.ruleAccordionSave);
  }
  /** A per-row button by its accessible name ("Move Allow web up", "Edit Allow web"). */
  rowButton(label: string) {
    return $(`button[aria-label="${label}"]`);
  }
  /** An accordion panel's header in the rule dialog (its title starts the button's text). */
  panelHeader(title: string) {
    return $(
      `//*[@data-testid="${firewallIds.ruleDialog}"]//*[self::button or @role="button"][starts-with(normalize-space(.), "${title}")]`,
    );
  }
  /** An item of the rule dialog's services dual list (its row: the checkbox itself is drawn over), by name. */
  dualListItem(name: string) {
    return $(
      `//*[@data-testid="${componentIds.dualListAvailable}"]//input[@aria-label="${name}"]/ancestor::*[@role="button"][1]`,
    );
  }
  get addToSelected() {
    return $(`[data-testid="${componentIds.dualList}"] button[aria-label="Add to selected"]`);
  }

  async waitForDisplayed(section: Section): Promise<void> {
    await this.section(section).waitForDisplayed({ timeoutMsg: `The firewall ${section} did not show.` });
    await browser.waitUntil(
      async () => (await this.status.isExisting()) && (await this.status.getText()) !== '',
      {
        timeoutMsg: `The firewall ${section} did not load.`,
      },
    );
  }

  /** Waits until the section says everything is saved. */
  async waitForSaved(): Promise<void> {
    await browser.waitUntil(async () => (await this.status.getText()).startsWith('All changes saved'), {
      timeoutMsg: 'The firewall section did not report its changes saved.',
    });
  }

  /** The texts of a column's cells in display order (AG Grid: row-index; col-id = the column). */
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

  /** Replaces a field's text (keyboard: WebDriver's clear does not reach React's state). */
  async fill(name: string, text: string): Promise<void> {
    const input = this.field(name);
    await input.click();
    await browser.keys(['Control', 'a']);
    await browser.keys('Backspace');
    await input.addValue(text);
  }
}

export const firewallPage = new FirewallPage();
