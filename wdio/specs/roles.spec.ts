/**
 * Roles hold (issue 33 point 1): acme's administrator creates a read-only logs role in Settings ›
 * Roles (the editor shows what it opens and the navigation its holder will see), adds an
 * administrator and gives them that role in Settings › Administrators. Signed in as them (the
 * one-time password changed first), the navigation is the preview's, the logs pages show no write
 * control (no Publish, no policy or settings area), and the API refuses their writes with 403.
 * Then the role cannot be deleted while held (409 naming the holder, in the dialog), the account
 * is deleted, then the role. With WDIO_SCREENSHOTS set, both pages at 1400 and 800 px, light and
 * dark, go to /tmp/roles-*.png and /tmp/administrators-*.png.
 */
import { $, browser, expect } from '@wdio/globals';
import { RBAC_PATHS, ROLE_MSGS } from '@workbench/common/api/contract/administrators';
import { acceptTermsIds, changePasswordIds, navItemId } from '@workbench/common/test-ids/index';
import { administratorsIds, rolesIds } from '@workbench/common/test-ids/administratorsIds';
import { logsPage } from '../pageobjects/LogsPage';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, clickWhenReady } from '../pageobjects/testId';
import { blockingViolations } from '../support/axe';
import { portalApi } from '../support/portalApi';
import { DEMO_PASSWORD } from '../support/testEnv';
import { screenshots } from '../support/theme';

const stamp = Date.now().toString(36);
const roleName = `ro-logs-${stamp}`;
const holder = `ro-${stamp}@acme.example`;
const ownPassword = `Own-${stamp}-Passw0rd`;

async function openSettingsPage(path: 'roles' | 'administrators', title: string, pageId: string) {
  await browser.url(`/#/settings/${path}`);
  await waitForPortalRoute(`#/settings/${path}`);
  await shell.waitForPage(title);
  await byTestId(pageId).waitForDisplayed();
}

/** Picks an option of an MUI select opened from its display element. */
async function choose(selectTestId: string, value: string) {
  await clickWhenReady(byTestId(selectTestId), `The select ${selectTestId}`);
  const option = $(`li[role="option"][data-value="${value}"]`);
  await option.waitForClickable({ timeoutMsg: `${selectTestId} offered no ${value}.` });
  await option.click();
  await option.waitForDisplayed({ reverse: true });
}

/** The role editor of `name` open, with its navigation preview shown. */
async function openRoleWithPreview(name: string) {
  await openSettingsPage('roles', 'Roles', rolesIds.page);
  await clickWhenReady(byTestId(`${rolesIds.edit}-${name}`), `Edit ${name}`);
  await byTestId(rolesIds.editor).waitForDisplayed();
  await clickWhenReady(byTestId(rolesIds.previewButton), 'View as this role');
  await byTestId(rolesIds.preview).waitForDisplayed();
}

describe('A read-only logs role, given to an administrator, holds in the portal and the API', () => {
  let oneTime = '';

  before(async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/roles');
    await shell.waitForPage('Roles');
  });

  it('the administrator creates the role; the editor shows it opens the logs pages, read-only, and nothing else', async () => {
    await openSettingsPage('roles', 'Roles', rolesIds.page);
    await clickWhenReady(byTestId(rolesIds.addButton), 'New role');
    await byTestId(rolesIds.editor).waitForDisplayed();
    await byTestId(rolesIds.name).setValue(roleName);
    const read = byTestId(rolesIds.read);
    await read.click();
    await read.addValue('logs:*');
    await browser.keys('Enter');

    const logs = byTestId(`${rolesIds.reachArea}-logs`);
    await logs.waitForDisplayed({ timeoutMsg: 'The editor did not show the logs area as opened.' });
    expect(await logs.getAttribute('data-write')).toBe('false');
    await expect(byTestId(`${rolesIds.reachPage}-logs-web`)).toHaveAttribute('data-write', 'false');
    await expect(byTestId(`${rolesIds.reachArea}-policy`)).not.toBeExisting();
    await expect(byTestId(`${rolesIds.reachArea}-settings`)).not.toBeExisting();

    await clickWhenReady(byTestId(rolesIds.previewButton), 'View as this role');
    const preview = byTestId(rolesIds.preview);
    await preview.waitForDisplayed();
    const previewText = await preview.getText();
    expect(previewText).toContain('Web Logs');
    expect(previewText).not.toContain('Policy');
    expect(previewText).not.toContain('Settings');
    expect(await blockingViolations()).toEqual([]);

    await clickWhenReady(byTestId(rolesIds.save), 'Create role');
    await byTestId(rolesIds.editor).waitForDisplayed({
      reverse: true,
      timeoutMsg: 'The role was not saved.',
    });
    await byTestId(`${rolesIds.edit}-${roleName}`).waitForDisplayed();
    await screenshots('roles', () => openRoleWithPreview(roleName));
  });

  it('adds an administrator (its one-time password shown once) and gives them the role', async () => {
    await openSettingsPage('administrators', 'Administrators', administratorsIds.page);
    await clickWhenReady(byTestId(administratorsIds.addButton), 'Add administrator');
    await byTestId(administratorsIds.formDialog).waitForDisplayed();
    await byTestId(administratorsIds.formUsername).setValue(holder);
    await byTestId(administratorsIds.formFirstName).setValue('Rita');
    await byTestId(administratorsIds.formLastName).setValue('Readonly');
    await choose(administratorsIds.formRole, 'auditor');
    await clickWhenReady(byTestId(administratorsIds.formSubmit), 'Add');

    const password = byTestId(administratorsIds.password);
    await password.waitForDisplayed({ timeoutMsg: 'No one-time password was shown.' });
    oneTime = (await password.getText()).trim();
    expect(oneTime.length).toBeGreaterThan(8);
    await expect(byTestId(administratorsIds.passwordCopy)).toBeDisplayed();
    expect(await blockingViolations()).toEqual([]);
    await clickWhenReady(byTestId(administratorsIds.passwordDone), 'Done');
    await byTestId(administratorsIds.passwordDialog).waitForDisplayed({ reverse: true });

    await clickWhenReady(
      byTestId(`${administratorsIds.changeRole}-${holder}`),
      `Change the role of ${holder}`,
    );
    await byTestId(administratorsIds.roleDialog).waitForDisplayed();
    await choose(administratorsIds.roleSelect, roleName);
    await clickWhenReady(byTestId(administratorsIds.roleSubmit), 'Change role');
    await byTestId(administratorsIds.roleDialog).waitForDisplayed({ reverse: true });
    await browser.waitUntil(
      async () => (await byTestId(administratorsIds.table).getText()).includes(roleName),
      { timeoutMsg: `The list did not show ${holder} holding ${roleName}.` },
    );
    await screenshots('administrators', () =>
      openSettingsPage('administrators', 'Administrators', administratorsIds.page),
    );
  });

  it('signed in as that administrator: only the logs, no write control, and the API refuses the writes', async () => {
    await forgetSession();
    await signInToPortal(holder, oneTime, '/#/logs/web?interval=7d');
    await byTestId(changePasswordIds.page).waitForDisplayed({
      timeoutMsg: 'The password step did not come first.',
    });
    await byTestId(changePasswordIds.current).setValue(oneTime);
    await byTestId(changePasswordIds.next).setValue(ownPassword);
    await byTestId(changePasswordIds.confirm).setValue(ownPassword);
    await byTestId(changePasswordIds.submit).click();
    await browser.waitUntil(
      async () => (await shell.appBar.isDisplayed()) || (await byTestId(acceptTermsIds.page).isDisplayed()),
      { timeoutMsg: 'The portal did not open after the password change.' },
    );
    // Where the tenant has terms of service, they come next (docs/terms.md).
    if (await byTestId(acceptTermsIds.page).isDisplayed()) {
      await byTestId(acceptTermsIds.agree).click();
      await clickWhenReady(byTestId(acceptTermsIds.submit), 'Accept');
    }

    await browser.url('/#/logs/web?interval=7d');
    await waitForPortalRoute('#/logs/web');
    await logsPage.waitForDisplayed();
    const rows = await logsPage.firstRows(3, ['domain']);
    expect(rows.length).toBeGreaterThan(0);
    // The navigation is the preview's: Logs (and Contact Us), nothing to change.
    await expect(shell.navItem('logs')).toBeDisplayed();
    for (const area of ['policy', 'settings', 'dashboard', 'customization', 'fwaas'])
      await expect(byTestId(navItemId(area))).not.toBeExisting();
    await expect(shell.publish).not.toBeExisting();
    expect(await shell.visibleButtonsNamed('Publish')).toBe(0);
    expect(await shell.visibleButtonsNamed('Save')).toBe(0);

    // The server holds the same line: a write with this browser's own session is refused.
    const roleSave = await portalApi('POST', RBAC_PATHS.v2, {
      name: `escalate-${stamp}`,
      description: '',
      read: ['*:*'],
      write: ['*:*'],
      create: true,
    });
    expect(roleSave.status).toBe(403);
    const assign = await portalApi('POST', RBAC_PATHS.v1, { uid: 'self', role: 'admin' });
    expect(assign.status).toBe(403);
    const discard = await portalApi('POST', '/api/policy/v1/rules/1/discard', {
      rev_id: 0,
      state: 'staged',
      updated_at: new Date().toISOString(),
    });
    expect(discard.status).toBe(403);
    // Nor may they read who administers the tenant.
    const admins = await portalApi('GET', '/api/auth/v1/list_users');
    expect(admins.status).toBe(403);
  });

  it('the role cannot be deleted while held (the reason names the holder); then the account and the role go', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/roles');
    await openSettingsPage('roles', 'Roles', rolesIds.page);
    await clickWhenReady(byTestId(`${rolesIds.remove}-${roleName}`), `Delete ${roleName}`);
    await clickWhenReady(byTestId(rolesIds.deleteConfirm), 'Delete');
    const error = byTestId(rolesIds.deleteError);
    await error.waitForDisplayed({ timeoutMsg: 'The refusal did not show in the dialog.' });
    expect(await error.getText()).toContain(ROLE_MSGS.inUse(roleName, [holder]));
    await clickWhenReady(byTestId(rolesIds.deleteCancel), 'Cancel');

    await openSettingsPage('administrators', 'Administrators', administratorsIds.page);
    await clickWhenReady(byTestId(`${administratorsIds.remove}-${holder}`), `Delete ${holder}`);
    await clickWhenReady(byTestId(administratorsIds.confirmOk), 'Delete');
    await byTestId(administratorsIds.confirmDialog).waitForDisplayed({ reverse: true });
    await browser.waitUntil(
      async () => !(await byTestId(administratorsIds.table).getText()).includes(holder),
      {
        timeoutMsg: `${holder} stayed listed.`,
      },
    );

    await openSettingsPage('roles', 'Roles', rolesIds.page);
    await clickWhenReady(byTestId(`${rolesIds.remove}-${roleName}`), `Delete ${roleName}`);
    await clickWhenReady(byTestId(rolesIds.deleteConfirm), 'Delete');
    await byTestId(rolesIds.deleteDialog).waitForDisplayed({ reverse: true });
    await byTestId(`${rolesIds.edit}-${roleName}`).waitForDisplayed({
      reverse: true,
      timeoutMsg: `${roleName} stayed listed.`,
    });
  });
});
