/**
 * api-client-layer §7 Tenant settings: "GET multi_tenant/" and "PATCH multi_tenant/associations/{id}
 * with status", with portal-core §3's entity ("primary_associations (each with uuid, primary_name,
 * status; status active means approved) and secondary_associations (secondary_name, status)") and
 * §4's transition ("Approval sets status to active."). The suite's tenant is the demo acme, which
 * a parent tenant has asked to manage (SILENT_CHOICES multi-tenant).
 */
import { expectFields, expectRefused, expectStatus, ok, type Suite } from '../checks';
import { acl, core, type SpecEndpoint } from '../endpointTypes';

const FAMILY = 'api-client-layer §7 Tenant settings';
const INFO = '/api/settings/v1/tenants/multi_tenant/';
const ASSOCIATION = '/api/settings/v1/tenants/multi_tenant/associations/';
const ENTITY = core(
  '§3 Entities and their fields',
  'Multi-tenant association: primary_associations (each with uuid, primary_name, status; status active means approved) and secondary_associations (secondary_name, status).',
);
const APPROVAL = core(
  '§4 States and transitions',
  'Multi-tenant association. Approval sets status to active.',
);

interface Association {
  uuid: string;
  primary_name: string;
  status: string;
}

async function primaries(suite: Suite): Promise<Association[]> {
  const info = ok(await suite.tenant.get(INFO));
  expect(Array.isArray(info.primary_associations)).toBe(true);
  expect(Array.isArray(info.secondary_associations)).toBe(true);
  return info.primary_associations as Association[];
}

export const MULTI_TENANT_ENDPOINTS: readonly SpecEndpoint[] = [
  {
    family: FAMILY,
    method: 'GET',
    path: INFO,
    sources: [
      acl('§7 Tenant settings', 'GET multi_tenant/, setting/{name}, setting/saml, capabilities/{name}.'),
      ENTITY,
    ],
    silent: ['multi-tenant'],
    check: async (suite) => {
      const list = await primaries(suite);
      expect(list.length).toBeGreaterThan(0);
      for (const a of list) expectFields(a, ['uuid', 'primary_name', 'status']);
      const info = ok(await suite.tenant.get(INFO));
      for (const a of info.secondary_associations as unknown[]) expectFields(a, ['secondary_name', 'status']);
    },
  },
  {
    family: FAMILY,
    method: 'PATCH',
    path: `${ASSOCIATION}{id}`,
    sources: [
      acl('§7 Tenant settings', 'PATCH multi_tenant/associations/{id} with status.'),
      APPROVAL,
      ENTITY,
    ],
    silent: ['multi-tenant', 'error-field'],
    check: async (suite) => {
      const pending = (await primaries(suite)).find((a) => a.status === 'pending');
      expect(pending).toBeDefined();
      const id = pending!.uuid;
      expectRefused(await suite.tenant.patch(`${ASSOCIATION}${id}`, { status: 'approve-it' }), 'status');
      expectStatus(await suite.tenant.patch(`${ASSOCIATION}unknown-association`, { status: 'active' }), 404);
      // Approval sets status to active; status active means approved.
      expect(ok(await suite.tenant.patch(`${ASSOCIATION}${id}`, { status: 'active' }))).toMatchObject({
        uuid: id,
        status: 'active',
      });
      expect((await primaries(suite)).find((a) => a.uuid === id)).toMatchObject({ status: 'active' });
    },
  },
];
