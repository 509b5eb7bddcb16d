import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { POLICY_KIND_REGISTRY } from '@workbench/common/api/contract/policyKinds';
import { policyEditorIds, policyFamilyIds } from '@workbench/common/test-ids/webPolicyIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';
import { privateAccessServer } from '../../private-access/privateAccessTestServer';
import { PRIVATE_ACCESS_PAGE_SECTIONS } from '../../private-access/PrivateAccessPage';
import { kindFormErrors, kindFormFields } from './kindForm';

afterEach(resetPortalEnv);
jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 10_000 });

/**
 * mpa/security_config has no section of its own: the Secure Application Access page draws it with
 * the kit from its view row (tab, labels, TLS labels) and its registry schema.
 */
const PATH = POLICY_KIND_REGISTRY['mpa/security_config'].path;
const saved = {
  require_client_certificate: false,
  min_tls_version: '1.2',
  reauth_hours: 24,
  idle_timeout_minutes: 60,
  end_on_posture_failure: true,
  log_allowed_connections: false,
};

function open(role: 'admin' | 'auditor' = 'admin') {
  const puts: Array<{ rev_id: number; state: string; data: unknown }> = [];
  const replies: Array<[number, unknown]> = [];
  const server = privateAccessServer();
  const stubs = (mock: MockAdapter) => {
    server.install(mock);
    mock.onGet(PATH).reply(200, { rev_id: 7, ...saved });
    mock.onPut(PATH).reply((config) => {
      puts.push(JSON.parse(String(config.data)) as (typeof puts)[number]);
      return (
        replies.shift() ?? [
          200,
          { staged_rev_id: 7, rev_id: 6, state: 'staged', updated_at: '2026-11-25T12:00:00.000Z' },
        ]
      );
    });
  };
  renderPortal({ path: '/secure-application-access/security', user: demoUser(role), stubs });
  return { puts, replies };
}

const field = (path: string) => screen.getByTestId(`${policyEditorIds.formField}-${path}`);

describe('the kit draws a form kind from its view row and schema (mpa/security_config)', () => {
  it('is a tab of its group page with no section of its own', () => {
    expect(PRIVATE_ACCESS_PAGE_SECTIONS.map((s) => [s.path, s.title])).toEqual([
      ['access-rules', 'Access rules'],
      ['applications', 'Applications'],
      ['catalogs', 'App catalogs'],
      ['clusters', 'Connector clusters'],
      ['security', 'Security settings'],
    ]);
    expect(kindFormFields('mpa/security_config').map((f) => [f.path, f.type, f.label])).toEqual([
      ['require_client_certificate', 'switch', 'Client certificate required'],
      ['min_tls_version', 'select', 'Lowest TLS version'],
      ['reauth_hours', 'number', 'Sign in again after (hours)'],
      ['idle_timeout_minutes', 'number', 'Idle sessions end after (minutes)'],
      ['end_on_posture_failure', 'switch', 'Connections ended when a posture check fails'],
      ['log_allowed_connections', 'switch', 'Allowed connections logged'],
    ]);
    expect(kindFormErrors(kindFormFields('mpa/security_config'), { ...saved, reauth_hours: '1.5' })).toEqual({
      reauth_hours: 'Sign in again after (hours): enter a whole number from 1 to 720.',
    });
  });

  it('edits each field, keeps an invalid value out of the draft with an error naming the field, and saves into the staged revision', async () => {
    const { puts } = open();
    await waitFor(() => expect(field('reauth_hours')).toHaveValue('24'));
    expect(screen.getByTestId(`${policyFamilyIds('private').tab}-security`)).toHaveTextContent(
      'Security settings',
    );
    expect(screen.getByRole('heading', { name: 'Security settings' })).toBeInTheDocument();

    await userEvent.clear(field('reauth_hours'));
    await userEvent.type(field('reauth_hours'), '0');
    expect(
      await screen.findByText('Sign in again after (hours): enter a whole number from 1 to 720.'),
    ).toBeInTheDocument();
    // The invalid value never reached the draft: nothing to save.
    expect(screen.getByTestId(policyEditorIds.save)).toBeDisabled();

    await userEvent.clear(field('reauth_hours'));
    await userEvent.type(field('reauth_hours'), '12');
    await waitFor(() => expect(screen.getByTestId(policyEditorIds.save)).toBeEnabled());
    expect(screen.queryByText(/enter a whole number/)).not.toBeInTheDocument();
    await userEvent.click(field('require_client_certificate'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Lowest TLS version' }));
    await userEvent.click(await screen.findByRole('option', { name: 'TLS 1.3' }));
    await userEvent.clear(field('idle_timeout_minutes'));
    await userEvent.type(field('idle_timeout_minutes'), '30');
    await waitFor(() => expect(field('idle_timeout_minutes')).toHaveValue('30'));

    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(puts).toHaveLength(1));
    // The body names the revision the document was read in (the staged one, revision('new')).
    expect([puts[0].rev_id, puts[0].state]).toEqual([6, 'new']);
    expect(puts[0].data).toEqual({
      ...saved,
      require_client_certificate: true,
      min_tls_version: '1.3',
      reauth_hours: 12,
      idle_timeout_minutes: 30,
    });
    await waitFor(() => expect(screen.getByTestId(policyEditorIds.save)).toBeDisabled());
  });

  it("shows the server's refusal at the field it names", async () => {
    const { replies } = open();
    await waitFor(() => expect(field('idle_timeout_minutes')).toHaveValue('60'));
    replies.push([
      400,
      {
        error: 'bad',
        message: 'data.idle_timeout_minutes is longer than the session (1 hours).',
        field: 'data.idle_timeout_minutes',
      },
    ]);
    await userEvent.clear(field('reauth_hours'));
    await userEvent.type(field('reauth_hours'), '1');
    await waitFor(() => expect(screen.getByTestId(policyEditorIds.save)).toBeEnabled());
    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() =>
      expect(field('idle_timeout_minutes').closest('.MuiFormControl-root')).toHaveTextContent(
        'data.idle_timeout_minutes is longer than the session (1 hours).',
      ),
    );
  });

  it('a reader sees the values and changes nothing', async () => {
    open('auditor');
    await waitFor(() => expect(field('reauth_hours')).toHaveValue('24'));
    expect(field('reauth_hours')).toBeDisabled();
    expect(field('require_client_certificate')).toBeDisabled();
  });
});
