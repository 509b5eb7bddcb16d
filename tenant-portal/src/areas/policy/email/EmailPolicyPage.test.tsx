// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { policyEditorIds, policyFamilyIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { emailPolicyIds } from '@workbench/common/test-ids/emailPolicyIds';
import { componentIds, navItemId } from '@workbench/common';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../../testing/renderPortal';
import { SAFEMAIL_WHITELIST_PATHS } from '@workbench/common/api/contract/safemailWhitelist';
import { emailTestServer, type EmailTestServer } from './emailTestServer';

jest.mock('./useEmailCategoryGroups', () => ({
  useEmailCategoryGroups: () => [{ name: 'Security', categories: [{ id: 21, name: 'Malware Sites' }] }],
}));

afterEach(resetPortalEnv);
// The whole portal renders with AG Grid and Formik dialogs: slow on a shared machine.
jest.setTimeout(120_000);

const EMAIL_CAPS = { rbac: true, safemailPolicy: true, email_attachments: true };

function open(
  path: string,
  options: {
    role?: 'admin' | 'auditor';
    caps?: Record<string, unknown>;
    docs?: EmailTestServer['docs'];
  } = {},
) {
  let server: EmailTestServer | null = null;
  renderPortal({
    path,
    user: demoUser(options.role ?? 'admin', options.caps ?? EMAIL_CAPS),
    stubs: (mock) => {
      server = emailTestServer(mock, options.docs ?? {}, revision('new', 7));
    },
  });
  return server as unknown as EmailTestServer;
}

const section = (path: string) => screen.findByTestId(`${policyEditorIds.section}-${path}`);
type User = ReturnType<typeof userEvent.setup>;

async function fill(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
  await user.tab();
}

/** The rule accordion's Apply is on its last panel (Comment). */
async function applyRule(user: User, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Comment' }));
  const apply = within(dialog).getByTestId(componentIds.ruleAccordionSave);
  await waitFor(() => expect(apply).toBeEnabled());
  await user.click(apply);
}

async function save(user: User, server: EmailTestServer, count = 1) {
  await user.click(screen.getByTestId(policyEditorIds.save));
  await waitFor(() => expect(server.saves).toHaveLength(count));
  return server.saves[count - 1];
}

describe('Email Policy: settings', () => {
  it('refuses a number out of bounds (the draft keeps the last good one) and saves the settings', async () => {
    const user = userEvent.setup();
    const server = open('/policy/email/settings');
    const region = within(await section('settings'));
    const expiry = region.getByTestId(`${emailPolicyIds.settingsField}-config.link_expiry_days`);
    expect(expiry).toHaveValue('365');
    await fill(user, expiry, '5000');
    expect(region.getByText('Enter a number from 1 to 3650.')).toBeInTheDocument();
    expect(screen.getByTestId(policyEditorIds.save)).toBeDisabled();
    await fill(user, expiry, '90');
    await user.click(region.getByTestId(`${emailPolicyIds.settingsField}-quarantine_spec.enabled`));
    await user.click(region.getByRole('combobox', { name: 'Digest to recipients every' }));
    await user.click(await screen.findByRole('option', { name: '1 hour' }));
    const saved = await save(user, server);
    expect(saved.kind).toBe('safemail/config');
    expect(saved.body).toMatchObject({ rev_id: 6, state: 'new', updated_at: '2026-11-20T10:00:00.000Z' });
    expect(saved.body.data).toEqual({
      config: {
        rewrite_links: true,
        isolate_attachments: true,
        external_banner: false,
        fail_open: true,
        link_expiry_days: 90,
      },
      quarantine_spec: {
        enabled: true,
        retention_days: 30,
        release_by: 'admin',
        digest_frequency_ms: 3600000,
      },
      safemail_url_obfuscation: { enabled: false, show_original_domain: true },
    });
  });

  it('shows the conflict dialog when another administrator saved first', async () => {
    const user = userEvent.setup();
    const server = open('/policy/email/settings');
    const region = within(await section('settings'));
    await user.click(region.getByTestId(`${emailPolicyIds.settingsField}-config.external_banner`));
    server.otherAdminSaves('safemail/config', {
      config: {
        rewrite_links: false,
        isolate_attachments: true,
        external_banner: false,
        fail_open: true,
        link_expiry_days: 365,
      },
      quarantine_spec: {
        enabled: false,
        retention_days: 30,
        release_by: 'admin',
        digest_frequency_ms: 86400000,
      },
      safemail_url_obfuscation: { enabled: false, show_original_domain: true },
    });
    await user.click(screen.getByTestId(policyEditorIds.save));
    const dialog = await screen.findByTestId(policyEditorIds.conflictDialog);
    expect(within(dialog).getByTestId(policyEditorIds.conflictWho)).toHaveTextContent('bob@acme.example');
    expect(server.saves).toHaveLength(0);
  });
});

describe('Email Policy: allowed senders', () => {
  it('checks a sender by its type, adds a popular site, saves, and reports unsolicited mail', async () => {
    const user = userEvent.setup();
    const server = open('/policy/email/allow-list');
    await user.click(await screen.findByTestId(`${webPolicyIds.ruleAdd}-allow-list`));
    let dialog = await screen.findByRole('dialog', { name: 'New allowed sender' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'E-mail address' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Sender' }), 'partner.example');
    expect(within(dialog).getByText('Enter an e-mail address like name@example.com.')).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Sender' }), 'CEO@Partner.example');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await screen.findByText('ceo@partner.example');
    await user.click(screen.getByTestId(emailPolicyIds.popularSitesLoad));
    await user.click(await screen.findByTestId(`${emailPolicyIds.popularSiteAdd}-zoom.us`));
    const saved = await save(user, server);
    expect(saved.kind).toBe('safemail/whitelist');
    expect((saved.body.data as { list: unknown[] }).list).toEqual([
      { id: expect.any(String), type: 'email', value: 'ceo@partner.example' },
      { id: expect.any(String), type: 'domain', value: 'zoom.us', comment: 'Popular site #2' },
    ]);

    await user.click(screen.getByTestId(emailPolicyIds.uceOpen));
    dialog = await screen.findByTestId(emailPolicyIds.uceDialog);
    await fill(user, within(dialog).getByRole('textbox', { name: /Domain/ }), 'not a domain');
    expect(within(dialog).getByText('Enter a domain like example.com.')).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('textbox', { name: /Domain/ }), 'Deals.Example');
    await user.click(within(dialog).getByTestId(emailPolicyIds.uceSubmit));
    await waitFor(() => expect(server.uce).toEqual([{ type: 'domain', value: 'deals.example' }]));
    expect(await screen.findByText('Reported deals.example for review.')).toBeInTheDocument();
  });

  it('a failed popular-sites read offers Retry; a refused report keeps the dialog open with the reason', async () => {
    const user = userEvent.setup();
    let server: EmailTestServer | null = null;
    renderPortal({
      path: '/policy/email/allow-list',
      user: demoUser('admin', EMAIL_CAPS),
      stubs: (mock) => {
        // First: the first matching handler answers, and a replyOnce answers once.
        mock
          .onGet(SAFEMAIL_WHITELIST_PATHS.feeds)
          .replyOnce(503, { statusCode: 503, error: 'x', message: 'The feed is down.' });
        mock.onPost(SAFEMAIL_WHITELIST_PATHS.uce).replyOnce(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'deals.example is already reported.',
        });
        server = emailTestServer(mock, {}, revision('new', 7));
      },
    });
    await user.click(await screen.findByTestId(emailPolicyIds.popularSitesLoad, {}, { timeout: 30_000 }));
    const sites = screen.getByTestId(emailPolicyIds.popularSites);
    expect(await within(sites).findByText(/^The feed is down\./)).toBeInTheDocument();
    await user.click(within(sites).getByRole('button', { name: 'Retry' }));
    expect(await within(sites).findByText('zoom.us')).toBeInTheDocument();

    await user.click(screen.getByTestId(emailPolicyIds.uceOpen));
    const dialog = await screen.findByTestId(emailPolicyIds.uceDialog);
    await fill(user, within(dialog).getByRole('textbox', { name: /Domain/ }), 'deals.example');
    await user.click(within(dialog).getByTestId(emailPolicyIds.uceSubmit));
    // Outside production the call's name follows the server's message (docs/http-client.md §4).
    expect(await within(dialog).findByText(/^deals\.example is already reported\./)).toBeInTheDocument();
    expect((server as unknown as EmailTestServer).uce).toEqual([]);
    await user.click(within(dialog).getByTestId(emailPolicyIds.uceSubmit));
    await waitFor(() => expect(screen.queryByTestId(emailPolicyIds.uceDialog)).not.toBeInTheDocument());
    expect((server as unknown as EmailTestServer).uce).toEqual([{ type: 'domain', value: 'deals.example' }]);
  });
});

describe('Email Policy: link isolation', () => {
  it('sets a classification, refuses a bad recipient, adds and reorders rules', async () => {
    const user = userEvent.setup();
    const server = open('/policy/email/link-isolation', {
      docs: {
        'safemail/isolation': {
          list: [
            {
              id: 'r1',
              name: 'Vendors direct',
              enabled: true,
              senders: ['vendor.example'],
              recipients: [],
              categories: [],
              action: 'allow',
            },
            {
              id: 'r2',
              name: 'Partners direct',
              enabled: true,
              senders: ['partner.example'],
              recipients: [],
              categories: [],
              action: 'allow',
            },
          ],
          safemail_classification: [],
        },
      },
    });
    await section('link-isolation');
    await user.click(screen.getByRole('combobox', { name: 'Phishing links' }));
    await user.click(await screen.findByRole('option', { name: 'Isolate' }));
    await user.click(screen.getByTestId(`${webPolicyIds.ruleAdd}-link-isolation`));
    const dialog = await screen.findByRole('dialog', { name: 'New link isolation rule' });
    await fill(user, within(dialog).getByTestId(webPolicyIds.ruleName), 'Finance isolated');
    await user.click(within(dialog).getByRole('button', { name: /Senders, recipients and sites/ }));
    const recipients = within(dialog).getByRole('textbox', { name: /Recipients/ });
    await fill(user, recipients, 'ap@acme.example\nnot-an-address');
    expect(
      within(dialog).getByText('Line 2: Enter an e-mail address like name@example.com.'),
    ).toBeInTheDocument();
    await fill(user, recipients, 'ap@acme.example');
    await applyRule(user, dialog);
    await screen.findByText('Finance isolated');
    await user.click(screen.getByRole('button', { name: 'Move Partners direct up' }));
    const saved = await save(user, server);
    const data = saved.body.data as { list: Array<{ name: string }>; safemail_classification: unknown[] };
    expect(data.list.map((r) => r.name)).toEqual(['Partners direct', 'Vendors direct', 'Finance isolated']);
    expect(data.list[2]).toMatchObject({
      senders: [],
      recipients: ['ap@acme.example'],
      categories: [],
      action: 'safeview',
      enabled: true,
    });
    expect(data.safemail_classification).toEqual([
      { classification: 'trusted', action: 'allow' },
      { classification: 'unknown', action: 'safeview' },
      { classification: 'suspicious', action: 'safeview' },
      { classification: 'malicious', action: 'block' },
      { classification: 'phishing', action: 'safeview' },
    ]);
    // The reorder is reported to the server (audited as reorder).
    expect(JSON.stringify(saved.body.data)).toContain('reorderingEvents');
  });
});

describe('Email Policy: mobile, phishing targets', () => {
  it('a mobile rule needs a platform; a phishing target is listed once', async () => {
    const user = userEvent.setup();
    const server = open('/policy/email/mobile');
    await user.click(await screen.findByTestId(`${webPolicyIds.ruleAdd}-mobile`));
    // The kit draws the rule (its view row names its entries rules; its schema orders the fields).
    const dialog = await screen.findByRole('dialog', { name: 'New rule' });
    await fill(user, within(dialog).getByTestId(webPolicyIds.ruleName), 'Phones isolated');
    await user.click(within(dialog).getByRole('button', { name: /Platforms and senders/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'iOS' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Android' }));
    expect(within(dialog).getByText('Platforms: choose at least one.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Other' }));
    await applyRule(user, dialog);
    await screen.findByText('Phones isolated');
    const saved = await save(user, server);
    expect((saved.body.data as { list: unknown[] }).list).toEqual([
      {
        id: expect.any(String),
        name: 'Phones isolated',
        enabled: true,
        senders: [],
        action: 'safeview',
        platforms: ['other'],
      },
    ]);

    await user.click(screen.getByTestId(`${policyFamilyIds('email').tab}-phishing-targets`));
    await user.click(await screen.findByTestId(`${webPolicyIds.ruleAdd}-phishing-targets`));
    const target = await screen.findByRole('dialog', { name: 'New phishing target' });
    await fill(user, within(target).getByRole('textbox', { name: 'E-mail address' }), 'CFO@acme.example');
    await fill(
      user,
      within(target).getByRole('textbox', { name: 'Name or role' }),
      'Chief Financial Officer',
    );
    await user.click(within(target).getByRole('button', { name: 'Apply' }));
    await screen.findByText('cfo@acme.example');
    await user.click(screen.getByTestId(`${webPolicyIds.ruleAdd}-phishing-targets`));
    const again = await screen.findByRole('dialog', { name: 'New phishing target' });
    await fill(user, within(again).getByRole('textbox', { name: 'E-mail address' }), 'cfo@acme.example');
    expect(within(again).getByText('This is listed already.')).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    const second = await save(user, server, 2);
    expect(second.body.data).toEqual({
      list: [{ id: expect.any(String), email: 'cfo@acme.example', name: 'Chief Financial Officer' }],
    });
  });
});

describe('Email Policy: SMTP users and attachments', () => {
  it('an identity source needs valid domains; a users list picks directory users by group', async () => {
    const user = userEvent.setup();
    const server = open('/policy/email/smtp-users');
    await user.click(await screen.findByTestId(`${webPolicyIds.ruleAdd}-identity-sources`));
    const dialog = await screen.findByRole('dialog', { name: 'New identity source' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Corporate directory');
    const domains = within(dialog).getByRole('textbox', { name: 'Mail domains (comma-separated)' });
    await fill(user, domains, 'acme.example, bad_domain');
    expect(within(dialog).getByText('Value 2: Enter a domain like example.com.')).toBeInTheDocument();
    await fill(user, domains, 'acme.example, eu.acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await screen.findByText('Corporate directory');

    await user.click(screen.getByTestId(`${webPolicyIds.ruleAdd}-users-lists`));
    const list = await screen.findByRole('dialog', { name: 'New users list' });
    await fill(user, within(list).getByRole('textbox', { name: 'Name' }), 'Finance');
    await waitFor(() =>
      expect(within(list).getAllByRole('checkbox', { name: 'cfo@acme.example' }).length).toBeGreaterThan(0),
    );
    await user.click(within(list).getAllByRole('checkbox', { name: 'ap@acme.example' })[0]);
    await user.click(within(list).getByRole('button', { name: 'Add to selected' }));
    await fill(
      user,
      within(list).getByRole('textbox', { name: 'Other addresses (one per line)' }),
      'auditor@external.example',
    );
    await user.click(within(list).getByRole('button', { name: 'Apply' }));
    await screen.findByText('Finance');
    const saved = await save(user, server);
    expect(saved.body.data).toEqual({
      identitySourceLists: [
        {
          id: expect.any(String),
          name: 'Corporate directory',
          type: 'azure_ad',
          domains: ['acme.example', 'eu.acme.example'],
        },
      ],
      usersLists: [
        { id: expect.any(String), name: 'Finance', users: ['ap@acme.example', 'auditor@external.example'] },
      ],
      tid: '',
    });
  });

  it('refuses to delete a content type a group uses, and switches an engine on', async () => {
    const user = userEvent.setup();
    const server = open('/policy/email/attachments');
    await section('attachments');
    await user.click(await screen.findByRole('button', { name: 'Delete PDF documents' }));
    expect(screen.getByTestId(emailPolicyIds.refused)).toHaveTextContent(
      'PDF documents is used by the group Documents: remove it from the group first.',
    );
    expect(screen.getByTestId(policyEditorIds.save)).toBeDisabled();
    await user.click(screen.getByTestId(`${emailPolicyIds.pluginSwitch}-sandbox`));
    const saved = await save(user, server);
    expect((saved.body.data as { plugins: unknown[] }).plugins).toEqual([
      { id: 'antivirus', enabled: true, action_on_detection: 'block' },
      { id: 'sandbox', enabled: true, action_on_detection: 'block' },
    ]);
    expect((saved.body.data as { content_types: unknown[] }).content_types).toHaveLength(4);
  });
});

describe('Email Policy: who sees what', () => {
  it('the auditor sees the rules read-only: no Add, no Save, disabled controls', async () => {
    open('/policy/email/link-isolation', {
      role: 'auditor',
      docs: {
        'safemail/isolation': {
          list: [
            {
              id: 'r1',
              name: 'Vendors direct',
              enabled: true,
              senders: [],
              recipients: [],
              categories: [],
              action: 'allow',
            },
          ],
          safemail_classification: [],
        },
      },
    });
    await section('link-isolation');
    await screen.findByText('Vendors direct', {}, { timeout: 20_000 });
    expect(screen.queryByTestId(`${webPolicyIds.ruleAdd}-link-isolation`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(policyEditorIds.save)).not.toBeInTheDocument();
    expect(screen.getByTestId(`${emailPolicyIds.classification}-phishing`)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete Vendors direct' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Vendors direct' })).toBeInTheDocument();
  });

  it('without the attachments flag there is no Attachments tab', async () => {
    open('/policy/email/settings', { caps: { rbac: true, safemailPolicy: true } });
    await section('settings');
    expect(screen.getByTestId(`${policyFamilyIds('email').tab}-mobile`)).toBeInTheDocument();
    expect(screen.queryByTestId(`${policyFamilyIds('email').tab}-attachments`)).not.toBeInTheDocument();
  });

  it('without menlo_email there is no Email Policy', async () => {
    open('/policy/web', { caps: { rbac: true } });
    await screen.findByTestId(policyFamilyIds('web').page);
    expect(screen.queryByTestId(navItemId('email'))).not.toBeInTheDocument();
    expect(screen.queryByText('Email Policy')).not.toBeInTheDocument();
  });
});
