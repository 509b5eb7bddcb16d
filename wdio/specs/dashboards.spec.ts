import { $, browser, expect } from '@wdio/globals';
import { boardsIds } from '@workbench/common/test-ids/boardsIds';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, clickWhenReady, testIdSelector } from '../pageobjects/testId';
import { portalApi } from '../support/portalApi';
import { DEMO_PASSWORD } from '../support/testEnv';
import { drawnCanvas } from '../pageobjects/charts';

/** The board's view as the URL gives it (the hash route's query). */
async function viewParams(): Promise<URLSearchParams> {
  const hash = new URL(await browser.getUrl()).hash;
  return new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
}

async function addPanel(query: string, chart: string): Promise<void> {
  await clickWhenReady(byTestId(boardsIds.addPanel), 'Add panel');
  await clickWhenReady(byTestId(boardsIds.panelQuery), 'The report query picker');
  await clickWhenReady(byTestId(`${boardsIds.panelQuery}-${query}`), query);
  await $('.MuiMenu-root').waitForExist({ reverse: true });
  await clickWhenReady(byTestId(boardsIds.panelChart), 'The chart picker');
  await clickWhenReady(byTestId(`${boardsIds.panelChart}-${chart}`), chart);
  await $('.MuiMenu-root').waitForExist({ reverse: true });
  await clickWhenReady(byTestId(boardsIds.panelAdd), 'Add');
  await $('.MuiDialog-root').waitForExist({ reverse: true });
}

describe('Dashboards people build (issue 41 points 4, 5)', () => {
  it('builds a two-panel board with a user variable, zooms by dragging, and sees it as saved after a reload; a read-only role views it and cannot edit', async () => {
    await browser.setWindowSize(1400, 1000);
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/boards');
    await waitForPortalRoute('#/boards');

    // A user with web events: the busiest of the last 7 days.
    const now = Math.floor(Date.now() / 1000);
    const top = await portalApi(
      'GET',
      `/api/rep/v1/query/top_users?start=${now - 7 * 86400}&end=${now}&limit=1`,
    );
    const user = String((top.json as { rows: { key: string }[] }).rows[0].key);

    const name = `Team view ${Date.now()}`;
    await clickWhenReady(byTestId(boardsIds.newButton), 'New dashboard');
    await byTestId(boardsIds.newName).setValue(name);
    await clickWhenReady(byTestId(boardsIds.newCreate), 'Create');
    await browser.waitUntil(async () => (await viewParams()).has('board'), {
      timeoutMsg: 'The new dashboard did not open.',
    });
    const boardId = (await viewParams()).get('board');

    await clickWhenReady(byTestId(boardsIds.edit), 'Edit');
    // A new board has the user variable.
    await expect(byTestId(`${boardsIds.variableToggle}-user`)).toBeSelected();
    await addPanel('top_domains', 'pie');
    await addPanel('bandwidth_usage_by_date', 'area');
    await clickWhenReady(byTestId(boardsIds.save), 'Save');
    await byTestId(boardsIds.edit).waitForDisplayed({
      timeoutMsg: 'The board did not leave editing after Save.',
    });

    // The user variable narrows every panel.
    const variable = byTestId(`${boardsIds.variable}-user`);
    await variable.setValue(user);
    await browser.keys('Enter');
    await browser.waitUntil(async () => (await viewParams()).get('user') === user, {
      timeoutMsg: 'The user variable did not reach the URL.',
    });

    // A drag across the time chart zooms the whole board (from/to in the URL).
    const canvas = await drawnCanvas(
      $(testIdSelector(`${boardsIds.chart}-p2`)),
      'The bandwidth chart did not draw.',
      30_000,
    );
    const { width } = await canvas.getSize();
    await browser.waitUntil(
      async () => {
        await browser
          .action('pointer')
          .move({ origin: canvas, x: -Math.floor(width * 0.25), y: 10 })
          .down()
          .move({ origin: canvas, x: Math.floor(width * 0.15), y: 10, duration: 300 })
          .up()
          .perform();
        return browser
          .waitUntil(async () => (await viewParams()).has('from'), { timeout: 3000 })
          .catch(() => false);
      },
      { timeout: 30_000, interval: 500, timeoutMsg: 'The drag did not zoom the board.' },
    );
    const zoomed = await viewParams();
    const [from, to] = [Number(zoomed.get('from')), Number(zoomed.get('to'))];
    expect(to - from).toBeGreaterThan(0);
    expect(to - from).toBeLessThan(7 * 86400);
    await expect(byTestId(boardsIds.zoom)).toBeDisplayed();

    // A reload shows the board as saved, in the same view.
    await browser.refresh();
    await byTestId(`${boardsIds.chart}-p1`).waitForDisplayed({
      timeout: 30_000,
      timeoutMsg: 'Panel 1 did not show after a reload.',
    });
    await byTestId(`${boardsIds.chart}-p2`).waitForDisplayed({
      timeoutMsg: 'Panel 2 did not show after a reload.',
    });
    await expect(byTestId(boardsIds.zoom)).toBeDisplayed();
    await expect(byTestId(`${boardsIds.variable}-user`)).toHaveValue(user);
    const saved = (await portalApi('GET', `/api/dashboards/v1/boards/${boardId}`)).json as {
      name: string;
      variables: { name: string }[];
      panels: { source: { query: string }; chart: string }[];
    };
    expect(saved.name).toBe(name);
    expect(saved.variables.map((v) => v.name)).toEqual(['user']);
    expect(saved.panels.map((p) => [p.source.query, p.chart])).toEqual([
      ['top_domains', 'pie'],
      ['bandwidth_usage_by_date', 'area'],
    ]);
    const link = new URL(await browser.getUrl()).hash;

    // The read-only auditor opens the same link: the board shows, with nothing to edit.
    await forgetSession();
    await signInToPortal('auditor@acme.example', DEMO_PASSWORD, `/${link}`);
    await waitForPortalRoute('#/boards');
    await byTestId(`${boardsIds.chart}-p1`).waitForDisplayed({
      timeout: 30_000,
      timeoutMsg: 'The auditor did not see panel 1.',
    });
    await byTestId(`${boardsIds.chart}-p2`).waitForDisplayed({
      timeoutMsg: 'The auditor did not see panel 2.',
    });
    await expect(byTestId(boardsIds.edit)).not.toBeExisting();
    expect((await portalApi('DELETE', `/api/dashboards/v1/boards/${boardId}`)).status).toBe(403);
  });
});
