/** The policy welcome: shown on-prem when the start switched the portal to v2; leads to Policy. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shellIds } from '@workbench/common';
import { policyWelcomeIds } from '@workbench/common/test-ids/index';
import { demoUser, renderPortal, resetPortalEnv } from '../testing/renderPortal';
import { POLICY_WELCOME_TEXTS } from './PolicyWelcome';

afterEach(resetPortalEnv);

const managementStation = (portalV2: boolean) =>
  ({
    path: '/dashboard',
    user: demoUser('admin'),
    deployment: 'on_prem',
    mode: 'management_station',
    stubs: (m) => {
      m.onGet('/api/policy/v1/portal_version').reply(200, { portal_v2: portalV2 });
      m.onPut('/api/policy/v1/portal_version').reply(200, { portal_v2: true });
    },
  }) as Parameters<typeof renderPortal>[0];

describe('policy welcome', () => {
  it('on a management station the start switches to v2 and welcomes; Open Policy goes there and closes it', async () => {
    const view = renderPortal(managementStation(false));
    expect(await screen.findByText(POLICY_WELCOME_TEXTS.title)).toBeInTheDocument();
    expect(view.mock.history.put.map((r) => r.url)).toContain('/api/policy/v1/portal_version');
    await userEvent.click(screen.getByTestId(policyWelcomeIds.open));
    await waitFor(() => expect(view.location()).toMatch(/^\/policy/));
    await waitFor(() => expect(screen.queryByText(POLICY_WELCOME_TEXTS.title)).not.toBeInTheDocument());
  });

  it('Close dismisses it and stays on the page', async () => {
    const view = renderPortal(managementStation(false));
    await screen.findByText(POLICY_WELCOME_TEXTS.title);
    await userEvent.click(screen.getByTestId(policyWelcomeIds.close));
    await waitFor(() => expect(screen.queryByText(POLICY_WELCOME_TEXTS.title)).not.toBeInTheDocument());
    expect(view.location()).toBe('/dashboard');
  });

  it('no welcome when the portal was already v2', async () => {
    renderPortal(managementStation(true));
    expect(await screen.findByTestId(shellIds.pageTitle)).toHaveTextContent('Dashboard');
    expect(screen.queryByText(POLICY_WELCOME_TEXTS.title)).not.toBeInTheDocument();
  });
});
