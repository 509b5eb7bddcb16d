/**
 * Settings › Private Access Certificates (a tenant settings registry row on the generic page): the
 * certificates with subject, issuer, validity and fingerprint as the server decoded them; an add
 * sends the PEM (pasted or read from a file) with the spec's PUT; the server's refusal of a PEM
 * shows at the certificate field.
 */
import { screen, waitFor } from '@testing-library/react';
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

const PATH = '/api/settings/v1/tenants/mpa_certificates';
const ids = settingsListIds('mpa_certificates');
const CAPS = { rbac: true, private_access: true };
const FINGERPRINT = 'AB:'.repeat(31) + 'CD';
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const doc = {
  list: [
    {
      uuid: '7a4e2c91-3b5d-4f6a-8e1c-0d9b2f4a6c77',
      name: 'Acme Private Access CA',
      pem: PEM,
      certificate: {
        subject: 'CN=Acme Private Access CA',
        issuer: 'CN=Acme Root',
        common_name: 'Acme Private Access CA',
        serial_number: '01',
        not_before: '2026-01-01T00:00:00.000Z',
        not_after: '2036-01-01T00:00:00.000Z',
        status: 'valid',
        self_signed: false,
        fingerprint_sha256: FINGERPRINT,
        key_algorithm: 'RSA',
        key_size: 2048,
        signature_algorithm: 'RSASSA-PKCS1-v1_5 SHA-256',
        pem: PEM,
      },
    },
  ],
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by: 'admin@acme.example',
};
const stub = (m: MockAdapter) => m.onGet(PATH).reply(200, doc);

describe('Settings › Private Access Certificates', () => {
  it('lists each certificate with subject, issuer, validity and fingerprint', async () => {
    renderPortal({
      path: '/settings/private-access-certificates',
      user: demoUser('admin', CAPS),
      stubs: stub,
    });
    expect(await screen.findByText('CN=Acme Private Access CA')).toBeInTheDocument();
    expect(screen.getByText('CN=Acme Root')).toBeInTheDocument();
    expect(screen.getByText('2036-01-01 00:00 UTC')).toBeInTheDocument();
    expect(screen.getByText('Valid')).toBeInTheDocument();
    expect(screen.getByText(FINGERPRINT)).toBeInTheDocument();
  });

  it('adds a certificate read from a file with PUT; a refusal of the PEM shows at the field', async () => {
    const { mock } = renderPortal({
      path: '/settings/private-access-certificates',
      user: demoUser('admin', CAPS),
      stubs: stub,
    });
    mock.onPut(PATH).replyOnce(400, {
      statusCode: 400,
      message: 'list.1.pem: the certificate expired on 2025-01-01: upload a current one.',
      field: 'list.1.pem',
    });
    await screen.findByText('CN=Acme Private Access CA');
    await userEvent.click(screen.getByTestId(ids.addButton));
    await userEvent.click(screen.getByTestId(`${ids.formField}-name`));
    await userEvent.paste('Branch CA');
    const file = new File([PEM], 'branch.pem', { type: 'application/x-pem-file' });
    await userEvent.upload(screen.getByTestId(`${ids.formField}-pem-file`), file);
    await waitFor(() => expect(screen.getByTestId(`${ids.formField}-pem`)).toHaveValue(PEM));
    await userEvent.click(screen.getByTestId(ids.formSubmit));
    expect(await screen.findByText(/the certificate expired on 2025-01-01/)).toBeInTheDocument();
    expect(screen.getByTestId(`${ids.formField}-pem`)).toHaveAttribute('aria-invalid', 'true');
    const put = mock.history.put.find((r) => r.url === PATH);
    const sent = JSON.parse(String(put?.data)) as { list: Record<string, unknown>[]; updated_at: string };
    expect(sent.updated_at).toBe(doc.updated_at);
    expect(sent.list[1]).toEqual({ name: 'Branch CA', pem: PEM.trim() });
    expect(mock.history.post.filter((r) => r.url === PATH)).toHaveLength(0);
  });
});
