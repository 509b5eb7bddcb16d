import { browser, expect } from '@wdio/globals';
import { EntityPage } from '../pageobjects/EntityPage';
import { providerLoginPage } from '../pageobjects/ProviderLoginPage';
import { providerShell } from '../pageobjects/ProviderShell';
import { byTestId } from '../pageobjects/testId';
import { forgetSession } from '../pageobjects/portal';
import { DEMO_PASSWORD } from '../support/testEnv';

const skus = new EntityPage('skus');

async function openSkus(username: string): Promise<void> {
  await forgetSession();
  await providerLoginPage.open();
  await providerLoginPage.signIn(username, DEMO_PASSWORD);
  await providerShell.waitForDisplayed();
  await providerShell.navItem('skus').click();
  await skus.waitForDisplayed();
}

describe('Provider console: SKUs (a provider-entity page)', () => {
  it('an operator adds a SKU, sees a refusal at the field, edits it and deletes it', async () => {
    await openSkus('operator@provider.example');
    await skus.waitForRow('ISO-CORE');

    const id = `E2E-${Date.now().toString(36).toUpperCase()}`;
    await skus.addButton.click();
    await skus.formDialog.waitForDisplayed();
    await skus.fill({ sku_id: 'ISO-CORE', name: 'Duplicate' });
    await skus.submitForm();
    await expect(skus.formDialog).toHaveText(
      expect.stringContaining("A SKU with the sku_id 'ISO-CORE' already exists."),
    );

    await skus.fill({ sku_id: id, name: 'End to end' });
    await skus.pick('features', ['Web isolation', 'Data loss prevention']);
    await skus.submitForm();
    await skus.formDialog.waitForDisplayed({
      reverse: true,
      timeoutMsg: 'The form did not close after Add.',
    });
    await skus.search.setValue(id);
    await browser.keys('Enter');
    await skus.waitForRow('End to end');
    await expect(skus.cellWithText('web_isolation, dlp')).toBeDisplayed();

    await skus.editButton(id).click();
    await skus.formDialog.waitForDisplayed();
    await expect(skus.field('sku_id')).toBeDisabled();
    await expect(skus.chip('features', 'dlp')).toHaveText('Data loss prevention');
    await skus.fill({ name: 'Renamed end to end' });
    await skus.submitForm();
    await skus.formDialog.waitForDisplayed({
      reverse: true,
      timeoutMsg: 'The form did not close after Save.',
    });
    await skus.waitForRow('Renamed end to end');

    await skus.rowCheckbox(id).click();
    await skus.deleteSelected.click();
    await byTestId(skus.ids.deleteConfirm).click();
    await skus
      .cellWithText(id)
      .waitForDisplayed({ reverse: true, timeoutMsg: 'The deleted SKU stayed listed.' });
  });

  it('support staff see the catalogue and no control that writes', async () => {
    await openSkus('support@provider.example');
    await skus.waitForRow('ISO-CORE');
    await expect(skus.addButton).not.toBeExisting();
    await expect(skus.deleteSelected).not.toBeExisting();
    await expect(skus.editButton('ISO-CORE')).not.toBeExisting();
  });
});
