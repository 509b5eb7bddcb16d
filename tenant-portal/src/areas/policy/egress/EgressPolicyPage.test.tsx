// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { casbPolicyIds, egressPolicyIds } from '@workbench/common/test-ids/casbIds';
import { componentIds } from '@workbench/common/test-ids/index';
import { CASB_EGRESS_PATHS } from '@workbench/common/api/contract/casbEgress';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../../testing/renderPortal';
import { fakePolicyServer, type FakePolicyServer } from '../web/fakePolicyServer';
import type { EgressRule } from './egressForm';

afterEach(resetPortalEnv);
jest.setTimeout(120_000);
const LOADED = { timeout: 30_000 };

const RULES = {
  egress_policy: {
    egress_policy: {
      rules: [
        {
          id: 'e1',
          name: 'Tenant restrictions',
          enabled: true,
          conditions: { domain: ['login.microsoftonline.com'] },
          headers: [{ name: 'Restrict-Access-To-Tenants', action: 'insert', value: 'acme.example' }],
        },
      ],
    },
  },
};

function open(role: 'admin' | 'auditor' = 'admin', more?: (mock: MockAdapter) => void) {
  let server: FakePolicyServer | null = null;
  renderPortal({
    path: '/policy/egress/rules',
    user: demoUser(role),
    stubs: (mock) => {
      server = fakePolicyServer(mock, RULES, revision('new', 7));
      mock.onGet(CASB_EGRESS_PATHS.egressControl).reply(200, {
        enabled: true,
        max_rules: 2000,
        max_headers_per_rule: 50,
        max_value_length: 4096,
      });
      mock.onGet(CASB_EGRESS_PATHS.headerBlocklist).reply(200, {
        headers: [
          { name: 'host', reason: 'Names the destination.' },
          { name: 'cookie', reason: "Carries the user's session." },
        ],
      });
      // Last: a test's own handler for the same request replaces the default one.
      more?.(mock);
    },
  });
  return server as unknown as FakePolicyServer;
}

describe('Egress Headers', () => {
  it('adds a header rule: a blocked header and a missing value are refused; the save carries egress_policy', async () => {
    const user = userEvent.setup();
    const server = open();
    await screen.findByText('Tenant restrictions', {}, LOADED);
    expect(await screen.findByTestId(egressPolicyIds.blocklist)).toHaveTextContent('host, cookie');
    await user.click(screen.getByTestId(`${egressPolicyIds.add}-rules`));
    const dialog = await screen.findByRole('dialog', { name: 'New header rule' });
    await user.click(within(dialog).getByTestId(`${casbPolicyIds.field}-name`));
    await user.paste('Strip cookies');
    await user.click(within(dialog).getAllByTestId(componentIds.ruleAccordionNext)[0]);
    const header = within(dialog).getByTestId(`${egressPolicyIds.header}-0-name`);
    await user.click(header);
    await user.paste('Cookie');
    await user.click(within(dialog).getByTestId(`${egressPolicyIds.header}-0-value`));
    await user.tab();
    expect(within(dialog).getByText('This header may not be changed.')).toBeInTheDocument();
    expect(within(dialog).getByText('Required.')).toBeInTheDocument();
    await user.clear(header);
    await user.paste('X-Company');
    await user.click(within(dialog).getByTestId(`${egressPolicyIds.header}-0-value`));
    await user.paste('acme');
    await user.click(within(dialog).getByRole('button', { name: 'Comment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    const data = server.saves[0].body.data as { egress_policy: { rules: EgressRule[] } };
    expect(data.egress_policy.rules.map((r) => r.name)).toEqual(['Tenant restrictions', 'Strip cookies']);
    expect(data.egress_policy.rules[1]).toMatchObject({
      enabled: true,
      conditions: {},
      headers: [{ name: 'X-Company', action: 'insert', value: 'acme' }],
    });
  });

  it('read-only for the auditor', async () => {
    open('auditor');
    await screen.findByText('Tenant restrictions', {}, LOADED);
    expect(screen.queryByTestId(`${egressPolicyIds.add}-rules`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(policyEditorIds.save)).not.toBeInTheDocument();
    expect(screen.getByTestId(`${webPolicyIds.ruleEnabled}-e1`)).toBeDisabled();
  });

  it("a failed read of the egress control warns with the server's message; the rules stay editable", async () => {
    open('admin', (mock) =>
      mock
        .onGet(CASB_EGRESS_PATHS.egressControl)
        .reply(503, { statusCode: 503, error: 'x', message: 'The control is unavailable.' }),
    );
    await screen.findByText('Tenant restrictions', {}, LOADED);
    expect(await screen.findByText(/^The control is unavailable\./)).toBeInTheDocument();
    expect(screen.queryByTestId(egressPolicyIds.control)).not.toBeInTheDocument();
    expect(screen.getByTestId(`${egressPolicyIds.add}-rules`)).toBeEnabled();
  });
});
