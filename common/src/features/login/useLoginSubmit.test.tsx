import { renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import { AUTH_PATHS } from '../../api/contract/auth';
import { loginRejectionOf } from '../../api/loginRejection';
import type { TenantBaseState } from '../../store/createAppStore';
import { createTestStore } from '../../test-support/storeHarness';
import { loginRequested } from '../session/sessionSlice';
import { selectIsLoggingIn, selectLoginError, selectSessionStatus } from '../session/sessionSelectors';
import { useLoginSubmit, type LoginOutcome } from './useLoginSubmit';

const outcome = (state: TenantBaseState): LoginOutcome => {
  if (selectSessionStatus(state) === 'loggedIn') return 'loggedIn';
  if (selectIsLoggingIn(state)) return 'pending';
  return loginRejectionOf(selectLoginError(state));
};

function setup() {
  const ctx = createTestStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={ctx.store}>{children}</Provider>
  );
  const { result } = renderHook(() => useLoginSubmit(loginRequested, outcome), { wrapper });
  return { ...ctx, submit: result.current };
}

describe('useLoginSubmit', () => {
  test('dispatches the login request and rejects, once the saga fails it, with the message and lockout delay', async () => {
    const { submit, mock } = setup();
    mock.onPost(AUTH_PATHS.login).reply(403, { msg: 'Too many attempts; wait $1 seconds.', delay: 30 });
    await expect(submit('ada@acme.example', 'wrong')).rejects.toEqual({
      msg: 'Too many attempts; wait $1 seconds.',
      delay: 30,
    });
    expect(JSON.parse(mock.history.post[0].data as string)).toMatchObject({
      username: 'ada@acme.example',
      password: 'wrong',
    });
  });

  test('resolves at once when the store already shows the login done', async () => {
    const { store, mock } = createTestStore();
    mock.onAny().reply(500);
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(
      () =>
        useLoginSubmit(
          () => ({ type: 'test/noop' }),
          () => 'loggedIn',
        ),
      {
        wrapper,
      },
    );
    await expect(result.current('ada@acme.example', 'pw')).resolves.toBeUndefined();
  });
});
