import { $, $$, browser } from '@wdio/globals';
import { entityPageIds } from '@workbench/common/test-ids/index';
import { byTestId } from './testId';

/** A provider-entity page of the console (one per registry row), e.g. SKUs. */
export class EntityPage {
  readonly ids: ReturnType<typeof entityPageIds>;
  constructor(readonly entity: string) {
    this.ids = entityPageIds(entity);
  }
  get page() {
    return byTestId(this.ids.page);
  }
  get addButton() {
    return byTestId(this.ids.addButton);
  }
  get deleteSelected() {
    return byTestId(this.ids.deleteSelected);
  }
  get search() {
    return byTestId(this.ids.search);
  }
  get formDialog() {
    return byTestId(this.ids.formDialog);
  }
  field(name: string) {
    return byTestId(`${this.ids.formField}-${name}`);
  }
  /** The chip of one id picked in a `references` field. */
  chip(field: string, id: string) {
    return byTestId(`${this.ids.formChip}-${field}-${id}`);
  }
  editButton(id: string) {
    return byTestId(`${this.ids.editButton}-${id}`);
  }
  /** A grid cell of the table holding `text`. */
  cellWithText(text: string) {
    return $(`//*[@data-testid="${this.ids.table}"]//*[@role="gridcell"][contains(., "${text}")]`);
  }
  /** The selection checkbox of the row whose cells hold `text`. */
  rowCheckbox(text: string) {
    return $(
      `//*[@data-testid="${this.ids.table}"]//*[contains(@class, "ag-row")][.//*[@role="gridcell"][contains(., "${text}")]]//input[@type="checkbox"]`,
    );
  }

  async waitForDisplayed(): Promise<void> {
    await this.page.waitForDisplayed({ timeoutMsg: `The ${this.entity} page did not show.` });
  }

  /** Fills the open form: each field's text replaces what it held. */
  async fill(values: Record<string, string>): Promise<void> {
    for (const [name, text] of Object.entries(values)) {
      const input = this.field(name);
      await input.waitForEnabled();
      await input.click();
      await browser.keys(['Control', 'a']);
      await browser.keys('Delete');
      await input.addValue(text);
    }
  }

  /** Picks items of a `references` field by name: types each name and clicks the option it finds. */
  async pick(field: string, names: readonly string[]): Promise<void> {
    const input = this.field(field);
    for (const name of names) {
      await input.waitForEnabled();
      await input.click();
      await input.addValue(name);
      const option = $(`//*[@role="option"][starts-with(normalize-space(.), "${name}")]`);
      await option.waitForClickable({ timeoutMsg: `${field} offered no ${name}.` });
      await option.click();
    }
  }

  async submitForm(): Promise<void> {
    await byTestId(this.ids.formSubmit).click();
  }

  /**
   * Waits until every row left in the table holds `text` in its `column` cell: a search's answer
   * has replaced the rows, and those it removed (which fade out) are gone, so nothing on the page
   * still moves (axe measures contrast through the opacity of the moment).
   */
  async waitForOnlyRowsWith(column: string, text: string): Promise<void> {
    const others = `//*[@data-testid="${this.ids.table}"]//*[@role="gridcell"][@col-id="${column}"][not(contains(., "${text}"))]`;
    await browser.waitUntil(async () => (await $$(others).length) === 0, {
      timeoutMsg: `Rows of ${this.entity} without ${text} stayed listed.`,
    });
  }

  async waitForRow(text: string): Promise<void> {
    await this.cellWithText(text).waitForDisplayed({ timeoutMsg: `No row of ${this.entity} shows ${text}.` });
  }
}
