// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customizationIds } from '@workbench/common/test-ids/dlpIds';
import { policyEditorIds } from '@workbench/common/test-ids/webPolicyIds';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../testing/renderPortal';
import { fakePolicyServer, type FakePolicyServer } from '../policy/web/fakePolicyServer';

afterEach(resetPortalEnv);
jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 10_000 });

const WARN = {
  page: 'warn',
  enabled: true,
  title: 'Think twice',
  message: 'This site may be risky.',
  contact_email: 'it@acme.example',
};

function open(path: string, role: 'admin' | 'auditor' = 'admin') {
  let server: FakePolicyServer | null = null;
  const view = renderPortal({
    path,
    user: demoUser(role),
    stubs: (mock) => {
      server = fakePolicyServer(mock, { 'customization/web': { list: [WARN] } }, revision('new', 7));
    },
  });
  return { ...view, server: server as unknown as FakePolicyServer };
}

const field = (name: string) => screen.getByTestId(`${customizationIds.field}-${name}`);
const preview = () => screen.getByTestId(customizationIds.preview);

describe('Customization: notification pages', () => {
  it('shows the product’s text while a page is not customized; edits show escaped in the sandboxed preview; Apply and Save send the page', async () => {
    const user = userEvent.setup();
    const { server } = open('/customization/web');
    await waitFor(() => expect(field('title')).toHaveValue('This page is blocked'));
    expect(preview()).toHaveAttribute('sandbox', '');
    expect(field('enabled')).not.toBeChecked();

    await user.clear(field('title'));
    await user.paste('<img src=x onerror=alert(1)> Blocked');
    await waitFor(() =>
      expect(preview().getAttribute('srcdoc')).toContain(
        '<h1>&lt;img src=x onerror=alert(1)&gt; Blocked</h1>',
      ),
    );
    expect(preview().getAttribute('srcdoc')).not.toContain('<img src=x');

    // A logo must be an http(s) address; the error names what to enter.
    await user.click(field('logo_url'));
    await user.paste('ftp://acme.example/logo.png');
    await user.tab();
    expect(
      await screen.findByText('Enter an address starting with http:// or https://.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId(customizationIds.apply)).toBeDisabled();
    await user.clear(field('logo_url'));
    await user.paste('https://acme.example/logo.png');
    await user.click(field('enabled'));
    await user.click(screen.getByTestId(customizationIds.apply));
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].kind).toBe('customization/web');
    expect(server.saves[0].body.data).toEqual({
      list: [
        WARN,
        {
          page: 'block',
          enabled: true,
          title: '<img src=x onerror=alert(1)> Blocked',
          message: 'Your organization does not allow this site.',
          logo_url: 'https://acme.example/logo.png',
        },
      ],
    });
  });

  it('a customized page loads its own text; a reader sees it and its preview but can change nothing', async () => {
    const user = userEvent.setup();
    open('/customization/web', 'auditor');
    await user.click(await screen.findByTestId(`${customizationIds.pageTab}-warn`));
    await waitFor(() => expect(field('title')).toHaveValue('Think twice'));
    expect(preview().getAttribute('srcdoc')).toContain('it@acme.example');
    expect(field('title')).toBeDisabled();
    expect(field('message')).toBeDisabled();
    expect(field('enabled')).toBeDisabled();
    expect(screen.queryByTestId(customizationIds.apply)).not.toBeInTheDocument();
    expect(screen.queryByTestId(policyEditorIds.save)).not.toBeInTheDocument();
  });

  it('a save after another administrator changed the same page shows the conflict dialog and who changed it', async () => {
    const user = userEvent.setup();
    const { server } = open('/customization/web');
    await user.click(await screen.findByTestId(`${customizationIds.pageTab}-warn`));
    await waitFor(() => expect(field('title')).toHaveValue('Think twice'));
    await user.clear(field('title'));
    await user.paste('Careful');
    await user.click(screen.getByTestId(customizationIds.apply));
    server.otherAdminSaves('customization/web', { list: [{ ...WARN, title: 'Theirs' }] });
    await user.click(screen.getByTestId(policyEditorIds.save));
    expect(await screen.findByTestId(policyEditorIds.conflictDialog)).toBeInTheDocument();
    expect(screen.getByTestId(policyEditorIds.conflictWho)).toHaveTextContent('bob@acme.example');
    expect(server.saves).toHaveLength(0);
  });
});
