// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { casbPolicyIds } from '@workbench/common/test-ids/casbIds';
import { componentIds } from '@workbench/common/test-ids/index';
import { CASB_EGRESS_PATHS, type DiscoveredApp } from '@workbench/common/api/contract/casbEgress';
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../../testing/renderPortal';
import { fakePolicyServer, type FakePolicyServer } from '../web/fakePolicyServer';
import type { AppRule, DomainList } from './casbForms';

afterEach(resetPortalEnv);
/** The page's chunk loads on first use: on a busy machine that takes more than the default second. */
const LOADED = { timeout: 30_000 };
// The whole portal renders with AG Grid and a Formik dialog: slow on a shared machine.
jest.setTimeout(120_000);

const app = (id: string, name: string, requests: number): DiscoveredApp => ({
  id,
  name,
  category: 'Cloud storage',
  domains: [`${id}.example`],
  score: requests > 0 ? 58 : 90,
  risk: requests > 0 ? 'medium' : 'low',
  requests,
  users: requests ? 2 : 0,
  profile_type: requests ? 'unsanctioned' : null,
});
const APPS = [app('dropbox', 'Dropbox', 40), app('box', 'Box', 0)];

const DOCS: Partial<Record<PolicyKind, unknown>> = {
  'casb/app_rules': {
    appRules: [
      {
        id: 'r1',
        name: 'Block uploads',
        enabled: true,
        conditions: {},
        profile_id: 'p1',
        activities: ['upload'],
        action: 'block',
      },
      {
        id: 'r2',
        name: 'Isolate sharing',
        enabled: true,
        conditions: { groups: ['Sales'] },
        profile_id: 'p1',
        activities: ['share'],
        action: 'safeview',
      },
    ],
  },
  'casb/profiles': {
    profiles: {
      list: [
        { id: 'p1', name: 'Other storage', type: 'unsanctioned', apps: ['dropbox'], tenant_restrictions: [] },
      ],
    },
  },
};

function open(path: string, role: 'admin' | 'auditor' = 'admin', more?: (mock: MockAdapter) => void) {
  let server: FakePolicyServer | null = null;
  const view = renderPortal({
    path,
    user: demoUser(role),
    stubs: (mock) => {
      server = fakePolicyServer(mock, DOCS, revision('new', 7));
      mock.onGet(CASB_EGRESS_PATHS.discoveredApps).reply(200, { start: 0, end: 1, apps: APPS });
      // Last: a test's own handler for the same request replaces the default one.
      more?.(mock);
    },
  });
  return { ...view, server: server as unknown as FakePolicyServer };
}

describe('Cloud Apps Policy: app rules', () => {
  it('adds a rule in the accordion (profile, activities), shows the validation text, saves the payload', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/casb/app-rules');
    await screen.findByText('Block uploads', {}, LOADED);
    // Reorder with the keyboard-reachable buttons.
    await user.click(screen.getByRole('button', { name: 'Move Block uploads down' }));
    await user.click(screen.getByTestId(`${casbPolicyIds.add}-app-rules`));
    const dialog = await screen.findByRole('dialog', { name: 'New app rule' });
    const name = within(dialog).getByTestId(`${casbPolicyIds.field}-name`);
    await user.click(name);
    await user.tab();
    expect(within(dialog).getByText('Required.')).toBeInTheDocument();
    await user.click(name);
    await user.paste('Block downloads');
    // A new rule opens its panels in turn: Next from the Rule panel.
    await user.click(within(dialog).getAllByTestId(componentIds.ruleAccordionNext)[0]);
    fireEvent.change(within(dialog).getByTestId(`${casbPolicyIds.field}-profile_id`), {
      target: { value: 'p1' },
    });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Download: Applies' }));
    await user.click(within(dialog).getByRole('button', { name: 'Comment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Block downloads')).toBeInTheDocument();
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    const body = server.saves[0].body;
    expect(body).toMatchObject({ rev_id: 6, state: 'new', updated_at: '2026-11-20T10:00:00.000Z' });
    const data = body.data as { appRules: AppRule[] };
    expect(data.appRules.map((r) => r.name)).toEqual(['Isolate sharing', 'Block uploads', 'Block downloads']);
    expect(data.appRules[2]).toMatchObject({
      profile_id: 'p1',
      activities: ['upload', 'download', 'share'],
      action: 'block',
      enabled: true,
      conditions: {},
    });
    expect(data.appRules[2].id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('read-only for the auditor: no Add, no Save, switches disabled, the rule opens read-only', async () => {
    const user = userEvent.setup();
    open('/policy/casb/app-rules', 'auditor');
    await screen.findByText('Block uploads', {}, LOADED);
    expect(screen.queryByTestId(`${casbPolicyIds.add}-app-rules`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(policyEditorIds.save)).not.toBeInTheDocument();
    expect(screen.getByTestId(`${webPolicyIds.ruleEnabled}-r1`)).toBeDisabled();
    await user.click(screen.getByTestId(`${webPolicyIds.ruleEdit}-r1`));
    const dialog = await screen.findByRole('dialog', { name: 'App rule: Block uploads' });
    expect(within(dialog).getByTestId(`${casbPolicyIds.field}-name`)).toBeDisabled();
    expect(within(dialog).getByTestId(componentIds.ruleAccordionSave)).toBeDisabled();
  });
});

describe('Cloud Apps Policy: unsanctioned domain lists', () => {
  it("Apply asks validate_ddl_domains; a refused line shows the server's reason; a clean list is saved", async () => {
    const user = userEvent.setup();
    const checks: unknown[] = [];
    const { server } = open('/policy/casb/domain-lists', 'admin', (mock) =>
      mock.onPost(CASB_EGRESS_PATHS.validateDdlDomains).reply((config) => {
        const body = JSON.parse(config.data as string) as { domains: string[] };
        checks.push(body);
        const dup = body.domains.indexOf('mega.nz', body.domains.indexOf('mega.nz') + 1);
        return [
          200,
          {
            checked: body.domains.length,
            valid: body.domains.length - (dup > 0 ? 1 : 0),
            invalid:
              dup > 0
                ? [
                    {
                      index: dup,
                      domain: 'mega.nz',
                      reason: 'duplicate',
                      message: 'The domain is listed more than once.',
                    },
                  ]
                : [],
          },
        ];
      }),
    );
    await screen.findByText('No unsanctioned domain lists yet.', {}, LOADED);
    await user.click(screen.getByTestId(`${casbPolicyIds.add}-domain-lists`));
    const dialog = await screen.findByRole('dialog', { name: 'New domain list' });
    await user.click(within(dialog).getByTestId(`${casbPolicyIds.field}-name`));
    await user.paste('File sharing');
    const domains = within(dialog).getByTestId(`${casbPolicyIds.field}-domains`);
    await user.click(domains);
    await user.paste('mega.nz\nnot a domain');
    await user.tab();
    expect(
      within(dialog).getByText('Line 2: Enter a domain like example.com or *.example.com.'),
    ).toBeInTheDocument();
    await user.clear(domains);
    await user.paste('mega.nz\n*.sendspace.com\nmega.nz');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(
      await within(dialog).findByText('Line 3 (mega.nz): The domain is listed more than once.'),
    ).toBeInTheDocument();
    await user.clear(domains);
    await user.paste('mega.nz\n*.sendspace.com');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(checks).toEqual([
      { domains: ['mega.nz', '*.sendspace.com', 'mega.nz'] },
      { domains: ['mega.nz', '*.sendspace.com'] },
    ]);
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    const data = server.saves[0].body.data as { domain_lists: DomainList[]; profiles: unknown };
    expect(data.profiles).toEqual((DOCS['casb/profiles'] as { profiles: unknown }).profiles);
    expect(data.domain_lists).toEqual([
      { id: expect.any(String), name: 'File sharing', domains: ['mega.nz', '*.sendspace.com'] },
    ]);
  });
});

describe('Cloud Apps Policy: app discovery', () => {
  it('lists the apps seen with their reputation; hiding one is saved in the document; insights open', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/casb/discovery', 'admin', (mock) =>
      mock.onGet(CASB_EGRESS_PATHS.appRepInsights.replace('{id}', 'dropbox')).reply(200, {
        app: APPS[0],
        reputation: {
          score: 58,
          risk: 'medium',
          factors: [{ name: 'Anonymous sharing', positive: false, detail: 'Links open files to anyone.' }],
        },
        activity: [{ activity: 'upload', requests: 30 }],
        top_users: [{ user: 'ann', requests: 25 }],
      }),
    );
    expect(await screen.findByText('Dropbox', {}, LOADED)).toBeInTheDocument();
    // Box was not seen in the period: not in the discovered list.
    expect(screen.queryByText('Box')).not.toBeInTheDocument();
    expect(screen.getByText('58 · Medium risk')).toBeInTheDocument();
    await user.click(screen.getByTestId(`${casbPolicyIds.insights}-dropbox`));
    const dialog = await screen.findByRole('dialog', { name: 'Dropbox: reputation insights' });
    expect(await within(dialog).findByText('− Anonymous sharing')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByTestId(`${casbPolicyIds.hide}-dropbox`));
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].body.data).toEqual({ app_discovery: { enabled: true, hidden_apps: ['dropbox'] } });
  });

  it("a failed read of the discovered apps shows the server's message; Retry reads them again", async () => {
    const user = userEvent.setup();
    let busy = true;
    open('/policy/casb/discovery', 'admin', (mock) =>
      mock
        .onGet(CASB_EGRESS_PATHS.discoveredApps)
        .reply(() =>
          busy
            ? [503, { statusCode: 503, error: 'x', message: 'The catalogue is busy.' }]
            : [200, { start: 0, end: 1, apps: APPS }],
        ),
    );
    // A server error carries the call's name after the server's message (docs/http-client.md §4).
    expect(await screen.findByText(/^The catalogue is busy\./, {}, LOADED)).toBeInTheDocument();
    busy = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Dropbox', {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByText(/^The catalogue is busy\./)).not.toBeInTheDocument();
  });
});
