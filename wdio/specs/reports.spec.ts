import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@wdio/globals';
import { RECIPIENTS_NOTE } from '@workbench/common/api/contract/reportFiles';
import { reportsPage } from '../pageobjects/ReportsPage';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';

describe('Reports (report files)', () => {
  it('an admin adds a schedule, runs it now, and downloads the PDF with the dashboard’s panels', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/reports');
    await waitForPortalRoute('#/reports');
    await reportsPage.waitForDisplayed();
    await expect(reportsPage.mailNote).toHaveText(expect.stringContaining(RECIPIENTS_NOTE));

    const name = `Browser weekly ${Date.now().toString(36)}`;
    await reportsPage.addSchedule(name, ['secops@acme.example']);
    await reportsPage
      .scheduleCell(name)
      .waitForDisplayed({ timeoutMsg: 'The new schedule is not in the table.' });
    await expect(reportsPage.scheduleCell('Web traffic dashboard')).toBeDisplayed();
    await expect(reportsPage.scheduleCell('secops@acme.example')).toBeDisplayed();

    await reportsPage.runNow(name).click();
    const link = reportsPage.downloadLink(name);
    await link.waitForDisplayed({ timeoutMsg: 'Run now left no past report to download.' });
    // Both tables filled: no serious or critical axe-core violation.
    expect(await blockingViolations()).toEqual([]);
    const href = await link.getAttribute('href');
    const fileName = await link.getAttribute('download');
    expect(fileName).toMatch(/^Browser-weekly-[a-z0-9]+_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.pdf$/);

    const file = await reportsPage.fetchLink(href as string);
    expect(file.status).toBe(200);
    expect(file.contentType).toBe('application/pdf');
    expect(file.disposition).toBe(`attachment; filename="${fileName}"`);
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pdf = path.join(os.tmpdir(), `wdio-report-${Date.now()}.pdf`);
    fs.writeFileSync(pdf, file.bytes);
    try {
      const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
      for (const title of [name, 'Top domains', 'Actions', 'Top categories', 'Top users', 'Top files'])
        expect(text).toContain(title);
      expect(text).toContain('Tenant: acme');
      expect(text).toContain(RECIPIENTS_NOTE);
    } finally {
      fs.rmSync(pdf, { force: true });
    }
  });
});
