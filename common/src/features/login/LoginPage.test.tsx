// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginIds, snackbarIds } from '../../test-ids';
import { ApiCallError } from '../../api/ApiCallError';
import { LoginPage, loginFailureText, returnUrlFromLocation } from './LoginPage';
import { PRODUCT_NAME } from '../../components/product-mark/ProductMark';

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (e: unknown) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  name = 'admin@acme.example',
  pw = 'secret',
) {
  await user.type(screen.getByLabelText('User'), name);
  await user.type(screen.getByLabelText('Password'), pw);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage (docs/shared-ui.md §1 Login page)', () => {
  afterEach(() => jest.useRealTimers());

  test("Shows the application name as heading (default text 'Portal'), the fields User and Password, a Login button", () => {
    const { unmount } = render(<LoginPage onSubmit={() => Promise.resolve()} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Portal');
    expect(screen.getByLabelText('User')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    unmount();
    render(<LoginPage appName="Provider Console" onSubmit={() => Promise.resolve()} />);
    expect(screen.getByTestId(loginIds.heading)).toHaveTextContent('Provider Console');
  });

  test('names the product above the application name (issue 31)', () => {
    render(<LoginPage appName="Provider Console" onSubmit={() => Promise.resolve()} />);
    const form = screen.getByRole('form', { name: 'Provider Console' });
    const product = within(form).getByText(PRODUCT_NAME);
    expect(PRODUCT_NAME).toBe('Workbench');
    // Before the heading, in reading order.
    expect(product.compareDocumentPosition(screen.getByTestId(loginIds.heading))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  test('a progress bar visible while signing in (progress on while submitting, off when a result arrives)', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const onSubmit = jest.fn((_u: string, _p: string) => pending.promise);
    render(<LoginPage onSubmit={onSubmit} onSuccess={() => undefined} returnUrl={null} />);
    expect(screen.queryByTestId(loginIds.progress)).not.toBeInTheDocument();
    await fillAndSubmit(user);
    expect(onSubmit).toHaveBeenCalledWith('admin@acme.example', 'secret');
    expect(screen.getByTestId(loginIds.progress)).toBeInTheDocument();
    await act(async () => pending.resolve());
    expect(screen.queryByTestId(loginIds.progress)).not.toBeInTheDocument();
  });

  test('Enter in the password field submits the form', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn((_u: string, _p: string) => Promise.resolve());
    render(<LoginPage onSubmit={onSubmit} onSuccess={() => undefined} />);
    await user.type(screen.getByLabelText('User'), 'u');
    await user.type(screen.getByLabelText('Password'), 'p{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('u', 'p');
  });

  test('No client-side rules: empty fields are submitted as they are', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn((_u: string, _p: string) => Promise.resolve());
    render(<LoginPage onSubmit={onSubmit} onSuccess={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onSubmit).toHaveBeenCalledWith('', '');
  });

  test('On success it navigates to the returnUrl query parameter, or to the root if the parameter is absent', async () => {
    const user = userEvent.setup();
    const onSuccess = jest.fn();
    window.location.hash = '#/login?returnUrl=%2Flogs%2Fweb';
    const { unmount } = render(<LoginPage onSubmit={() => Promise.resolve()} onSuccess={onSuccess} />);
    await fillAndSubmit(user);
    expect(onSuccess).toHaveBeenCalledWith('/logs/web');
    unmount();
    window.location.hash = '#/login';
    render(<LoginPage onSubmit={() => Promise.resolve()} />);
    await fillAndSubmit(user);
    expect(window.location.hash).toBe('#/');
  });

  test('Login failure: top snackbar for 3 seconds with the error message, $1 replaced with the delay', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSubmit = jest.fn(() =>
      Promise.reject({ msg: 'Too many failed sign-in attempts. Try again in $1 seconds.', delay: 30 }),
    );
    const onSuccess = jest.fn();
    render(<LoginPage onSubmit={onSubmit} onSuccess={onSuccess} />);
    await fillAndSubmit(user);
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent(
      'Too many failed sign-in attempts. Try again in 30 seconds.',
    );
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.queryByTestId(loginIds.progress)).not.toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(2500);
    });
    expect(screen.getByTestId(snackbarIds.top)).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(600);
    });
    expect(screen.queryByTestId(snackbarIds.top)).not.toBeInTheDocument();
  });

  test('the top snackbar has a Close button', async () => {
    const user = userEvent.setup();
    render(<LoginPage onSubmit={() => Promise.reject({})} />);
    await fillAndSubmit(user);
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent('An error occurred.');
    await user.click(screen.getByTestId(snackbarIds.close));
    expect(screen.queryByTestId(snackbarIds.top)).not.toBeInTheDocument();
  });
});

describe('login failure text (docs/shared-ui.md §1)', () => {
  test("the error message, or the server's msg field, or 'An error occurred.'", () => {
    expect(loginFailureText({ message: 'Network Error', msg: 'ignored' })).toBe('Network Error');
    expect(loginFailureText({ msg: 'Invalid user name or password.' })).toBe(
      'Invalid user name or password.',
    );
    expect(loginFailureText({})).toBe('An error occurred.');
    expect(loginFailureText(undefined)).toBe('An error occurred.');
  });

  test("an ApiCallError's reply body is the server's own words", () => {
    const e = new ApiCallError({
      message: 'Invalid user name or password. (login)',
      callName: 'login',
      status: 401,
      data: { msg: 'Invalid user name or password.' },
    });
    expect(loginFailureText(e)).toBe('Invalid user name or password.');
  });

  test("If the text contains a $1 placeholder it is replaced with the server's delay value", () => {
    const e = new ApiCallError({
      message: 'x',
      callName: 'login',
      status: 429,
      data: { msg: 'Try again in $1 seconds.', delay: 12 },
    });
    expect(loginFailureText(e)).toBe('Try again in 12 seconds.');
  });

  test('returnUrl comes from the hash route query, else the page query', () => {
    expect(returnUrlFromLocation({ hash: '#/login?returnUrl=%2Fpolicy', search: '' })).toBe('/policy');
    expect(returnUrlFromLocation({ hash: '', search: '?returnUrl=/settings' })).toBe('/settings');
    expect(returnUrlFromLocation({ hash: '#/login', search: '' })).toBeNull();
  });
});
