import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { clearAllCookies, createTestStore, makeUser } from '../../test-support/storeHarness';
import { sessionStarted } from '../session/sessionSlice';
import { usePolicyDocEditor } from './usePolicyDocEditor';

const rev = { staged_rev_id: 5, rev_id: 4, state: 'new' as const, updated_at: '2026-11-01T00:00:00.000Z' };

function FlashEditor() {
  const ed = usePolicyDocEditor('risks');
  return (
    <div role="region" aria-label="Risks" onKeyDown={ed.onKeyDown} tabIndex={-1}>
      <p>{ed.status}</p>
      {ed.draft && (
        <label>
          <input
            type="checkbox"
            checked={ed.draft.flash}
            disabled={ed.readOnly}
            onChange={(e) => ed.edit((d) => ({ ...d, flash: e.target.checked }))}
          />
          Block Flash
        </label>
      )}
      <input aria-label="Note" />
      <button type="button" disabled={!ed.canSave} onClick={ed.save}>
        Save
      </button>
    </div>
  );
}

function setup(write: string[]) {
  const { store, mock } = createTestStore();
  mock.onGet('/api/policy/v1/rules').reply(200, rev);
  mock.onGet('/api/policy/v1/rules/risks/5').reply(200, { rev_id: 5, list: [], flash: false });
  store.dispatch(sessionStarted(makeUser({ roles: { read: ['web_policy:*'], write } })));
  render(
    <Provider store={store}>
      <FlashEditor />
    </Provider>,
  );
  return { store, mock };
}

beforeEach(() => {
  clearAllCookies();
  setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true });
});
afterAll(() => setRuntimeEnvForTests(null));

describe('usePolicyDocEditor', () => {
  test('asks for the revision, then loads the kind; a writer edits, undoes and redoes with the keyboard', async () => {
    setup(['web_policy:*']);
    const box = await screen.findByRole('checkbox', { name: 'Block Flash' });
    expect(box).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.click(box);
    expect(box).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    const region = screen.getByRole('region', { name: 'Risks' });
    // A text field keeps its own undo.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Note' }), { key: 'z', ctrlKey: true });
    expect(box).toBeChecked();
    fireEvent.keyDown(region, { key: 'z', ctrlKey: true });
    expect(box).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.keyDown(region, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(box).toBeChecked();
  });

  test('a reader gets a read-only editor', async () => {
    setup([]);
    const box = await screen.findByRole('checkbox', { name: 'Block Flash' });
    expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  test('the write permission is the kind’s edit permission (web_policy:threats:write for risks)', async () => {
    setup(['web_policy:categories']);
    expect(await screen.findByRole('checkbox', { name: 'Block Flash' })).toBeDisabled();
  });

  test('web_policy:threats:write alone may edit risks', async () => {
    setup(['web_policy:threats']);
    expect(await screen.findByRole('checkbox', { name: 'Block Flash' })).toBeEnabled();
  });

  test('a publish (the revision moves on) reloads an editor without unsaved edits', async () => {
    const { store, mock } = setup(['web_policy:*']);
    await screen.findByRole('checkbox', { name: 'Block Flash' });
    mock.onGet('/api/policy/v1/rules/risks/6').reply(200, { rev_id: 6, list: [], flash: true });
    act(() => {
      store.dispatch({
        type: 'revision/revisionPublished',
        payload: { ...rev, staged_rev_id: 6, rev_id: 5 },
      });
    });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Block Flash' })).toBeChecked());
  });

  test("a parent tenant's rules are read again each time a page shows them, though this tenant's revision did not move", async () => {
    const { store, mock } = createTestStore();
    mock.onGet('/api/policy/v1/rules').reply(200, rev);
    const PARENT = '/api/policy/v1/rules/web/parent_global_exceptions/';
    mock.onGet(PARENT).replyOnce(200, { rev_id: 5, pre: [], post: [] });
    store.dispatch(sessionStarted(makeUser({ roles: { read: ['web_policy:*'], write: [] } })));
    function ParentRules() {
      const ed = usePolicyDocEditor('web/parent_global_exceptions');
      return <p>{ed.draft ? `${ed.draft.pre.length} parent rules` : ed.status}</p>;
    }
    const shown = () =>
      render(
        <Provider store={store}>
          <ParentRules />
        </Provider>,
      );
    const first = shown();
    expect(await screen.findByText('0 parent rules')).toBeInTheDocument();
    first.unmount();
    // The association was approved meanwhile: the parent's published rules.
    const rule = {
      id: 'r1',
      name: 'Block',
      enabled: true,
      action: 'block',
      conditions: { domain: ['x.example'] },
    };
    mock.onGet(PARENT).reply(200, { rev_id: 5, pre: [rule], post: [] });
    shown();
    expect(await screen.findByText('1 parent rules')).toBeInTheDocument();
    expect(mock.history.get.filter((r) => r.url === PARENT)).toHaveLength(2);
  });
});
