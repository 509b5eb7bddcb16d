/**
 * Settings › Storage Profiles (a tenant settings registry row on the generic page): the list, an
 * add that sends the document whole with the read's updated_at and the platform's fields only, a
 * refusal shown at the field it names, the validate outcome naming each failed field, and the
 * read-only view of a role that may not write.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { settingsListIds } from '@workbench/common/test-ids/index';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';

afterEach(resetPortalEnv);

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const PATH = '/api/settings/v1/tenants/storage_profiles';
const ids = settingsListIds('storage_profiles');
const CAPS = { rbac: true, browsing_forensics: true };
const UUID = '3f1c2a8e-5b7d-4c11-9a2e-7d5f1e0b6a01';
const profile = {
  uuid: UUID,
  name: 'Forensics archive (EU)',
  description: 'EU captures',
  validated: false,
  limit_size: { enabled: true, max_size: 500, units: 'GB' },
  access_type: 'readwrite',
  storage_platform: {
    name: 'Amazon AWS',
    s3_bucket: 'acme-eu',
    key_id: 'AKIAQ3EGRX7PZ5KD2L4M',
    path: 'eu',
    secret_key_set: true,
  },
};
const doc = { list: [profile], updated_at: '2026-11-20T10:00:00.000Z', updated_by: 'admin@acme.example' };
const stub = (m: MockAdapter) => m.onGet(PATH).reply(200, doc);

const enter = async (field: HTMLElement, text: string) => {
  await userEvent.click(field);
  await userEvent.paste(text);
};
const field = (name: string) => screen.getByTestId(`${ids.formField}-${name}`);

describe('Settings › Storage Profiles', () => {
  it('lists the profiles with their platform and whether they are validated', async () => {
    renderPortal({ path: '/settings/storage-profiles', user: demoUser('admin', CAPS), stubs: stub });
    expect(await screen.findByText('Forensics archive (EU)')).toBeInTheDocument();
    expect(screen.getByText('Amazon AWS')).toBeInTheDocument();
    // The access type's code (readwrite) in words.
    expect(screen.getByText('Read and write')).toBeInTheDocument();
    expect(screen.getByTestId(ids.total)).toHaveTextContent('1 storage profile of at most 50');
  });

  it('adds an Azure profile: the whole list is sent with the updated_at read, with the Azure fields only', async () => {
    const { mock } = renderPortal({
      path: '/settings/storage-profiles',
      user: demoUser('admin', CAPS),
      stubs: stub,
    });
    mock.onPost(PATH).reply(200, doc);
    await screen.findByText('Forensics archive (EU)');
    await userEvent.click(screen.getByTestId(ids.addButton));
    await enter(field('name'), 'Legal hold');
    await enter(field('description'), 'Legal share');
    // The platform select: MUI opens a listbox.
    await userEvent.click(screen.getByRole('combobox', { name: /Storage platform/ }));
    await userEvent.click(within(screen.getByRole('listbox')).getByText('Microsoft Azure'));
    expect(screen.queryByTestId(`${ids.formField}-storage_platform.s3_bucket`)).not.toBeInTheDocument();
    await enter(field('storage_platform.account'), 'acmelegal');
    await enter(field('storage_platform.share'), 'holds');
    await userEvent.click(screen.getByRole('combobox', { name: /Storage mode/ }));
    // Options read as words; the code is what is sent (storage_mode: 'blob' below).
    await userEvent.click(within(screen.getByRole('listbox')).getByText('Blob container'));
    await enter(field('storage_platform.secret_key'), 'k'.repeat(88));
    await enter(field('storage_platform.path'), 'bf');
    await userEvent.click(screen.getByTestId(ids.formSubmit));
    await waitFor(() => expect(mock.history.post.filter((r) => r.url === PATH)).toHaveLength(1));
    const sent = JSON.parse(String(mock.history.post.find((r) => r.url === PATH)?.data)) as typeof doc;
    expect(sent.updated_at).toBe(doc.updated_at);
    // The stored profile goes back as read, without its secret flag (the server keeps the secret).
    expect(sent.list[0]).toMatchObject({ uuid: UUID, storage_platform: { s3_bucket: 'acme-eu' } });
    expect(sent.list[0].storage_platform).not.toHaveProperty('secret_key_set');
    expect(sent.list[1]).toEqual({
      name: 'Legal hold',
      description: 'Legal share',
      access_type: 'readwrite',
      limit_size: { enabled: false, max_size: 10, units: 'GB' },
      storage_platform: {
        name: 'Microsoft Azure',
        account: 'acmelegal',
        share: 'holds',
        storage_mode: 'blob',
        secret_key: 'k'.repeat(88),
        path: 'bf',
      },
    });
  });

  it("shows the server's refusal at the field it names and keeps the form open", async () => {
    const { mock } = renderPortal({
      path: '/settings/storage-profiles',
      user: demoUser('admin', CAPS),
      stubs: stub,
    });
    mock.onPost(PATH).reply(400, {
      statusCode: 400,
      message: 'list.0.description must NOT have more than 250 characters.',
      field: 'list.0.description',
    });
    await screen.findByText('Forensics archive (EU)');
    await userEvent.click(screen.getByTestId(`${ids.editButton}-${UUID}`));
    await userEvent.click(screen.getByTestId(ids.formSubmit));
    expect(
      await screen.findByText(/list.0.description must NOT have more than 250 characters./),
    ).toBeInTheDocument();
    expect(field('description')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId(ids.formDialog)).toBeInTheDocument();
  });

  it('validates a profile and names each failed field with its reason', async () => {
    const { mock } = renderPortal({
      path: '/settings/storage-profiles',
      user: demoUser('admin', CAPS),
      stubs: stub,
    });
    mock.onPost(`${PATH}/validate`).reply(200, {
      validated: false,
      checks: [
        {
          field: 'storage_platform.s3_bucket',
          ok: false,
          message: 'An S3 bucket name is 3-63 lower-case letters.',
        },
        { field: 'storage_platform.key_id', ok: true, message: '' },
      ],
    });
    await screen.findByText('Forensics archive (EU)');
    await userEvent.click(screen.getByTestId(`${ids.validateButton}-${UUID}`));
    const outcome = await screen.findByTestId(ids.validation);
    expect(outcome).toHaveTextContent('failed validation');
    expect(
      within(outcome).getByTestId(`${ids.validationCheck}-storage_platform.s3_bucket`),
    ).toHaveTextContent(
      'S3 bucket (storage_platform.s3_bucket): An S3 bucket name is 3-63 lower-case letters.',
    );
    expect(
      within(outcome).queryByTestId(`${ids.validationCheck}-storage_platform.key_id`),
    ).not.toBeInTheDocument();
    const sent = JSON.parse(
      String(mock.history.post.find((r) => r.url === `${PATH}/validate`)?.data),
    ) as Record<string, unknown>;
    expect(sent).toMatchObject({ uuid: UUID, storage_platform: { s3_bucket: 'acme-eu' } });
  });

  it('shows the auditor the list without add, edit, delete or validate', async () => {
    renderPortal({ path: '/settings/storage-profiles', user: demoUser('auditor', CAPS), stubs: stub });
    expect(await screen.findByText('Forensics archive (EU)')).toBeInTheDocument();
    expect(screen.queryByTestId(ids.addButton)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.validateButton}-${UUID}`)).not.toBeInTheDocument();
  });
});

describe('Settings › Forensics Profiles (the second row)', () => {
  const BF = '/api/settings/v1/tenants/bf_profiles';
  const bfIds = settingsListIds('bf_profiles');

  it('a new profile starts at the sample values and picks its storage profile by name, sending its uuid', async () => {
    const { mock } = renderPortal({
      path: '/settings/forensics-profiles',
      user: demoUser('admin', CAPS),
      stubs: (m) => {
        stub(m);
        m.onGet(BF).reply(200, { list: [], updated_at: null, updated_by: null });
      },
    });
    mock.onPost(BF).reply(200, { list: [], updated_at: null, updated_by: null });
    await screen.findByText('No forensics profiles yet.');
    await userEvent.click(screen.getByTestId(bfIds.addButton));
    expect(screen.getByTestId(`${bfIds.formField}-capture_params.screenshot.frequency`)).toHaveValue(10);
    expect(screen.getByTestId(`${bfIds.formField}-capture_params.files.max_file_size_mb`)).toHaveValue(100);
    await enter(screen.getByTestId(`${bfIds.formField}-name`), 'Investigations');
    await userEvent.click(screen.getByTestId(`${bfIds.formField}-storage_default`));
    await userEvent.click(await screen.findByRole('combobox', { name: /Storage profile/ }));
    await userEvent.click(within(screen.getByRole('listbox')).getByText('Forensics archive (EU)'));
    await userEvent.click(screen.getByTestId(bfIds.formSubmit));
    await waitFor(() => expect(mock.history.post.filter((r) => r.url === BF)).toHaveLength(1));
    const sent = JSON.parse(String(mock.history.post.find((r) => r.url === BF)?.data)) as {
      list: Record<string, unknown>[];
    };
    expect(sent.list[0]).toMatchObject({
      name: 'Investigations',
      storage_default: false,
      storage_profile_id: UUID,
      capture_params: {
        screenshot: { enabled: true, frequency: 10 },
        network: { max_payload_kb: 10, max_post_kb: 100 },
      },
    });
  });
});
