/**
 * The terms of service (issue 33 point 6): while accepting is due the portal shows the terms and
 * nothing else; the button waits for the box to be ticked; accepting sends the version shown and
 * then opens the page asked for; a newer version meanwhile is refused by the server, and the page
 * shows the new text to read again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shellIds } from '@workbench/common';
import type { UserInfo } from '@workbench/common/api/contract/auth';
import { TERMS_MESSAGES, TERMS_PATH, type TermsReply } from '@workbench/common/api/contract/terms';
import { acceptTermsIds } from '@workbench/common/test-ids/index';
import { demoUser, renderPortal, resetPortalEnv } from '../testing/renderPortal';
import { ACCEPT_TERMS_TEXTS } from './AcceptTermsStep';

afterEach(resetPortalEnv);

const settled: UserInfo = demoUser('admin');
const pending: UserInfo = { ...settled, pending_steps: ['accept_terms'] };
const terms = (version: string, text: string): TermsReply => ({
  required: true,
  version,
  url: 'https://provider.example/eula',
  text,
  accepted: null,
  due: true,
});

describe('the terms of service step', () => {
  it('shows the terms and nothing else, and accepts only once the box is ticked', async () => {
    let user = pending;
    const { mock, location } = renderPortal({
      path: '/dashboard',
      user: pending,
      stubs: (m) => {
        m.onGet(/\/userinfo$/).reply(() => [200, user]);
        m.onGet(TERMS_PATH).reply(200, terms('2026-11', 'Use the service lawfully.'));
        m.onPut(TERMS_PATH).reply(() => {
          user = settled;
          return [200, { ...terms('2026-11', ''), due: false }];
        });
      },
    });
    const page = await screen.findByTestId(acceptTermsIds.page);
    expect(within(page).getByRole('heading', { name: ACCEPT_TERMS_TEXTS.title })).toBeInTheDocument();
    expect(await within(page).findByTestId(acceptTermsIds.text)).toHaveTextContent(
      'Use the service lawfully.',
    );
    expect(within(page).getByTestId(acceptTermsIds.link)).toHaveAttribute(
      'href',
      'https://provider.example/eula',
    );
    expect(within(page).getByText(/Version 2026-11/)).toBeInTheDocument();
    expect(screen.queryByTestId(shellIds.nav)).not.toBeInTheDocument();

    const submit = within(page).getByTestId(acceptTermsIds.submit);
    expect(submit).toBeDisabled();
    await userEvent.click(within(page).getByTestId(acceptTermsIds.agree));
    expect(submit).toBeEnabled();
    await userEvent.click(submit);

    expect(await screen.findByTestId(shellIds.pageTitle)).toBeInTheDocument();
    expect(screen.queryByTestId(acceptTermsIds.page)).not.toBeInTheDocument();
    expect(location()).toBe('/dashboard');
    const sent = mock.history.put.find((r) => r.url === TERMS_PATH);
    expect(JSON.parse(String(sent?.data))).toEqual({ version: '2026-11' });
  });

  it('a newer version saved meanwhile is refused: the page says so, shows the new text and asks again', async () => {
    let version = '2026-11';
    renderPortal({
      path: '/dashboard',
      user: pending,
      stubs: (m) => {
        m.onGet(TERMS_PATH).reply(() => [200, terms(version, `Terms of ${version}.`)]);
        m.onPut(TERMS_PATH).reply(() => {
          version = '2027-01';
          return [409, { statusCode: 409, message: TERMS_MESSAGES.changed('2027-01'), field: 'version' }];
        });
      },
    });
    const page = await screen.findByTestId(acceptTermsIds.page);
    expect(await within(page).findByText('Terms of 2026-11.')).toBeInTheDocument();
    await userEvent.click(within(page).getByTestId(acceptTermsIds.agree));
    await userEvent.click(within(page).getByTestId(acceptTermsIds.submit));
    // The server's message, with the call's name as every refusal shows it (docs/http-client.md §4).
    expect(await within(page).findByRole('alert')).toHaveTextContent(TERMS_MESSAGES.changed('2027-01'));
    expect(await within(page).findByText('Terms of 2027-01.')).toBeInTheDocument();
    expect(within(page).getByTestId(acceptTermsIds.agree)).not.toBeChecked();
    expect(within(page).getByTestId(acceptTermsIds.submit)).toBeDisabled();
  });

  it('offers to sign out instead', async () => {
    const { location } = renderPortal({
      path: '/dashboard',
      user: pending,
      stubs: (m) => m.onGet(TERMS_PATH).reply(200, terms('1', 'x')),
    });
    await userEvent.click(await screen.findByTestId(acceptTermsIds.signOut));
    await waitFor(() => expect(location()).toBe('/logout'));
  });
});
