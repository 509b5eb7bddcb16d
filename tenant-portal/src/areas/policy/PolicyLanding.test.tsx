// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { policyIds, shellIds } from '@workbench/common';
import { publishBarIds } from '@workbench/common/test-ids/index';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../testing/renderPortal';

afterEach(resetPortalEnv);

describe('policy landing: the staged revision note editor', () => {
  it('a web-policy writer can edit the note and Save it to the staged revision', async () => {
    const { mock } = renderPortal({
      path: '/policy',
      user: demoUser('admin'),
      revision: revision('staged', 12),
      stubs: (m) => m.onPut(/^\/api\/policy\/v1\/rules\/.+/).reply(200, revision('staged', 12)),
    });
    const input = await screen.findByRole('textbox', { name: 'Publish note' });
    await waitFor(() =>
      expect(screen.getByTestId(policyIds.revisionSummary)).toHaveTextContent('Revision 12'),
    );
    await userEvent.type(input, 'Blocks gambling sites');
    await userEvent.click(screen.getByTestId(policyIds.noteSave));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(mock.history.put[0].url).toBe('/api/policy/v1/rules/portal_note/12');
    expect(JSON.parse(mock.history.put[0].data as string)).toMatchObject({
      state: 'staged',
      data: { note: 'Blocks gambling sites' },
    });
  });

  it('the read-only auditor sees the note without Save and no Publish button', async () => {
    renderPortal({ path: '/policy', user: demoUser('auditor'), revision: revision('staged') });
    expect(await screen.findByTestId(policyIds.noteInput)).toHaveTextContent('No note.');
    expect(screen.queryByTestId(policyIds.noteSave)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await screen.findByTestId(shellIds.revisionState);
    expect(screen.queryByTestId(shellIds.publish)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /publish|save/i })).not.toBeInTheDocument();
  });
});

describe('app bar: revision state and Publish', () => {
  it('Publish is disabled unless the revision state is staged', async () => {
    renderPortal({ path: '/fwaas', user: demoUser('admin'), revision: revision('new') });
    const state = await screen.findByTestId(shellIds.revisionState);
    expect(state).toHaveAttribute('data-state', 'new');
    expect(screen.getByTestId(shellIds.publish)).toBeDisabled();
  });

  it('Publish opens the review with a comment (never a publish unseen), then posts the staged revision', async () => {
    const { mock } = renderPortal({
      path: '/fwaas',
      user: demoUser('admin'),
      revision: revision('staged', 12),
      stubs: (m) => {
        m.onGet('/api/policy/v1/revisions/diff').reply(200, {
          from: 11,
          to: 12,
          kinds: [
            {
              kind: 'risks',
              title: 'Risk levels',
              changes: [
                { op: 'changed', path: 'list', key: 'Y', field: 'action', from: 'safeview', to: 'block' },
              ],
            },
          ],
        });
        m.onPost('/api/policy/v1/rules/12').reply(200, revision('new', 13));
      },
    });
    const publish = await screen.findByTestId(shellIds.publish);
    await waitFor(() => expect(publish).toBeEnabled());
    await userEvent.click(publish);
    const dialog = await screen.findByTestId(publishBarIds.publishDialog);
    expect(await within(dialog).findByText('Medium changed from Isolate to Block')).toBeInTheDocument();
    const policyPosts = () => mock.history.post.filter((r) => r.url?.startsWith('/api/policy/'));
    expect(policyPosts()).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId(publishBarIds.publishComment));
    await userEvent.paste('Medium risk blocked');
    await userEvent.click(within(dialog).getByTestId(publishBarIds.publishConfirm));
    await waitFor(() =>
      expect(screen.getByTestId(shellIds.revisionState)).toHaveAttribute('data-state', 'new'),
    );
    const posts = policyPosts();
    expect(posts.map((r) => r.url)).toEqual(['/api/policy/v1/rules/12']);
    expect(JSON.parse(posts[0].data as string)).toMatchObject({ comment: 'Medium risk blocked' });
  });

  it('a user without policy access sees neither the revision state nor Publish', async () => {
    renderPortal({ path: '/dashboard', user: demoUser('logs') });
    expect(await screen.findByTestId(shellIds.pageTitle)).toHaveTextContent('Dashboard');
    expect(screen.queryByTestId(shellIds.revisionState)).not.toBeInTheDocument();
    expect(screen.queryByTestId(shellIds.publish)).not.toBeInTheDocument();
  });
});
