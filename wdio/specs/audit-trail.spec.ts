import { $, browser, expect } from '@wdio/globals';
import { usersIds } from '@workbench/common/test-ids/usersIds';
import { logsPage } from '../pageobjects/LogsPage';
import { usersPage } from '../pageobjects/UsersPage';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId } from '../pageobjects/testId';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';

/** The audit trail (issue 15): what an administrator does in the portal shows in Audit Logs. */
describe('Audit trail', () => {
  it('a user created in Settings > Users shows in Audit Logs as User Added, by whom and which user', async () => {
    const username = `audited-${Date.now().toString(36)}@acme.example`;
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/users');
    await waitForPortalRoute('#/settings/users');
    await usersPage.waitForDisplayed();

    await byTestId(usersIds.addButton).click();
    const dialog = byTestId(usersIds.formDialog);
    await dialog.waitForDisplayed();
    await dialog.$('input[name="username"]').setValue(username);
    await dialog.$('input[name="first_name"]').setValue('Audited');
    await dialog.$('input[name="password"]').setValue('AuditedPa55word');
    await byTestId(usersIds.formSubmit).click();
    await dialog.waitForDisplayed({
      reverse: true,
      timeoutMsg: 'The user dialog did not close after saving.',
    });

    await browser.url(`/#/logs/audit?interval=1h&search=${encodeURIComponent(username)}`);
    await waitForPortalRoute('#/logs/audit');
    await logsPage.waitForDisplayed();
    const [row] = await logsPage.firstRows(1, ['userid', 'audit_action', 'sub_event_type', 'object']);
    expect(row.cells).toEqual({
      userid: 'admin@acme.example',
      audit_action: 'User Added',
      sub_event_type: 'Users',
      object: username,
    });
    await browser.saveScreenshot('/tmp/audit-logs-user-added.png');
    expect(await blockingViolations()).toEqual([]);
    // The password typed in the dialog is in no cell of the page.
    expect(await $('body').getText()).not.toContain('AuditedPa55word');
  });
});
