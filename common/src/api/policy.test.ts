import MockAdapter from 'axios-mock-adapter';
import { POLICY_KIND_REGISTRY } from './contract/policyKinds';
import { XSRF_COOKIE } from './contract/wire';
import { createHttpClient } from './http';
import { getPolicyDocTolerant, savePolicyDoc } from './policy';

const revision = {
  staged_rev_id: 4,
  rev_id: 3,
  state: 'staged' as const,
  updated_at: '2026-11-25T10:00:00.000Z',
};

describe('policy document calls (docs/http-client.md §6, docs/policy.md §4 Policy reads and saves)', () => {
  test.each([403, 404])(
    "a parent tenant's global rules answering %i read as the empty document, without the forbidden snackbar",
    async (status) => {
      const onForbidden = jest.fn();
      const http = createHttpClient({ xsrfCookie: XSRF_COOKIE, hooks: { onForbidden } });
      const mock = new MockAdapter(http);
      mock.onGet('/api/policy/v1/rules/parent_global_bnb/').reply(status, { message: 'no' });
      expect(await getPolicyDocTolerant(http, 'parent_global_bnb', 4)).toEqual({
        rev_id: 4,
        ...POLICY_KIND_REGISTRY.parent_global_bnb.defaults,
      });
      expect(onForbidden).not.toHaveBeenCalled();
    },
  );

  test('other failures of a tolerant read are errors; a document it gets is answered as it is', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    const doc = { rev_id: 4, pre: [], post: [] };
    mock.onGet('/api/policy/v1/rules/web/parent_global_exceptions/').reply(200, doc);
    mock.onGet('/api/policy/v1/rules/global_bnb/4').reply(500, { message: 'down' });
    expect(await getPolicyDocTolerant(http, 'web/parent_global_exceptions', 4)).toEqual(doc);
    await expect(getPolicyDocTolerant(http, 'global_bnb', 4)).rejects.toMatchObject({ status: 500 });
  });

  test("a save goes to the kind's write path when it has one, else to its path at the staged revision", async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onPut().reply(200, revision);
    await savePolicyDoc(http, 'mpa/app_catalogs', revision, { list: [] });
    await savePolicyDoc(http, 'cats', revision, { list: [] });
    expect(mock.history.put.map((r) => r.url)).toEqual([
      '/api/policy/v1/rules/mpa/update_catalog_clusters',
      '/api/policy/v1/rules/cats/4',
    ]);
    expect(JSON.parse(mock.history.put[0].data as string)).toEqual({
      rev_id: 3,
      state: 'staged',
      updated_at: revision.updated_at,
      data: { list: [] },
    });
  });
});
