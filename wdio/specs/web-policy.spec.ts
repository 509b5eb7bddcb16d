import { $, browser, expect } from '@wdio/globals';
import { componentIds } from '@workbench/common/test-ids/index';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, clickWhenReady, testIdSelector } from '../pageobjects/testId';
import { DEMO_PASSWORD } from '../support/testEnv';
import { blockingViolations } from '../support/axe';
import { forgetThemePreference, reloadInTheme } from '../support/theme';

/**
 * The Web Policy editor (issue 12) in the built portal against the reference server: a category
 * blocked and saved (the revision becomes staged), domain rules added and reordered, the auditor's
 * read-only view, and two windows editing the same rule (the second gets the conflict dialog and
 * keeps its edit with "Reload and re-apply my edit").
 */

const section = (path: string) => byTestId(`${policyEditorIds.section}-${path}`);
const status = () => byTestId(policyEditorIds.status);

async function openWebPolicy(username: string, hash: string): Promise<void> {
  await forgetSession();
  await signInToPortal(username, DEMO_PASSWORD, `/${hash}`);
  await waitForPortalRoute(hash.split('?')[0]);
  await byTestId(webPolicyIds.page).waitForDisplayed();
  await shell.waitForRevisionState();
}

const statusIs = async (text: string) =>
  browser.waitUntil(async () => (await status().getText()).includes(text), {
    timeoutMsg: `The editor's status did not become "${text}".`,
  });

const revisionStateIs = async (state: 'new' | 'staged') =>
  browser.waitUntil(async () => (await shell.revisionState.getAttribute('data-state')) === state, {
    timeoutMsg: `The revision state did not become '${state}'.`,
  });

async function save(): Promise<void> {
  await clickWhenReady(byTestId(policyEditorIds.save), "The section's Save");
  await statusIs('All changes saved.');
}

/** The domain rules table's rows, top to bottom: the row key (rule id) and the name. */
async function ruleRows(): Promise<Array<{ id: string; name: string }>> {
  return browser.execute(
    (selector) => {
      const rows = Array.from(document.querySelectorAll(`${selector} .ag-row[row-index]`)).map((row) => ({
        index: Number(row.getAttribute('row-index')),
        id: row.getAttribute('row-id') ?? '',
        name: row.querySelector('[col-id="name"]')?.textContent?.trim() ?? '',
      }));
      // A row may be split over the pinned and the centre containers: its name cell is in one.
      return rows
        .filter((r) => r.name !== '')
        .sort((a, b) => a.index - b.index)
        .map(({ id, name }) => ({ id, name }));
    },
    testIdSelector(`${policyEditorIds.section}-exceptions`),
  );
}

const ruleNames = async (): Promise<string[]> => (await ruleRows()).map((r) => r.name);

async function waitForRule(name: string): Promise<void> {
  await browser.waitUntil(async () => (await ruleNames()).includes(name), {
    timeoutMsg: `The rule "${name}" did not show in the table.`,
  });
}

/** The row key (the rule's id) of the rule named so. */
async function ruleIdOf(name: string): Promise<string> {
  const row = (await ruleRows()).find((r) => r.name === name);
  if (!row?.id) throw new Error(`No rule named ${name}.`);
  return row.id;
}

/**
 * Fills the open rule dialog's name (and a new rule's domains) and applies it to the draft. Every
 * control is acted on once it can take the click (issue 31: under load a click reached the Apply
 * of a panel still opening, "element not interactable").
 */
async function fillRule(name: string, newRule?: { domains: string }): Promise<void> {
  const dialog = byTestId(webPolicyIds.ruleDialog);
  await dialog.waitForDisplayed();
  const nameInput = byTestId(webPolicyIds.ruleName);
  // clearValue() does not reach React's controlled input: select all and type over it.
  await clickWhenReady(nameInput, 'The rule name');
  await browser.keys([process.platform === 'darwin' ? 'Meta' : 'Control', 'a']);
  await browser.keys('Backspace');
  await nameInput.addValue(name);
  if (newRule) {
    await clickWhenReady(dialog.$('aria/Destinations'), 'The Destinations panel');
    const field = byTestId(webPolicyIds.ruleDomains);
    await field.waitForClickable();
    await field.setValue(newRule.domains);
    // A new rule's Apply is on its last panel; an edited rule's is under the panels at once.
    await clickWhenReady(dialog.$('aria/Schedule and comment'), 'The Schedule and comment panel');
  }
  const apply = dialog.$(testIdSelector(componentIds.ruleAccordionSave));
  await clickWhenReady(apply, 'Apply');
  await dialog.waitForDisplayed({ reverse: true, timeoutMsg: 'The rule dialog stayed open after Apply.' });
}

async function addRule(name: string, domains: string): Promise<void> {
  await byTestId(`${webPolicyIds.ruleAdd}-exceptions`).click();
  await fillRule(name, { domains });
  await waitForRule(name);
}

describe('Web Policy editor', () => {
  const stamp = Date.now().toString(36);
  const ruleA = `Block casinos ${stamp}`;
  const ruleB = `Isolate forums ${stamp}`;

  it('the admin blocks a category and saves it: the revision becomes staged', async () => {
    await openWebPolicy('admin@acme.example', '#/policy/web/categories');
    const group = $(testIdSelector(componentIds.checkboxGroup));
    await group.waitForDisplayed({ timeoutMsg: 'No category group showed.' });
    await group.$('button*=show').click();
    // MUI draws the checkbox over a transparent input: click the drawn box, read the input. The
    // parent's Block and Isolate come first, then each category's Block and Isolate.
    const firstBlock = () => group.$$('.MuiCheckbox-root')[2];
    await firstBlock().waitForDisplayed();
    const wasBlocked = await firstBlock().$('input').isSelected();
    await firstBlock().click();
    await statusIs('Unsaved changes.');
    await save();
    await revisionStateIs('staged');
    await browser.saveScreenshot('/tmp/web-policy-categories-wide.png');
    await browser.refresh();
    const again = $(testIdSelector(componentIds.checkboxGroup));
    await again.waitForDisplayed();
    await again.$('button*=show').click();
    // Found again at every look: the group can be drawn anew while the page loads (a stale element).
    await browser.waitUntil(
      async () => {
        try {
          const group = $(testIdSelector(componentIds.checkboxGroup));
          return (await group.$$('.MuiCheckbox-root')[2].$('input').isSelected()) !== wasBlocked;
        } catch {
          return false;
        }
      },
      { timeoutMsg: 'The saved category action did not survive a reload.' },
    );
  });

  it('the admin adds two domain rules, moves one up and saves the order', async () => {
    await openWebPolicy('admin@acme.example', '#/policy/web/exceptions');
    await section('exceptions').waitForDisplayed();
    await addRule(ruleA, 'casino.example\n*.bets.example');
    await addRule(ruleB, 'forum.example');
    await save();
    await revisionStateIs('staged');
    const before = await ruleNames();
    expect(before.indexOf(ruleB)).toBe(before.indexOf(ruleA) + 1);

    await $(`aria/Move ${ruleB} up`).click();
    await statusIs('Unsaved changes.');
    await save();
    await browser.refresh();
    await section('exceptions').waitForDisplayed();
    await waitForRule(ruleA);
    const after = await ruleNames();
    expect(after.indexOf(ruleB)).toBe(after.indexOf(ruleA) - 1);

    await browser.saveScreenshot('/tmp/web-policy-exceptions-wide.png');
    await browser.setWindowSize(800, 900);
    await browser.saveScreenshot('/tmp/web-policy-exceptions-800.png');
    await $(`aria/Edit ${ruleA}`).click();
    await byTestId(webPolicyIds.ruleDialog).waitForDisplayed();
    await browser.saveScreenshot('/tmp/web-policy-rule-dialog-800.png');
    await byTestId(webPolicyIds.ruleCancel).click();
    // The same page in dark mode (the theme preference the user menu stores).
    await reloadInTheme('dark');
    await waitForRule(ruleA);
    await browser.saveScreenshot('/tmp/web-policy-exceptions-dark-800.png');
    await forgetThemePreference();
    await browser.setWindowSize(1400, 900);
  });

  it('the auditor sees the web policy read-only', async () => {
    await openWebPolicy('auditor@acme.example', '#/policy/web/exceptions');
    await section('exceptions').waitForDisplayed();
    await waitForRule(ruleA);
    await expect(status()).toHaveText(expect.stringContaining('Read-only'));
    await expect(byTestId(policyEditorIds.save)).not.toBeExisting();
    await expect(byTestId(`${webPolicyIds.ruleAdd}-exceptions`)).not.toBeExisting();
    await expect(byTestId(webPolicyIds.bypassDomains)).toBeDisabled();
    // The rule opens for reading; its fields cannot be changed.
    await $(`aria/View ${ruleA}`).click();
    await byTestId(webPolicyIds.ruleDialog).waitForDisplayed();
    await expect(byTestId(webPolicyIds.ruleName)).toBeDisabled();
    await byTestId(webPolicyIds.ruleCancel).click();

    await byTestId(`${webPolicyIds.tab}-categories`).click();
    const group = $(testIdSelector(componentIds.checkboxGroup));
    await group.waitForDisplayed();
    await expect(group.$('input[type="checkbox"]')).toBeDisabled();
  });

  it('two windows edit the same rule: the second gets the conflict dialog and keeps its edit', async () => {
    await openWebPolicy('admin@acme.example', '#/policy/web/exceptions');
    await waitForRule(ruleA);
    const id = await ruleIdOf(ruleA);
    const ruleUrl = `/#/policy/web/exceptions?rule=${encodeURIComponent(id)}`;
    const first = await browser.getWindowHandle();
    await browser.url(ruleUrl);
    await byTestId(webPolicyIds.ruleDialog).waitForDisplayed();

    // A second window of the same administrator changes the rule and saves first.
    await browser.newWindow(ruleUrl);
    await byTestId(webPolicyIds.ruleDialog).waitForDisplayed();
    await fillRule(`${ruleA} (second window)`);
    await save();
    const second = await browser.getWindowHandle();

    // The first window still holds the rule as it was loaded: its save is refused (409).
    await browser.switchWindow(first);
    await fillRule(`${ruleA} (first window)`);
    await clickWhenReady(byTestId(policyEditorIds.save), "The section's Save");
    const dialog = byTestId(policyEditorIds.conflictDialog);
    await dialog.waitForDisplayed({ timeoutMsg: 'The conflict dialog did not open.' });
    await expect(byTestId(policyEditorIds.conflictWho)).toHaveText(
      expect.stringContaining('admin@acme.example saved a change to the policy at'),
    );
    await browser.saveScreenshot('/tmp/web-policy-conflict-wide.png');
    await clickWhenReady(byTestId(policyEditorIds.conflictReapply), 'Reload and re-apply my edit');
    await dialog.waitForDisplayed({ reverse: true });
    await statusIs('All changes saved.');
    await waitForRule(`${ruleA} (first window)`);

    // The server holds the re-applied edit.
    await browser.refresh();
    await waitForRule(`${ruleA} (first window)`);
    expect(await ruleNames()).not.toContain(`${ruleA} (second window)`);
    await browser.switchWindow(second);
    await browser.closeWindow();
    await browser.switchWindow(first);
  });

  it('every section and the rule editor have no serious or critical axe-core violation', async () => {
    await openWebPolicy('admin@acme.example', '#/policy/web/categories');
    const found: string[] = [];
    const check = async (where: string) => {
      for (const v of await blockingViolations())
        found.push(`${where}: ${v.rule} (${v.impact}) ${v.targets.join(' | ')}`);
    };
    for (const path of [
      'categories',
      'threats',
      'exceptions',
      'browsers',
      'user-agents',
      'sha256',
      'ssl-bypass',
    ]) {
      await byTestId(`${webPolicyIds.tab}-${path}`).click();
      await section(path).waitForDisplayed();
      await status().waitForDisplayed();
      await check(path);
    }
    await byTestId(`${webPolicyIds.tab}-exceptions`).click();
    await byTestId(`${webPolicyIds.ruleAdd}-exceptions`).click();
    await byTestId(webPolicyIds.ruleDialog).waitForDisplayed();
    await check('rule editor');
    await byTestId(webPolicyIds.ruleCancel).click();
    expect(found).toEqual([]);
  });
});
