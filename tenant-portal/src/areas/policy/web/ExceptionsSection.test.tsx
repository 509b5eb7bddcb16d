// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../../testing/renderPortal';
import { fakePolicyServer, type FakePolicyServer } from './fakePolicyServer';
import type { WebRule } from './ruleForm';

jest.mock('./useCategoryGroups', () => ({
  useCategoryGroups: () => [{ name: 'Leisure', categories: [{ id: 11, name: 'Gambling' }] }],
}));

afterEach(resetPortalEnv);
// The whole portal renders with AG Grid and a Formik dialog: slow on a shared machine.
jest.setTimeout(240_000);

const rule = (id: string, name: string, domain: string[]): WebRule => ({
  id,
  name,
  enabled: true,
  action: 'block',
  conditions: { domain },
});
const RULES = {
  'web/exceptions': {
    list: [rule('r1', 'Block ads', ['ads.example.com']), rule('r2', 'Isolate news', ['*.news.example'])],
    bypass: ['update.example.com'],
  },
};

function open(path: string) {
  let server: FakePolicyServer | null = null;
  const view = renderPortal({
    path,
    user: demoUser('admin'),
    stubs: (mock) => {
      server = fakePolicyServer(mock, RULES, revision('new', 7));
    },
  });
  return { ...view, server: server as unknown as FakePolicyServer };
}

const savedList = (server: FakePolicyServer, i = 0) =>
  (server.saves[i].body.data as { list: WebRule[] }).list.map((r) => r.id);

describe('Domain rules & exceptions', () => {
  it('adds a rule in the rule accordion (domains one per line, wildcards allowed) and saves it', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/web/exceptions');
    await screen.findByText('Block ads');
    await user.click(screen.getByTestId(`${webPolicyIds.ruleAdd}-exceptions`));
    const dialog = await screen.findByRole('dialog', { name: 'New domain rule' });
    await user.click(within(dialog).getByTestId(webPolicyIds.ruleName));
    await user.paste('Block gambling');
    await user.click(within(dialog).getByRole('button', { name: 'Destinations' }));
    const domains = within(dialog).getByTestId(webPolicyIds.ruleDomains);
    await user.click(domains);
    await user.paste('casino.example\nnot a domain');
    await user.tab();
    expect(
      within(dialog).getByText('Line 2: Enter a domain like example.com or *.example.com.'),
    ).toBeInTheDocument();
    await user.clear(domains);
    await user.paste('casino.example\n*.bets.example');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule and comment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Block gambling')).toBeInTheDocument();
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    const saved = (server.saves[0].body.data as { list: WebRule[] }).list[2];
    expect(saved).toMatchObject({
      name: 'Block gambling',
      action: 'block',
      enabled: true,
      conditions: { domain: ['casino.example', '*.bets.example'] },
    });
    expect(saved.id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('takes the rule condition keys beyond domains: destination and source addresses, browsers, and user database entities picked from its suggestions', async () => {
    const user = userEvent.setup();
    let server: FakePolicyServer | null = null;
    const searched: Array<string | undefined> = [];
    renderPortal({
      path: '/policy/web/exceptions',
      user: demoUser('admin'),
      stubs: (mock) => {
        server = fakePolicyServer(mock, RULES, revision('new', 7));
        mock.onGet('/api/udb-rest/v1/domains').reply(200, ['acme.example', 'globex.example']);
        mock.onGet('/api/udb-rest/v1/usernames').reply((config) => {
          const search = (config.params as { search?: string }).search;
          searched.push(search);
          const all = ['alice@acme.example', 'carol@acme.example', 'dave@globex.example'];
          return [200, all.filter((u) => !search || u.includes(search))];
        });
      },
    });
    await screen.findByText('Block ads');
    await user.click(screen.getByTestId(`${webPolicyIds.ruleAdd}-exceptions`));
    const dialog = await screen.findByRole('dialog', { name: 'New domain rule' });
    await user.click(within(dialog).getByTestId(webPolicyIds.ruleName));
    await user.paste('Lab network');
    await user.click(within(dialog).getByRole('button', { name: 'Destinations' }));
    const dest = within(dialog).getByTestId(webPolicyIds.ruleDestIps);
    await user.click(dest);
    await user.paste('203.0.113.0/24\n10.0.0.0/33');
    await user.tab();
    expect(
      within(dialog).getByText(
        'Line 2: Enter an IPv4 address like 10.0.0.1 or a CIDR block like 10.0.0.0/8.',
      ),
    ).toBeInTheDocument();
    await user.clear(dest);
    await user.paste('203.0.113.0/24');
    await user.click(within(dialog).getByTestId(webPolicyIds.ruleDestIpRanges));
    await user.paste('198.51.100.10-198.51.100.20');
    await user.click(within(dialog).getByRole('button', { name: 'Who and where' }));
    await user.click(within(dialog).getByTestId(webPolicyIds.ruleSourceIps));
    await user.paste('192.168.10.7');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Firefox' }));
    // The entities field suggests the user database's domains and the usernames matching the text.
    const entities = within(dialog).getByTestId(webPolicyIds.ruleEntities);
    await user.click(entities);
    await user.click(await screen.findByRole('option', { name: 'globex.example' }));
    await user.type(entities, 'carol');
    await waitFor(() => expect(searched).toContain('carol'));
    await user.click(await screen.findByRole('option', { name: 'carol@acme.example' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule and comment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByTestId(policyEditorIds.save));
    const fake = server as unknown as FakePolicyServer;
    await waitFor(() => expect(fake.saves).toHaveLength(1));
    expect((fake.saves[0].body.data as { list: WebRule[] }).list[2].conditions).toEqual({
      dest_ips: ['203.0.113.0/24'],
      dest_ip_ranges: ['198.51.100.10-198.51.100.20'],
      source_ips: ['192.168.10.7'],
      browser: ['firefox'],
      entities: ['globex.example', 'carol@acme.example'],
    });
  });

  it('moves a rule down with the keyboard; the save reports the move', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/web/exceptions');
    await screen.findByText('Block ads');
    await user.click(screen.getByRole('button', { name: 'Move Block ads down' }));
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(savedList(server)).toEqual(['r2', 'r1']);
    expect(server.saves[0].body.data).toMatchObject({
      reorderingEvents: [{ rule_id: 'r1', from: 0, to: 1 }],
    });
  });

  it('?rule=<id> opens that rule; Escape closes it and the address forgets it', async () => {
    const user = userEvent.setup();
    const { router } = open('/policy/web/exceptions?rule=r2');
    const dialog = await screen.findByRole('dialog', { name: 'Domain rule: Isolate news' });
    expect(within(dialog).getByTestId(webPolicyIds.ruleName)).toHaveValue('Isolate news');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a 400 shows the server message at the rule and field it names', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/web/exceptions');
    await screen.findByText('Block ads');
    await user.click(screen.getByRole('switch', { name: 'Block ads enabled' }));
    server.failNextSave({
      message: 'data.list.1.conditions.domain.0 is invalid (invalidDomain).',
      field: 'data.list.1.conditions.domain.0',
    });
    await user.click(screen.getByTestId(policyEditorIds.save));
    expect(await screen.findByTestId(policyEditorIds.error)).toHaveTextContent(
      "Rule 'Isolate news': data.list.1.conditions.domain.0 is invalid (invalidDomain).",
    );
    await user.click(screen.getByRole('button', { name: 'Edit Isolate news' }));
    const dialog = await screen.findByRole('dialog', { name: 'Domain rule: Isolate news' });
    expect(
      // Non-production builds append the call name to a server message (docs/http-client.md §4).
      within(dialog).getByText(/^data\.list\.1\.conditions\.domain\.0 is invalid \(invalidDomain\)\./),
    ).toBeInTheDocument();
  });

  describe('another administrator saved the same rules meanwhile (409)', () => {
    async function conflicted() {
      const user = userEvent.setup();
      const ctx = open('/policy/web/exceptions');
      await screen.findByText('Block ads');
      await user.click(screen.getByRole('button', { name: 'Move Isolate news up' }));
      ctx.server.otherAdminSaves('web/exceptions', {
        ...RULES['web/exceptions'],
        list: [rule('r1', 'Block ads', ['ads.example.net'])],
      });
      const theirsAt = ctx.server.revision.updated_at;
      await user.click(screen.getByTestId(policyEditorIds.save));
      const dialog = await screen.findByTestId(policyEditorIds.conflictDialog);
      return { ...ctx, user, dialog, theirsAt };
    }

    it('the dialog names who and when; re-apply saves my version against the fresh revision', async () => {
      const { server, user, dialog, theirsAt } = await conflicted();
      expect(within(dialog).getByTestId(policyEditorIds.conflictWho)).toHaveTextContent(
        'bob@acme.example saved a change to the policy at',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Reload and re-apply my edit' }));
      await waitFor(() => expect(server.saves).toHaveLength(1));
      expect(savedList(server)).toEqual(['r2', 'r1']);
      expect(server.saves[0].body.updated_at).toBe(theirsAt);
      await waitFor(() =>
        expect(screen.queryByTestId(policyEditorIds.conflictDialog)).not.toBeInTheDocument(),
      );
      expect(screen.getByTestId(policyEditorIds.status)).toHaveTextContent('All changes saved.');
    });

    it('discard shows their version and saves nothing', async () => {
      const { server, user, dialog } = await conflicted();
      await user.click(within(dialog).getByRole('button', { name: 'Discard my edit' }));
      await waitFor(() => expect(screen.queryByText('Isolate news')).not.toBeInTheDocument());
      expect(screen.getByText('ads.example.net')).toBeInTheDocument();
      expect(server.saves).toHaveLength(0);
    });
  });
});
