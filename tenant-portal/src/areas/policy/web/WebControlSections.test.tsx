// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { webControlIds } from '@workbench/common/test-ids/webControlIds';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../../testing/renderPortal';
import { fakePolicyServer, type FakePolicyServer } from './fakePolicyServer';

jest.mock('./useCategoryGroups', () => ({
  useCategoryGroups: () => [{ name: 'Security', categories: [{ id: 21, name: 'Malware Sites' }] }],
}));

afterEach(resetPortalEnv);
// The whole portal renders with AG Grid and a Formik dialog: slow on a shared machine, so the
// finds wait longer than the default second and each test may take minutes.
configure({ asyncUtilTimeout: 20_000 });
jest.setTimeout(240_000);

/** acme's web-control capabilities (server demoSeed): every flag of these sections on. */
const ALL_FLAGS = {
  rbac: true,
  watermarking: true,
  browsing_forensics: true,
  bandwidth_limits: true,
  daily_bandwidth_quota: true,
};

function open(
  path: string,
  options: {
    role?: 'admin' | 'auditor';
    docs?: FakePolicyServer['docs'];
    capabilities?: Record<string, unknown>;
    stubs?: (mock: MockAdapter) => void;
  } = {},
) {
  let server: FakePolicyServer | null = null;
  const view = renderPortal({
    path,
    user: demoUser(options.role ?? 'admin', options.capabilities ?? ALL_FLAGS),
    stubs: (mock) => {
      server = fakePolicyServer(mock, options.docs ?? {}, revision('new', 7));
      options.stubs?.(mock);
    },
  });
  return { ...view, server: server as unknown as FakePolicyServer };
}

const setting = (name: string) => screen.getByTestId(`${webControlIds.setting}-${name}`);
const section = (path: string) => screen.findByTestId(`${policyEditorIds.section}-${path}`);

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Fills a number or text setting: select all, paste, leave the field. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.tripleClick(field);
  await user.keyboard('{Backspace}');
  if (value) await user.paste(value);
  await user.tab();
}

describe('Copy & paste', () => {
  it('edits the defaults (refusing a bad length), adds a rule, and saves copy_paste_policy', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/web/copy-paste');
    await section('copy-paste');
    await choose(
      user,
      await screen.findByRole('combobox', { name: 'Paste from the device into isolated pages' }),
      'Block',
    );
    await fill(user, setting('max_characters'), '12.5');
    expect(screen.getByText('Enter a whole number.')).toBeInTheDocument();
    await fill(user, setting('max_characters'), '2000000');
    expect(screen.getByText('Enter a number from 1 to 1,000,000.')).toBeInTheDocument();
    await fill(user, setting('max_characters'), '5000');

    await user.click(screen.getByTestId(`${webPolicyIds.ruleAdd}-copy-paste`));
    const dialog = await screen.findByRole('dialog', { name: 'New copy/paste rule' });
    await choose(
      user,
      within(dialog).getByRole('combobox', { name: 'Copy from isolated pages to the device' }),
      'Allow',
    );
    await user.click(within(dialog).getByTestId(webPolicyIds.ruleName));
    await user.paste('Finance may copy');
    await user.click(within(dialog).getByRole('button', { name: 'Who and where' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Groups (one per line)' }));
    await user.paste('finance');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule and comment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Finance may copy')).toBeInTheDocument();

    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    const body = server.saves[0].body;
    expect(body).toMatchObject({ rev_id: 6, state: 'new' });
    expect(body.data).toEqual({
      copy_paste_policy: {
        copy: 'allow',
        paste: 'block',
        max_characters: 5000,
        rules: [
          {
            id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
            name: 'Finance may copy',
            enabled: true,
            conditions: { groups: ['finance'] },
            copy: 'allow',
            paste: 'block',
          },
        ],
      },
      // A kind whose rules can be reordered always carries its moves (none here).
      reorderingEvents: [],
    });
  });

  it('the auditor sees copy & paste read-only: no Save, no Add, disabled fields', async () => {
    open('/policy/web/copy-paste', {
      role: 'auditor',
      docs: {
        copy_paste: {
          copy_paste_policy: {
            copy: 'block',
            paste: 'allow',
            max_characters: 100,
            rules: [
              { id: 'c1', name: 'Legal', enabled: true, conditions: {}, copy: 'allow', paste: 'allow' },
            ],
          },
        },
      },
    });
    expect(await screen.findByText('Legal')).toBeInTheDocument();
    expect(screen.getByTestId(policyEditorIds.status)).toHaveTextContent('Read-only');
    expect(screen.queryByTestId(policyEditorIds.save)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${webPolicyIds.ruleAdd}-copy-paste`)).not.toBeInTheDocument();
    expect(setting('max_characters')).toBeDisabled();
  });
});

describe('Watermark', () => {
  it('refuses an unknown placeholder, previews the text and saves the watermark', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/web/watermark');
    await section('watermark');
    await user.click(setting('enabled'));
    await fill(user, setting('text'), 'Confidential {user}');
    expect(screen.getByText(/Unknown placeholder \{user\}\. Use \{username\}/)).toBeInTheDocument();
    await fill(user, setting('text'), 'Confidential {username}');
    await fill(user, setting('opacity'), '80');
    expect(screen.getByText('Enter a number from 5 to 50.')).toBeInTheDocument();
    await fill(user, setting('opacity'), '30');
    await fill(user, setting('color'), 'red');
    expect(screen.getByText('Enter a colour as #RRGGBB, e.g. #808080.')).toBeInTheDocument();
    await fill(user, setting('color'), '#cc0000');
    expect(screen.getByTestId(webControlIds.watermarkPreview)).toHaveAccessibleName(
      'Preview: Confidential jdoe',
    );
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].body.data).toEqual({
      watermark: {
        enabled: true,
        text: 'Confidential {username}',
        opacity: 30,
        font_size: 16,
        color: '#cc0000',
        rules: [],
      },
    });
  });

  it('a tenant without the watermarking flag has no Watermark tab, and its address is Not found', async () => {
    const { router } = open('/policy/web/watermark', { capabilities: { rbac: true } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404-not-found'));
    await router.navigate('/policy/web/copy-paste');
    expect(await screen.findByRole('tab', { name: 'Copy & paste' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Watermark' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Browsing forensics' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Bandwidth' })).not.toBeInTheDocument();
  });
});

describe('Bandwidth and browsing forensics', () => {
  it('a bandwidth rule needs a limit or a quota; it saves bandwidth.rules', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/web/bandwidth');
    await user.click(await screen.findByTestId(`${webPolicyIds.ruleAdd}-bandwidth`));
    const dialog = await screen.findByRole('dialog', { name: 'New bandwidth rule' });
    await user.click(within(dialog).getByTestId(webPolicyIds.ruleName));
    await user.paste('Video cap');
    const limit = within(dialog).getByRole('textbox', { name: 'Rate limit per user (kbit/s)' });
    await user.click(limit);
    await user.tab();
    expect(within(dialog).getByText('Set a rate limit, a daily quota or both.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: 'Daily quota per user (MB)' }));
    await user.paste('2048');
    await choose(user, within(dialog).getByRole('combobox', { name: 'Direction' }), 'Downloads');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule and comment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('2,048 MB')).toBeInTheDocument();
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].body.data).toEqual({
      bandwidth: {
        rules: [
          expect.objectContaining({
            name: 'Video cap',
            enabled: true,
            conditions: {},
            direction: 'downloads',
            daily_quota_mb: 2048,
          }),
        ],
      },
      reorderingEvents: [],
    });
  });

  it('browsing forensics: switched on and saved as browsing_forensics', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/web/forensics');
    await section('forensics');
    await user.click(setting('enabled'));
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0]).toMatchObject({
      kind: 'bf/web',
      body: { data: { browsing_forensics: { enabled: true, rules: [] } } },
    });
  });
});

describe('A browsing-forensics rule picks a forensics profile', () => {
  const PROFILES = {
    list: [
      { uuid: 'c2b7e5a1-9d3f-4e8a-b6c4-5f0a1d2e3b44', name: 'Standard capture' },
      { uuid: '5e9d1c3b-7a2f-4b6e-8c0d-2a4f6b8d0e55', name: 'Investigations (EU)' },
    ],
    updated_at: '2026-11-01T00:00:00.000Z',
    updated_by: 'admin@acme.example',
  };

  it('offers the tenant’s profiles by name, saves the chosen one’s uuid and lists the rule by the profile’s name', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/web/forensics', {
      stubs: (mock) => mock.onGet('/api/settings/v1/tenants/bf_profiles').reply(200, PROFILES),
    });
    await section('forensics');
    await user.click(await screen.findByTestId(`${webPolicyIds.ruleAdd}-forensics`));
    const dialog = await screen.findByRole('dialog', { name: 'New forensics rule' });
    await user.click(within(dialog).getByTestId(webPolicyIds.ruleName));
    await user.paste('Finance');
    await choose(
      user,
      within(dialog).getByRole('combobox', { name: 'Forensics profile' }),
      'Investigations (EU)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Schedule and comment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Investigations (EU)')).toBeInTheDocument();
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].body.data).toMatchObject({
      browsing_forensics: {
        rules: [
          expect.objectContaining({ name: 'Finance', profile_id: '5e9d1c3b-7a2f-4b6e-8c0d-2a4f6b8d0e55' }),
        ],
      },
    });
  });

  it('names a rule’s profile that is gone as unknown', async () => {
    open('/policy/web/forensics', {
      docs: {
        'bf/web': {
          browsing_forensics: {
            enabled: true,
            rules: [
              {
                id: 'r1',
                name: 'Old',
                enabled: true,
                conditions: {},
                profile_id: '0b6f6a52-3f0e-4c8e-9a57-6c1d2b7e9f10',
              },
            ],
          },
        },
      },
      stubs: (mock) => mock.onGet('/api/settings/v1/tenants/bf_profiles').reply(200, PROFILES),
    });
    expect(
      await screen.findByText('Unknown profile (0b6f6a52-3f0e-4c8e-9a57-6c1d2b7e9f10)'),
    ).toBeInTheDocument();
  });
});

const RULE = {
  id: 'g1',
  name: 'Never isolate the intranet',
  enabled: true,
  action: 'allow',
  conditions: { domain: ['intranet.acme.example'] },
};

describe('Global and parent-global rules', () => {
  it('adds a global exception after the policy and saves pre and post; no parent reads as none', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/web/global-exceptions', {
      docs: { 'web/global_exceptions': { pre: [RULE], post: [] } },
    });
    expect(await screen.findByText('Never isolate the intranet')).toBeInTheDocument();
    // The fake server has no parent document: its 404 reads as nothing set.
    const parent = await section('parent-global-exceptions');
    expect(await within(parent).findByText('No rules set by the parent.')).toBeInTheDocument();
    expect(within(parent).queryByTestId(policyEditorIds.error)).not.toBeInTheDocument();
    // Ownership, not the role, is why nobody here changes it (issue 13).
    expect(within(parent).getByTestId(policyEditorIds.status)).toHaveTextContent(
      'Read-only: the parent tenant sets these rules.',
    );

    await user.click(screen.getByTestId(`${webPolicyIds.ruleAdd}-global-exceptions-post`));
    const dialog = await screen.findByRole('dialog', { name: 'New domain rule' });
    await user.click(within(dialog).getByTestId(webPolicyIds.ruleName));
    await user.paste('Block the rest');
    await user.click(within(dialog).getByRole('button', { name: 'Destinations' }));
    await user.click(within(dialog).getByTestId(webPolicyIds.ruleDomains));
    await user.paste('*.ads.example');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule and comment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(await section('global-exceptions')).getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0]).toMatchObject({
      kind: 'web/global_exceptions',
      body: {
        data: {
          pre: [RULE],
          post: [{ name: 'Block the rest', action: 'block', conditions: { domain: ['*.ads.example'] } }],
        },
      },
    });
  });

  it("shows the parent's global browser rules read-only under the tenant's own", async () => {
    open('/policy/web/global-browsers', {
      docs: {
        parent_global_bnb: {
          pre: {
            list: [
              {
                id: 'p1',
                name: 'No Internet Explorer',
                enabled: true,
                browser: 'internet_explorer',
                action: 'block',
              },
            ],
            unsupported_or_non_browsers: 'allow',
          },
          post: { list: [], unsupported_or_non_browsers: 'block' },
        },
      },
    });
    const parent = await section('parent-global-browsers');
    expect(await within(parent).findByText('No Internet Explorer')).toBeInTheDocument();
    expect(within(parent).queryByTestId(policyEditorIds.save)).not.toBeInTheDocument();
    expect(within(parent).queryByRole('button', { name: 'Add browser rule' })).not.toBeInTheDocument();
    // The tenant's own global browser rules are editable (the kit's: its Add is named by the tab and scope).
    const own = await section('global-browsers');
    expect(within(own).getByTestId(`${webPolicyIds.ruleAdd}-global-browsers-pre`)).toBeInTheDocument();
  });
});

describe('Category migration', () => {
  const versionStubs = (migrate: [number, unknown]) => (mock: MockAdapter) => {
    mock.onGet('/api/policy/v1/category_version').reply(200, { version: 1 });
    mock.onPut('/api/policy/v1/category_migration').reply((config) => {
      puts.push(JSON.parse(config.data as string));
      return migrate;
    });
  };
  let puts: unknown[] = [];
  beforeEach(() => {
    puts = [];
  });

  it('offers the migration on the Categories tab, says what changes, and sends the revision', async () => {
    const user = userEvent.setup();
    open('/policy/web/categories', { stubs: versionStubs([200, { ...revision('staged', 7), rev_id: 6 }]) });
    await user.click(await screen.findByTestId(webControlIds.migrationStart));
    const dialog = await screen.findByTestId(webControlIds.migrationDialog);
    expect(dialog).toHaveTextContent('categories without a replacement are removed');
    await user.click(within(dialog).getByTestId(webControlIds.migrationConfirm));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      rev_id: 6,
      staged_rev_id: 7,
      state: 'new',
      updated_at: '2026-11-20T10:00:00.000Z',
    });
  });

  it('a 409 is shown as the conflict, with a reload', async () => {
    const user = userEvent.setup();
    open('/policy/web/categories', {
      stubs: versionStubs([
        409,
        { statusCode: 409, error: 'Conflict', message: 'bob@acme.example changed the policy at 10:05.' },
      ]),
    });
    await user.click(await screen.findByTestId(webControlIds.migrationStart));
    await user.click(
      within(await screen.findByTestId(webControlIds.migrationDialog)).getByTestId(
        webControlIds.migrationConfirm,
      ),
    );
    const error = await screen.findByTestId(webControlIds.migrationError);
    expect(error).toHaveTextContent(
      'The categories were not migrated: bob@acme.example changed the policy at 10:05.',
    );
    expect(within(error).getByRole('button', { name: 'Reload the policy' })).toBeInTheDocument();
  });

  it('the auditor is told the policy uses the older categories but gets no Migrate', async () => {
    open('/policy/web/categories', { role: 'auditor', stubs: versionStubs([200, {}]) });
    expect(await screen.findByTestId(webControlIds.migration)).toHaveTextContent(
      'your role does not have all three',
    );
    expect(screen.queryByTestId(webControlIds.migrationStart)).not.toBeInTheDocument();
  });
});
