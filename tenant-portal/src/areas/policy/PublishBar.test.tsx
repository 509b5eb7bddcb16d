// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { publishBarIds, shellIds } from '@workbench/common';
import type { PolicyDiff } from '@workbench/common/api/contract/policy';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../testing/renderPortal';
import { NO_UNPUBLISHED_CHANGES } from './PublishBar';

afterEach(resetPortalEnv);

const DIFF_PATH = '/api/policy/v1/revisions/diff';

/** Revision 12 staged over published 11: the Medium risk level now blocks, a rule was added. */
const diff: PolicyDiff = {
  from: 11,
  to: 12,
  kinds: [
    {
      kind: 'risks',
      title: 'Risk levels',
      changes: [
        { op: 'changed', path: 'list', key: 'Y', index: 1, field: 'action', from: 'safeview', to: 'block' },
      ],
    },
    {
      kind: 'web/exceptions',
      title: 'Domain rules and exceptions',
      changes: [
        {
          op: 'added',
          path: 'list',
          key: 'r1',
          index: 0,
          item: { id: 'r1', name: 'Block gambling', enabled: true, action: 'block', conditions: {} },
        },
      ],
    },
  ],
};

const bar = () => screen.findByTestId(publishBarIds.bar);

describe('publish bar (issue 12)', () => {
  it('counts the staged changes from the staged review (rev_id → staged_rev_id) and lists them in Review', async () => {
    const { mock } = renderPortal({
      path: '/policy',
      user: demoUser('admin'),
      revision: revision('staged', 12),
      stubs: (m) => m.onGet(DIFF_PATH).reply(200, diff),
    });
    await bar();
    await waitFor(() =>
      expect(screen.getByTestId(publishBarIds.summary)).toHaveTextContent(
        '2 unpublished changes in revision 12',
      ),
    );
    expect(mock.history.get.find((r) => r.url === DIFF_PATH)?.params).toMatchObject({ from: '11', to: '12' });

    await userEvent.click(screen.getByTestId(publishBarIds.review));
    const dialog = await screen.findByTestId(publishBarIds.reviewDialog);
    expect(within(dialog).getByRole('heading', { name: 'Risk levels' })).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByTestId(publishBarIds.diffLine)
        .map((li) => li.textContent),
    ).toEqual(['Medium changed from Isolate to Block', 'Rule 1 “Block gambling” added (Block)']);
    await userEvent.click(within(dialog).getByTestId(publishBarIds.reviewClose));
    await waitFor(() => expect(screen.queryByTestId(publishBarIds.reviewDialog)).not.toBeInTheDocument());
  });

  it('is quiet when nothing is staged: no buttons, no diff call', async () => {
    const { mock } = renderPortal({
      path: '/policy/dlp',
      user: demoUser('admin'),
      revision: revision('new', 12),
    });
    await waitFor(async () => expect(await bar()).toHaveAttribute('data-state', 'new'));
    expect(screen.getByTestId(publishBarIds.summary)).toHaveTextContent(NO_UNPUBLISHED_CHANGES);
    expect(screen.queryByTestId(publishBarIds.publish)).not.toBeInTheDocument();
    expect(screen.queryByTestId(publishBarIds.discard)).not.toBeInTheDocument();
    expect(screen.queryByTestId(publishBarIds.review)).not.toBeInTheDocument();
    expect(screen.getByTestId(publishBarIds.history)).toHaveAttribute('href', '/policy/history');
    expect(mock.history.get.some((r) => r.url === DIFF_PATH)).toBe(false);
  });

  it('publishes with the comment and the reviewed updated_at, then shows the published state', async () => {
    const { mock } = renderPortal({
      path: '/policy',
      user: demoUser('admin'),
      revision: revision('staged', 12),
      stubs: (m) => {
        m.onGet(DIFF_PATH).reply(200, diff);
        m.onPost('/api/policy/v1/rules/12').reply(200, revision('new', 12));
      },
    });
    await bar();
    await waitFor(() => expect(screen.getByTestId(publishBarIds.summary)).toHaveAttribute('data-count', '2'));
    await userEvent.click(screen.getByTestId(publishBarIds.publish));
    const dialog = await screen.findByTestId(publishBarIds.publishDialog);
    expect(within(dialog).getAllByTestId(publishBarIds.diffLine)).toHaveLength(2);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Comment (optional)' }),
      'Gambling blocked',
    );
    await userEvent.click(within(dialog).getByTestId(publishBarIds.publishConfirm));
    await waitFor(() => expect(screen.queryByTestId(publishBarIds.publishDialog)).not.toBeInTheDocument());
    expect(
      JSON.parse(mock.history.post.find((r) => r.url === '/api/policy/v1/rules/12')!.data as string),
    ).toEqual({
      comment: 'Gambling blocked',
      updated_at: revision('staged', 12).updated_at,
    });
    await waitFor(() =>
      expect(screen.getByTestId(publishBarIds.summary)).toHaveTextContent(NO_UNPUBLISHED_CHANGES),
    );
    expect(screen.getByTestId(shellIds.revisionState)).toHaveAttribute('data-state', 'new');
  });

  it('a publish refused because someone changed the policy names them and shows the reloaded review', async () => {
    let reloads = 0;
    const changed = {
      ...revision('staged', 12),
      updated_at: '2026-11-20T10:05:00.000Z',
      updated_by: 'bob@acme.example',
    };
    const { mock } = renderPortal({
      path: '/policy',
      user: demoUser('admin'),
      revision: revision('staged', 12),
      stubs: (m) => {
        m.onGet('/api/policy/v1/rules').reply(() => [
          200,
          reloads++ === 0 ? revision('staged', 12) : changed,
        ]);
        m.onGet(DIFF_PATH).replyOnce(200, { ...diff, kinds: diff.kinds.slice(0, 1) });
        m.onGet(DIFF_PATH).reply(200, diff);
        m.onPost('/api/policy/v1/rules/12').reply(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'The policy revision was changed by bob@acme.example.',
          field: 'updated_at',
          changed_by: 'bob@acme.example',
          changed_at: '2026-11-20T10:05:00.000Z',
        });
      },
    });
    await bar();
    await waitFor(() => expect(screen.getByTestId(publishBarIds.summary)).toHaveAttribute('data-count', '1'));
    await userEvent.click(screen.getByTestId(publishBarIds.publish));
    const dialog = await screen.findByTestId(publishBarIds.publishDialog);
    await userEvent.click(within(dialog).getByTestId(publishBarIds.publishConfirm));
    expect(await within(dialog).findByTestId(publishBarIds.conflict)).toHaveTextContent(
      /^bob@acme\.example changed the policy at .+, after you loaded it\./,
    );
    // The review reloaded: the rule bob added is now listed, and the dialog stays open.
    await waitFor(() => expect(within(dialog).getAllByTestId(publishBarIds.diffLine)).toHaveLength(2));
    expect(screen.getByTestId(publishBarIds.summary)).toHaveAttribute('data-count', '2');
    // Publishing again sends the updated_at of the review now shown.
    mock.onPost('/api/policy/v1/rules/12').reply(200, revision('new', 12));
    await userEvent.click(within(dialog).getByTestId(publishBarIds.publishConfirm));
    await waitFor(() => expect(screen.queryByTestId(publishBarIds.publishDialog)).not.toBeInTheDocument());
    const posts = mock.history.post.filter((r) => r.url === '/api/policy/v1/rules/12');
    expect(JSON.parse(posts[1].data as string)).toEqual({ updated_at: changed.updated_at });
  });

  it('Discard asks first, then drops the staged changes', async () => {
    const { mock } = renderPortal({
      path: '/fwaas',
      user: demoUser('admin'),
      revision: revision('staged', 12),
      stubs: (m) => {
        m.onGet(DIFF_PATH).reply(200, diff);
        m.onPost('/api/policy/v1/rules/12/discard').reply(200, revision('new', 12));
      },
    });
    await bar();
    await waitFor(() => expect(screen.getByTestId(publishBarIds.summary)).toHaveAttribute('data-count', '2'));
    await userEvent.click(screen.getByTestId(publishBarIds.discard));
    const dialog = await screen.findByTestId(publishBarIds.discardDialog);
    expect(dialog).toHaveTextContent('The 2 unpublished changes of revision 12 will be dropped');
    await userEvent.click(within(dialog).getByTestId(publishBarIds.discardCancel));
    await waitFor(() => expect(screen.queryByTestId(publishBarIds.discardDialog)).not.toBeInTheDocument());
    expect(mock.history.post.some((r) => r.url?.endsWith('/discard'))).toBe(false);

    await userEvent.click(screen.getByTestId(publishBarIds.discard));
    await userEvent.click(
      within(await screen.findByTestId(publishBarIds.discardDialog)).getByTestId(
        publishBarIds.discardConfirm,
      ),
    );
    await waitFor(() => expect(screen.queryByTestId(publishBarIds.discardDialog)).not.toBeInTheDocument());
    expect(JSON.parse(mock.history.post.find((r) => r.url?.endsWith('/discard'))!.data as string)).toEqual({
      rev_id: 11,
      state: 'staged',
      updated_at: revision('staged', 12).updated_at,
    });
    await waitFor(() =>
      expect(screen.getByTestId(publishBarIds.summary)).toHaveTextContent(NO_UNPUBLISHED_CHANGES),
    );
  });

  it('a refused discard keeps the dialog open with the reason', async () => {
    renderPortal({
      path: '/policy',
      user: demoUser('admin'),
      revision: revision('staged', 12),
      stubs: (m) => {
        m.onGet(DIFF_PATH).reply(200, diff);
        m.onPost('/api/policy/v1/rules/12/discard').reply(500, {
          statusCode: 500,
          error: 'x',
          message: 'Store unavailable',
        });
      },
    });
    await bar();
    await userEvent.click(await screen.findByTestId(publishBarIds.discard));
    const dialog = await screen.findByTestId(publishBarIds.discardDialog);
    await userEvent.click(within(dialog).getByTestId(publishBarIds.discardConfirm));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Store unavailable');
  });

  it('readers see the state and Review, not Publish or Discard', async () => {
    renderPortal({
      path: '/policy',
      user: demoUser('auditor'),
      revision: revision('staged', 12),
      stubs: (m) => m.onGet(DIFF_PATH).reply(200, diff),
    });
    await bar();
    await waitFor(() =>
      expect(screen.getByTestId(publishBarIds.summary)).toHaveTextContent('2 unpublished changes'),
    );
    expect(screen.queryByTestId(publishBarIds.publish)).not.toBeInTheDocument();
    expect(screen.queryByTestId(publishBarIds.discard)).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId(publishBarIds.review));
    const dialog = await screen.findByTestId(publishBarIds.reviewDialog);
    expect(within(dialog).getAllByTestId(publishBarIds.diffLine)).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: /publish/i })).not.toBeInTheDocument();
  });

  it('a review that cannot be loaded says so and retries', async () => {
    renderPortal({
      path: '/policy',
      user: demoUser('admin'),
      revision: revision('staged', 12),
      stubs: (m) => {
        m.onGet(DIFF_PATH).replyOnce(500, { statusCode: 500, error: 'x', message: 'Diff failed' });
        m.onGet(DIFF_PATH).reply(200, diff);
      },
    });
    await bar();
    await waitFor(() =>
      expect(screen.getByTestId(publishBarIds.summary)).toHaveTextContent('the list could not be loaded'),
    );
    await userEvent.click(screen.getByTestId(publishBarIds.review));
    const dialog = await screen.findByTestId(publishBarIds.reviewDialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Diff failed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(dialog).getAllByTestId(publishBarIds.diffLine)).toHaveLength(2));
  });
});
