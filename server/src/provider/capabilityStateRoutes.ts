/**
 * Schema endpoints and capability state (docs/provider-console.md §4 "schema state", §6 Provider console
 * "schema endpoints", "capability state"; issue 14). Read-only: the states are a table in common
 * (providerCapabilityStates.ts), so nothing here writes; operators and support read
 * (`tenants:*:read`: the state is about tenants), a tenant session gets 401.
 *
 * Also the server's one reading of what takes effect: capabilityValidity/tenantInEffect give a
 * tenant's capabilities without the expired (past their capabilities_validity day, by the
 * server's clock) and the obsolete ones; the tenant's sessions read the tenant through it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CAPABILITY_SCHEMA_STATES,
  CAPABILITY_STATES_PATH,
  CapabilityStateDetail,
  CapabilityStateList,
  CapabilityStateQuery,
  KNOWN_CAPABILITIES,
  SCHEMA_STATES,
  SCHEMA_STATES_PATH,
  SCHEMA_STATE_DESCRIPTIONS,
  SCHEMA_STATE_LABELS,
  SchemaStateList,
  UNKNOWN_CAPABILITY,
  capabilitiesInEffect,
  capabilityOn,
  isExpired,
  schemaStateNote,
  schemaStateOf,
  type CapabilityStateRow,
  type CapabilityTenant,
  type KnownCapability,
  type ValidityRow,
} from '@workbench/common/api/contract/providerCapabilityStates';
import { TENANT_NOT_FOUND } from '@workbench/common/api/contract/providerTenants';
import type { ConfigStore, TenantRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';

const READ = { world: 'provider' as const, permission: 'tenants:*:read' };
/** Where tenantRoutes keeps the document (`tenant_<document>`, the tenant id as id). */
const VALIDITY_ENTITY = 'tenant_capabilities_validity';

/** The tenant's capabilities_validity rows (none before its first write). */
export async function capabilityValidity(store: ConfigStore, tid: string): Promise<ValidityRow[]> {
  const doc = await store.entities.get(VALIDITY_ENTITY, tid);
  return ((doc?.data as { validity?: ValidityRow[] } | undefined)?.validity ?? []) as ValidityRow[];
}

/** The tenant as the portal must see it: capabilities in effect by `now` (the server's clock). */
export async function tenantInEffect(
  store: ConfigStore,
  tenant: TenantRecord,
  now: Date,
): Promise<TenantRecord> {
  const validity = await capabilityValidity(store, tenant.tid);
  return { ...tenant, capabilities: capabilitiesInEffect(tenant.capabilities, validity, now) };
}

/** A tenant's standing for one capability: has it (in effect), carries it expired, or neither. */
function standing(
  capability: string,
  tenant: TenantRecord,
  validity: Map<string, string>,
  now: Date,
): CapabilityTenant | null {
  const stored = Object.hasOwn(tenant.capabilities, capability);
  const value = stored ? tenant.capabilities[capability] : null;
  const state = schemaStateOf(capability);
  // ga reaches every tenant whose capabilities do not turn it off; the rest need it set on.
  const on = stored ? capabilityOn(value) : state === 'ga';
  if (!on) return null;
  const validUntil = validity.get(capability) ?? '';
  return {
    tid: tenant.tid,
    name: tenant.name,
    value,
    valid_until: validUntil,
    expired: isExpired(validUntil, now),
  };
}

export const capabilityStateRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const store = ctx.store;
  const tags = ['provider capability state'];

  /** Every tenant (or the one asked for: 404 when unknown) with its validity days by capability. */
  const tenantsWithValidity = async (tid?: string) => {
    let tenants: TenantRecord[];
    if (tid) {
      const t = await store.tenants.get(tid);
      if (!t) throw new ApiHttpError(404, TENANT_NOT_FOUND, 'tid');
      tenants = [t];
    } else tenants = await store.tenants.list();
    return Promise.all(
      tenants.map(async (t) => ({
        tenant: t,
        validity: new Map((await capabilityValidity(store, t.tid)).map((v) => [v.capability, v.valid_until])),
      })),
    );
  };
  const stateRow = (
    capability: KnownCapability,
    tenants: { tenant: TenantRecord; validity: Map<string, string> }[],
  ) => {
    const now = ctx.now();
    const standings = tenants
      .map(({ tenant, validity }) => standing(capability, tenant, validity, now))
      .filter((s): s is CapabilityTenant => s !== null)
      .sort((a, b) => a.name.localeCompare(b.name));
    // An obsolete capability takes effect nowhere, whoever still carries it.
    const inEffect = standings.filter(
      (s) => !s.expired && CAPABILITY_SCHEMA_STATES[capability].state !== 'obsolete',
    );
    const row: CapabilityStateRow = {
      capability,
      state: CAPABILITY_SCHEMA_STATES[capability].state,
      note: schemaStateNote(capability) ?? null,
      tenant_count: inEffect.length,
      expired_count: standings.filter((s) => s.expired).length,
    };
    return { row, standings };
  };

  app.get(
    SCHEMA_STATES_PATH,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Schema states (deprecated, ga, controlled, obsolete) and the state of every capability',
        response: { 200: SchemaStateList, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      states: SCHEMA_STATES.map((state) => ({
        state,
        label: SCHEMA_STATE_LABELS[state],
        description: SCHEMA_STATE_DESCRIPTIONS[state],
      })),
      capabilities: KNOWN_CAPABILITIES.map((capability) => ({
        capability,
        state: CAPABILITY_SCHEMA_STATES[capability].state,
        note: schemaStateNote(capability) ?? null,
      })),
    }),
  );

  app.get(
    CAPABILITY_STATES_PATH,
    {
      config: READ,
      schema: {
        tags,
        summary:
          'Capability state: each capability with its schema state and how many tenants have it (tid: one tenant; state; q: name)',
        querystring: CapabilityStateQuery,
        response: { 200: CapabilityStateList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { tid, state, q } = request.query;
      const tenants = await tenantsWithValidity(tid);
      const needle = q?.trim().toLowerCase();
      const capabilities = KNOWN_CAPABILITIES.filter(
        (c) =>
          (!state || CAPABILITY_SCHEMA_STATES[c].state === state) &&
          (!needle || c.toLowerCase().includes(needle)),
      ).map((c) => stateRow(c, tenants).row);
      return { capabilities, tenant_total: tenants.length };
    },
  );

  app.get(
    `${CAPABILITY_STATES_PATH}/:capability`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'One capability: its schema state and which tenants have it (tid: only that tenant)',
        params: Type.Object({ capability: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Type.Object(
          { tid: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) },
          { additionalProperties: false },
        ),
        response: { 200: CapabilityStateDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { capability } = request.params;
      if (!schemaStateOf(capability))
        throw new ApiHttpError(404, UNKNOWN_CAPABILITY(capability), 'capability');
      const { row, standings } = stateRow(
        capability as KnownCapability,
        await tenantsWithValidity(request.query.tid),
      );
      return { ...row, tenants: standings };
    },
  );
};
