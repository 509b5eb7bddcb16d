/**
 * Settings › PAC Files (docs/settings.md §1 "PAC files"), end to end: an administrator types a PAC
 * file with a syntax error into the editor and the save is refused with its line; a valid one is
 * saved, tested against two URLs (from two client addresses) with the expected answers, and then
 * fetched by the browser at the URL the page shows, with the PAC content type.
 */
import { $, browser, expect } from '@wdio/globals';
import { Key } from 'webdriverio';
import { navItemId } from '@workbench/common/test-ids/index';
import { pacSettingsIds as ids } from '@workbench/common/test-ids/pacSettingsIds';
import { byTestId, clickWhenReady } from '../pageobjects/testId';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';

// Typed line by line: the editor indents each new line itself.
const BROKEN = [
  'function FindProxyForURL(url, host) {',
  'if (dnsDomainIs(host, ".intranet.example") return "DIRECT";',
  'return "PROXY proxy.example:8080";',
  '}',
];
const VALID = [
  'function FindProxyForURL(url, host) {',
  'if (dnsDomainIs(host, ".intranet.example")) return "DIRECT";',
  'if (isInNet(myIpAddress(), "10.20.0.0", "255.255.0.0")) return "PROXY branch.example:3128";',
  'return "PROXY proxy.example:8080";',
  '}',
];

/** Replaces the editor's text by typing, as a user does. */
async function typeFile(lines: readonly string[]): Promise<void> {
  const content = $(`[data-testid="${ids.editor}"] .cm-content`);
  await clickWhenReady(content, 'The PAC editor');
  await browser.keys([Key.Ctrl, 'a']);
  await browser.keys(Key.Delete);
  for (const [i, line] of lines.entries()) {
    if (i > 0) await browser.keys(Key.Enter);
    await browser.keys(line);
  }
  await browser.waitUntil(async () => (await content.getText()).includes(lines[lines.length - 2].trim()), {
    timeoutMsg: 'The typed file did not show in the editor.',
  });
}

/** Replaces a text field's value as a user does (select all, type): React keeps what is typed. */
async function retype(element: ReturnType<typeof byTestId>, value: string): Promise<void> {
  await clickWhenReady(element, 'A tester field');
  await browser.keys([Key.Ctrl, 'a']);
  await browser.keys(Key.Backspace);
  await browser.keys(value);
  await browser.waitUntil(async () => (await element.getValue()) === value, {
    timeoutMsg: `The field did not take ${value}.`,
  });
}

async function testUrl(url: string, clientIp: string): Promise<string> {
  await retype(byTestId(ids.testUrl), url);
  await retype(byTestId(ids.testClientIp), clientIp);
  await clickWhenReady(byTestId(ids.test), 'Test');
  const result = byTestId(ids.testResult);
  const failure = byTestId(ids.testError);
  const answer = $(`//*[contains(., "for ${new URL(url).hostname} from ${clientIp}.")]`);
  await browser.waitUntil(async () => (await answer.isExisting()) || (await failure.isDisplayed()), {
    timeoutMsg: `The tester showed no answer for ${url}.`,
  });
  if (await failure.isDisplayed()) throw new Error(`The tester refused ${url}: ${await failure.getText()}`);
  return result.getText();
}

describe('PAC files', () => {
  it('a PAC file with a syntax error is refused with its line, a valid one is tested against two URLs with the expected answers and then fetched at its URL', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/pac');
    await waitForPortalRoute('#/settings/pac');
    await byTestId(ids.page).waitForDisplayed();
    await expect(byTestId(navItemId('settings-pac'))).toHaveText('PAC Files');
    await $(`[data-testid="${ids.editor}"] .cm-content`).waitForDisplayed({
      timeoutMsg: 'The PAC editor did not show.',
    });
    expect(await blockingViolations()).toEqual([]);

    await typeFile(BROKEN);
    await clickWhenReady(byTestId(ids.save), 'Save PAC file');
    const error = byTestId(ids.editorError);
    await error.waitForDisplayed({ timeoutMsg: 'The syntax error was not shown.' });
    await expect(error).toHaveText(expect.stringContaining('Line 2, column'));
    await expect(error).toHaveText(expect.stringContaining('does not parse'));
    await clickWhenReady(error.$('button[aria-label="Close"]'), 'Close the error');
    await error.waitForExist({ reverse: true, timeoutMsg: 'The error did not close.' });

    await typeFile(VALID);
    await clickWhenReady(byTestId(ids.save), 'Save PAC file');
    const saved = $('//span[contains(., "Last changed by admin@acme.example")]');
    await browser.waitUntil(async () => (await saved.isDisplayed()) || (await error.isDisplayed()), {
      timeoutMsg: 'The valid PAC file was neither saved nor refused.',
    });
    if (await error.isDisplayed())
      throw new Error(`The valid PAC file was refused: ${await error.getText()}`);
    expect(await error.isExisting()).toBe(false);

    expect(await testUrl('https://wiki.intranet.example/start', '192.0.2.7')).toBe('DIRECT');
    expect(await testUrl('https://www.example.com/', '10.20.1.1')).toBe('PROXY branch.example:3128');

    // Version 2 serves the file edited here (the demo tenant's version).
    expect(await $(`[data-testid="${ids.version}"] input[value="v2"]`).isSelected()).toBe(true);
    const url = await byTestId(ids.url).getText();
    const served = await browser.execute(async (address: string) => {
      const r = await fetch(address, { credentials: 'omit' });
      return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
    }, url);
    expect(served.status).toBe(200);
    expect(served.type).toMatch(/^application\/x-ns-proxy-autoconfig/);
    expect(served.text).toContain('PROXY branch.example:3128');
    expect(served.text).toContain('function FindProxyForURL(url, host) {');
  });
});
