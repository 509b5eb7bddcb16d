import MockAdapter from 'axios-mock-adapter';
import { MULTI_TENANT_PATHS, NO_MULTI_TENANT } from './contract/multiTenant';
import { XSRF_COOKIE } from './contract/wire';
import { createHttpClient } from './http';
import { getMultiTenantInfo, setAssociationStatus } from './multiTenant';

describe('multi-tenant calls (docs/http-client.md §5, docs/access.md §7)', () => {
  test.each([403, 404])(
    'the multi-tenant info answering %i reads as no associations, without the forbidden snackbar',
    async (status) => {
      const onForbidden = jest.fn();
      const http = createHttpClient({ xsrfCookie: XSRF_COOKIE, hooks: { onForbidden } });
      new MockAdapter(http).onGet(MULTI_TENANT_PATHS.info).reply(status, { message: 'no' });
      expect(await getMultiTenantInfo(http)).toEqual(NO_MULTI_TENANT);
      expect(onForbidden).not.toHaveBeenCalled();
    },
  );

  test('other failures are errors; approving sends the status to the association', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onGet(MULTI_TENANT_PATHS.info).reply(500, { message: 'down' });
    await expect(getMultiTenantInfo(http)).rejects.toMatchObject({ status: 500 });
    mock.onPatch(MULTI_TENANT_PATHS.association('a/1')).reply(200, { uuid: 'a/1', status: 'active' });
    expect(await setAssociationStatus(http, 'a/1', 'active')).toMatchObject({ status: 'active' });
    expect(mock.history.patch[0].url).toBe('/api/settings/v1/tenants/multi_tenant/associations/a%2F1');
    expect(JSON.parse(mock.history.patch[0].data as string)).toEqual({ status: 'active' });
  });
});
