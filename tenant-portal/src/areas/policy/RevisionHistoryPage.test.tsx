// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  localTime,
  navItemId,
  publishBarIds,
  revisionHistoryIds,
  rollbackStagedMessage,
} from '@workbench/common';
import type { PolicyDiff, PublishedRevision, RevisionsPage } from '@workbench/common/api/contract/policy';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../testing/renderPortal';
import { NO_REVISIONS_TEXT, SELECT_ANOTHER_TEXT } from './RevisionHistoryPage';

afterEach(resetPortalEnv);

const REVISIONS = '/api/policy/v1/revisions';
const DIFF = '/api/policy/v1/revisions/diff';

const published = (rev: number, extra: Partial<PublishedRevision> = {}): PublishedRevision => ({
  rev_id: rev,
  published_at: `2026-11-${String(rev).padStart(2, '0')}T09:30:00.000Z`,
  published_by: 'admin@acme.example',
  comment: null,
  rolled_back_from: null,
  ...extra,
});

const current = revision('new', 12); // rev_id 11 published, nothing staged
const page = (items: PublishedRevision[], total = items.length): RevisionsPage => ({ total, items, current });
const items = [
  published(11, { comment: 'Back to the October policy', rolled_back_from: 9 }),
  published(10, { comment: 'Gambling blocked', published_by: 'bob@acme.example' }),
  published(9),
];

const diff9to10: PolicyDiff = {
  from: 9,
  to: 10,
  kinds: [
    {
      kind: 'cats',
      title: 'Categories',
      changes: [
        { op: 'added', path: 'list', key: '23', index: 0, item: { category_id: 23, action: 'block' } },
      ],
    },
  ],
};

describe('revision history page (issue 12)', () => {
  it('lists the published revisions: rev, local time, by, comment and what a rollback restored', async () => {
    const { mock } = renderPortal({
      path: '/policy/history',
      user: demoUser('admin'),
      revision: current,
      stubs: (m) => m.onGet(REVISIONS).reply(200, page(items)),
    });
    const row = await screen.findByTestId(`${revisionHistoryIds.row}-10`);
    expect(mock.history.get.find((r) => r.url === REVISIONS)?.params).toMatchObject({
      limit: '25',
      offset: '0',
    });
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 5)).toEqual([
      '10',
      localTime(items[1].published_at),
      'bob@acme.example',
      'Gambling blocked',
    ]);
    const latest = screen.getByTestId(`${revisionHistoryIds.row}-11`);
    expect(latest).toHaveTextContent('Current');
    expect(latest).toHaveTextContent('Rollback of 9');
    // The current published revision is not offered for a rollback; older ones are.
    expect(
      within(latest).queryByRole('button', { name: 'Roll back to this revision' }),
    ).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Roll back to this revision' })).toBeInTheDocument();
    // Reachable from the policy navigation.
    expect(screen.getByTestId(navItemId('policy-history'))).toHaveAttribute('aria-current', 'page');
  });

  it("a fresh tenant's history is its revision 1 as the server published it: one row, the current one, counted once (issue 31)", async () => {
    const initial = published(1, { published_by: 'setup', comment: 'Initial policy' });
    renderPortal({
      path: '/policy/history',
      user: demoUser('admin'),
      revision: { ...revision('new', 1), rev_id: 1 },
      stubs: (m) => m.onGet(REVISIONS).reply(200, { ...page([initial]), current: revision('new', 1) }),
    });
    const row = await screen.findByTestId(`${revisionHistoryIds.row}-1`);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1, 5),
    ).toEqual(['1Current', localTime(initial.published_at), 'setup', 'Initial policy']);
    const table = screen.getByTestId(revisionHistoryIds.table);
    expect(within(table).getAllByRole('row')).toHaveLength(2); // the heading and revision 1
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
    expect(screen.queryByTestId(revisionHistoryIds.empty)).not.toBeInTheDocument();
  });

  it('any two selected revisions are compared, older to newer, as sentences (categories by name)', async () => {
    const { mock } = renderPortal({
      path: '/policy/history',
      user: demoUser('auditor'),
      revision: current,
      stubs: (m) => {
        m.onGet(REVISIONS).reply(200, page(items));
        m.onGet(DIFF).reply(200, diff9to10);
        m.onGet('/api/policy/v1/category_version').reply(200, { version: 1 });
        m.onGet('/api/policy/v1/cats').reply(200, {
          groups: [{ key: 'leisure', name: 'Leisure' }],
          categories: [{ id: 23, name: 'Gambling', group: 'leisure' }],
        });
      },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Compare revision 10' }));
    expect(screen.getByText(SELECT_ANOTHER_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare revision 9' }));
    const comparison = await screen.findByTestId(revisionHistoryIds.comparison);
    expect(comparison).toHaveTextContent('Changes from revision 9 to revision 10');
    await waitFor(() =>
      expect(
        within(comparison)
          .getAllByTestId(publishBarIds.diffLine)
          .map((l) => l.textContent),
      ).toEqual(['Block for Gambling added']),
    );
    expect(mock.history.get.find((r) => r.url === DIFF)?.params).toMatchObject({ from: '9', to: '10' });
    // Readers roll nothing back.
    expect(screen.queryByRole('button', { name: 'Roll back to this revision' })).not.toBeInTheDocument();
  });

  it('Roll back asks first, stages a copy, and the publish bar then shows the staged changes', async () => {
    const staged = { ...revision('staged', 12), updated_at: '2026-11-20T11:00:00.000Z' };
    const { mock } = renderPortal({
      path: '/policy/history',
      user: demoUser('admin'),
      revision: current,
      stubs: (m) => {
        m.onGet(REVISIONS).reply(200, page(items));
        m.onPost('/api/policy/v1/revisions/10/rollback').reply(200, staged);
        m.onGet(DIFF).reply(200, { ...diff9to10, from: 11, to: 12 });
      },
    });
    await userEvent.click(
      within(await screen.findByTestId(`${revisionHistoryIds.row}-10`)).getByRole('button', {
        name: 'Roll back to this revision',
      }),
    );
    const dialog = await screen.findByTestId(revisionHistoryIds.rollbackDialog);
    expect(dialog).toHaveTextContent('Roll back to revision 10?');
    await userEvent.click(within(dialog).getByTestId(revisionHistoryIds.rollbackConfirm));
    await waitFor(() =>
      expect(screen.queryByTestId(revisionHistoryIds.rollbackDialog)).not.toBeInTheDocument(),
    );
    expect(JSON.parse(mock.history.post.find((r) => r.url?.endsWith('/rollback'))!.data as string)).toEqual({
      rev_id: 11,
      state: 'new',
      updated_at: current.updated_at,
    });
    expect(await screen.findByText(rollbackStagedMessage(10))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId(publishBarIds.summary)).toHaveTextContent(
        '1 unpublished change in revision 12',
      ),
    );
  });

  it('pages through the history', async () => {
    const { mock } = renderPortal({
      path: '/policy/history',
      user: demoUser('admin'),
      revision: current,
      stubs: (m) => {
        m.onGet(REVISIONS).reply((config) => {
          const offset = (config.params as { offset: string }).offset;
          return [
            200,
            offset === '0' ? page(items, 26) : page([published(1, { comment: 'Initial policy' })], 26),
          ];
        });
      },
    });
    await screen.findByTestId(`${revisionHistoryIds.row}-11`);
    expect(screen.queryByTestId(`${revisionHistoryIds.row}-1`)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByTestId(`${revisionHistoryIds.row}-1`)).toHaveTextContent('Initial policy');
    expect(screen.queryByTestId(`${revisionHistoryIds.row}-11`)).not.toBeInTheDocument();
    expect(
      mock.history.get.filter((r) => r.url === REVISIONS).map((r) => (r.params as { offset: string }).offset),
    ).toEqual(['0', '25']);
  });

  it('says when nothing was published yet, and when the history cannot be loaded (Retry)', async () => {
    renderPortal({
      path: '/policy/history',
      user: demoUser('admin'),
      revision: current,
      stubs: (m) => {
        m.onGet(REVISIONS).replyOnce(500, { statusCode: 500, error: 'x', message: 'History down' });
        m.onGet(REVISIONS).reply(200, page([]));
      },
    });
    const error = await screen.findByTestId(revisionHistoryIds.error);
    expect(error).toHaveTextContent('The revision history could not be loaded: History down');
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId(revisionHistoryIds.empty)).toHaveTextContent(NO_REVISIONS_TEXT);
  });
});
