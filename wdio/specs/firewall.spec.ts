import { browser, expect } from '@wdio/globals';
import { firewallPage } from '../pageobjects/FirewallPage';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { DEMO_PASSWORD } from '../support/testEnv';
import { blockingViolations } from '../support/axe';

/**
 * The Firewall page (issue 12): the admin adds a service and two rules using it, reorders the rules
 * and saves (the revision becomes staged; a reload keeps the order); the auditor sees the rules
 * read-only. Names carry a run stamp, so a server that already holds firewall rules still works.
 */
const stamp = Date.now().toString(36);
const serviceName = `Web alt ${stamp}`;
const first = `Allow web alt ${stamp}`;
const second = `Log others ${stamp}`;

const revisionStateIs = async (state: 'new' | 'staged') =>
  browser.waitUntil(async () => (await shell.revisionState.getAttribute('data-state')) === state, {
    timeoutMsg: `The revision state did not become '${state}'.`,
  });

/** Adds a rule through the rule accordion: its name and, when given, one service. */
async function addRule(name: string, service?: string): Promise<void> {
  await firewallPage.addButton('rules').click();
  await firewallPage.ruleDialog.waitForDisplayed();
  await firewallPage.fill('name', name);
  if (service) {
    await firewallPage.panelHeader('Services').click();
    await firewallPage.dualListItem(service).waitForDisplayed();
    await firewallPage.dualListItem(service).click();
    await firewallPage.addToSelected.click();
  } else {
    await firewallPage.panelHeader('Services').click();
  }
  await firewallPage.accordionSave.waitForEnabled();
  await firewallPage.accordionSave.click();
  await firewallPage.ruleDialog.waitForExist({ reverse: true });
}

/** The rows of ours among the rules, in the order shown. */
const ourRules = async () =>
  (await firewallPage.columnTexts('rules', 'name')).filter((n) => n.endsWith(stamp));

describe('Firewall page', () => {
  afterEach(async function keepFailure(this: { currentTest?: { state?: string; title: string } }) {
    if (this.currentTest?.state === 'failed')
      await browser.saveScreenshot(
        `/tmp/fw-failed-${this.currentTest.title.slice(0, 20).replace(/\W+/g, '-')}.png`,
      );
  });

  it('the admin adds a service and rules using it, reorders and saves; a reload keeps it staged', async () => {
    await forgetSession();
    await browser.setWindowSize(1400, 900);
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/fwaas/services');
    await waitForPortalRoute('#/fwaas/services');
    await shell.waitForPage('Firewall');
    await shell.waitForRevisionState();
    await firewallPage.waitForDisplayed('services');

    // A service: TCP 8443.
    await firewallPage.addButton('services').click();
    await firewallPage.serviceDialog.waitForDisplayed();
    await firewallPage.fill('name', serviceName);
    await firewallPage.fill('ports', '8443');
    await firewallPage.dialogSave.click();
    await firewallPage.serviceDialog.waitForExist({ reverse: true });
    await expect(firewallPage.save).toBeEnabled();
    await firewallPage.save.click();
    await firewallPage.waitForSaved();
    await revisionStateIs('staged');

    // Two rules, the first using the service.
    await firewallPage.tab('rules').click();
    await waitForPortalRoute('#/fwaas/rules');
    await firewallPage.waitForDisplayed('rules');
    await addRule(first, serviceName);
    await addRule(second);
    await browser.waitUntil(async () => (await ourRules()).length === 2, {
      timeoutMsg: 'The rules were not added.',
    });
    expect(await ourRules()).toEqual([first, second]);
    await browser.saveScreenshot('/tmp/fw-rules-wide.png');
    // No serious or critical axe-core violation with the rules drawn (DESIGN.md quality bars).
    expect(await blockingViolations()).toEqual([]);

    // Reorder with the keyboard's button: the second rule goes first (of ours).
    await firewallPage.rowButton(`Move ${second} up`).click();
    await browser.waitUntil(async () => (await ourRules())[0] === second, {
      timeoutMsg: 'The rule did not move up.',
    });
    await firewallPage.save.click();
    await firewallPage.waitForSaved();
    await revisionStateIs('staged');

    // Stored on the server: a fresh load shows the order and the service by name.
    await browser.refresh();
    await shell.waitForRevisionState();
    await firewallPage.waitForDisplayed('rules');
    await revisionStateIs('staged');
    await browser.waitUntil(async () => (await ourRules()).length === 2, {
      timeoutMsg: 'The rules did not load.',
    });
    expect(await ourRules()).toEqual([second, first]);
    const names = await firewallPage.columnTexts('rules', 'name');
    const services = await firewallPage.columnTexts('rules', 'services');
    expect(services[names.indexOf(first)]).toBe(serviceName);

    // What a user sees at 800 px, the rule dialog, and the dark theme.
    await browser.setWindowSize(800, 900);
    await browser.pause(300);
    await browser.saveScreenshot('/tmp/fw-rules-800.png');
    await firewallPage.rowButton(`Edit ${first}`).click();
    await firewallPage.ruleDialog.waitForDisplayed();
    await browser.saveScreenshot('/tmp/fw-rule-dialog-800.png');
    expect(await blockingViolations()).toEqual([]);
    await browser.keys('Escape');
    await firewallPage.ruleDialog.waitForExist({ reverse: true });
    await shell.chooseTheme('dark');
    await browser.setWindowSize(1400, 900);
    await firewallPage.tab('services').click();
    await firewallPage.waitForDisplayed('services');
    await browser.pause(300);
    await browser.saveScreenshot('/tmp/fw-services-dark.png');
    await shell.chooseTheme('system');
  });

  it('the auditor sees the rules in order, read-only', async () => {
    await forgetSession();
    await signInToPortal('auditor@acme.example', DEMO_PASSWORD, '/#/fwaas/rules');
    await waitForPortalRoute('#/fwaas/rules');
    await shell.waitForPage('Firewall');
    await firewallPage.waitForDisplayed('rules');
    await expect(firewallPage.status).toHaveText(expect.stringContaining('Read-only'));
    await browser.waitUntil(async () => (await ourRules()).length === 2, {
      timeoutMsg: 'The rules did not load.',
    });
    expect(await ourRules()).toEqual([second, first]);
    await expect(firewallPage.save).not.toBeExisting();
    await expect(firewallPage.addButton('rules')).not.toBeExisting();
    await expect(firewallPage.rowButton(`Move ${first} up`)).not.toBeExisting();
    await expect(firewallPage.rowButton(`Delete ${first}`)).not.toBeExisting();
    await expect(firewallPage.rowButton(`View ${first}`)).toBeDisplayed();
    await browser.saveScreenshot('/tmp/fw-rules-auditor.png');
  });
});
