/**
 * Contact Us end to end (issue 34 points 7 and 8): acme's administrator sends a message to support
 * and the page confirms what was sent; the operator sees it in the console's Contact messages and
 * marks it answered. Then the connectivity test: each site is fetched from the browser, shows pass
 * with its time, and the run is listed under the last runs.
 */
import { $, browser, expect } from '@wdio/globals';
import { contactIds, contactMessagesIds } from '@workbench/common/test-ids/contactIds';
import { navItemId, providerNavItemId } from '@workbench/common/test-ids/index';
import { CONNECTIVITY_SITE_IDS } from '@workbench/common/api/contract/connectivity';
import { signInToConsole } from '../pageobjects/ProviderShell';
import { byTestId, clickWhenReady } from '../pageobjects/testId';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';

const stamp = Date.now().toString(36);

describe('Contact Us', () => {
  it('a contact message is sent and seen by the operator in the console', async () => {
    const subject = `Slow isolated pages ${stamp}`;
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/contact-form');
    await waitForPortalRoute('#/contact-form');
    await byTestId(contactIds.form).waitForDisplayed();
    await expect(byTestId(navItemId('contact-form'))).toBeDisplayed();

    await byTestId(`${contactIds.field}-subject`).setValue(subject);
    await byTestId(`${contactIds.field}-message`).setValue('Pages take ten seconds to show since Monday.');
    expect(await blockingViolations()).toEqual([]);
    await clickWhenReady(byTestId(contactIds.submit), 'Send message');
    const sent = byTestId(contactIds.sent);
    await sent.waitForDisplayed({ timeoutMsg: 'The page did not confirm the message.' });
    await expect(sent).toHaveText(expect.stringContaining('Support will answer admin@acme.example'));
    await expect(sent).toHaveText(expect.stringContaining(subject));

    await signInToConsole('operator@provider.example');
    await clickWhenReady(byTestId(providerNavItemId('contact_messages')), 'Contact messages');
    await byTestId(contactMessagesIds.page).waitForDisplayed();
    const row = byTestId(contactMessagesIds.table).$(`tr*=${subject}`);
    await row.waitForDisplayed({ timeoutMsg: 'The console did not list the message.' });
    await expect(row).toHaveText(expect.stringContaining('admin@acme.example'));
    await expect(row).toHaveText(expect.stringContaining('New'));
    await clickWhenReady(row.$('button=Mark answered'), 'Mark answered');
    // The list shows the new messages: the answered one leaves it.
    await row.waitForExist({ reverse: true, timeoutMsg: 'The answered message stayed among the new ones.' });
  });

  it('a connectivity test runs and shows results', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/contact-form');
    await waitForPortalRoute('#/contact-form');
    const section = byTestId(contactIds.connectivity);
    await section.waitForDisplayed();
    await clickWhenReady(byTestId(contactIds.runTest), 'Run test');
    const n = CONNECTIVITY_SITE_IDS.length;
    await browser.waitUntil(
      async () => (await byTestId(contactIds.summary).getText()) === `${n} of ${n} sites reached`,
      { timeoutMsg: 'The test did not reach every site.' },
    );
    for (const id of CONNECTIVITY_SITE_IDS)
      await expect(byTestId(`${contactIds.siteRow}-${id}`)).toHaveText(
        expect.stringMatching(/Passed in [\d.,]+ ms/),
      );
    const run = byTestId(contactIds.runs).$(`tr*=${n} of ${n} sites reached`);
    await run.waitForDisplayed({ timeoutMsg: 'The run was not listed under the last runs.' });
    await expect($(`[data-testid="${contactIds.runs}"]`)).toHaveText(
      expect.stringContaining('admin@acme.example'),
    );
    expect(await blockingViolations()).toEqual([]);
  });
});
