/**
 * The provider's default PAC file in the console (docs/provider-console.md §12): GET and PUT
 * `/gdmanage/api/v1/pac` (saved with the tenants' parse check, 409 on a stale `updated_at`,
 * audited under "Provider PAC" with before and after) and the tester `POST .../pac/test` on it.
 * Reads and the tester need `tenants:*:read` (support too), the save `tenants:*:write`.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PAC_DEFAULTS, PacTestBody, PacTestReply } from '@workbench/common/api/contract/pacSettings';
import {
  PROVIDER_PAC_PATHS as PATHS,
  ProviderPac,
  ProviderPacBody,
} from '@workbench/common/api/contract/providerPac';
import { ApiHttpError, errorResponses } from '../http/errors';
import { providerSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { TENANTS_READ, TENANTS_WRITE } from '../provider/tenantRouteKit';
import { PROVIDER_SETTINGS_ENTITY } from '../provider/entityChecks';
import { pacTemplate } from './pacFile';
import { PAC_DEFAULT_FILENAME, PAC_ENTITY, checkedFile, runPacTest, type StoredPac } from './pacRoutes';
import { PROVIDER_PAC_ID, storedProviderPac, type StoredProviderPac } from './providerPac';

/** Before an operator saves one: the template of no proxies (every request direct). */
const BUILTIN_PAC = () => pacTemplate([], PAC_DEFAULTS);

export const providerPacRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const store = ctx.store;
  const tags = ['provider PAC'];
  const read = { world: 'provider' as const, permission: TENANTS_READ };

  /** Tenants served the provider's file: no file of their own in use and no proxies named. */
  const tenantsServed = async (): Promise<number> => {
    let n = 0;
    for (const t of await store.tenants.list()) {
      const doc = (await store.entities.get(PAC_ENTITY, t.tid))?.data as StoredPac | undefined;
      if (!doc || (!(doc.pac_v2 && doc.pac !== '') && doc.proxy_ips.length === 0)) n += 1;
    }
    return n;
  };
  const view = async (stored: StoredProviderPac | null): Promise<ProviderPac> => ({
    pac: stored?.pac ?? BUILTIN_PAC(),
    filename: stored?.filename ?? PAC_DEFAULT_FILENAME,
    builtin: stored === null,
    tenants_served: stored === null ? 0 : await tenantsServed(),
    updated_at: stored?.updated_at ?? null,
    updated_by: stored?.updated_by ?? null,
  });

  app.get(
    PATHS.settings,
    {
      config: read,
      schema: {
        tags,
        summary:
          "The provider's default PAC file: served to tenants without a file of their own or proxies (the built-in one, all direct, until an operator saves one)",
        response: { 200: ProviderPac, ...errorResponses(401, 403) },
      },
    },
    async () => view(await storedProviderPac(store)),
  );

  app.put(
    PATHS.settings,
    {
      config: {
        world: 'provider',
        permission: TENANTS_WRITE,
        audit: {
          action: 'update',
          area: 'provider_pac',
          what: "Changed the provider's default PAC file.",
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          "Saves the provider's default PAC file and its name; a file that does not parse (the line and column said) or does not define FindProxyForURL is refused",
        body: ProviderPacBody,
        response: { 200: ProviderPac, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const body = request.body;
      const pac = checkedFile(body.pac);
      const before = await storedProviderPac(store);
      if (body.updated_at !== undefined && body.updated_at !== (before?.updated_at ?? null))
        throw new ApiHttpError(
          409,
          `The PAC file was changed${before ? ` by ${before.updated_by} at ${before.updated_at}` : ''} after you loaded it: reload it and make your change again.`,
          'updated_at',
        );
      const at = ctx.now().toISOString();
      const saved: StoredProviderPac = {
        pac,
        filename: body.filename,
        updated_at: at,
        updated_by: providerSessionOf(request).username,
      };
      const record = {
        entity: PROVIDER_SETTINGS_ENTITY,
        id: PROVIDER_PAC_ID,
        data: { ...saved },
        createdAt: at,
        updatedAt: at,
      };
      // The file and its audit event commit together.
      await auditedChange(request, async (tx) => {
        if (!(await tx.entities.update(record))) await tx.entities.insert(record);
        noteAudit(request, {
          object: body.filename,
          before: before ? { filename: before.filename, pac: before.pac } : null,
          after: { filename: saved.filename, pac: saved.pac },
          details: before
            ? `Changed the provider's default PAC file (${saved.filename}).`
            : `Saved the provider's default PAC file (${saved.filename}), in place of the built-in one.`,
        });
      });
      return view(saved);
    },
  );

  app.post(
    PATHS.test,
    {
      config: { ...read, audit: { exempt: 'evaluates a PAC file in a sandbox and stores nothing' } },
      schema: {
        tags,
        summary:
          "PAC tester: what FindProxyForURL answers for a URL from a client address (the file given, or the provider's default), in a sandbox with a time limit",
        body: PacTestBody,
        response: { 200: PacTestReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      runPacTest(request.body, async () => (await storedProviderPac(store))?.pac ?? BUILTIN_PAC()),
  );
};
