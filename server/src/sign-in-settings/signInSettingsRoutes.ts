/**
 * Sign-in settings (issue 33 point 4): the tenant's identity providers (SAML metadata), LDAP
 * directory and who may reach the administration, under docs/settings.md §1's tenant settings
 * paths: GET/PUT `auth` (v1; v2 with ?limit), GET `setting/saml`, GET/PUT `admin_access_control`,
 * the utils GET `menloSamlSigningCert` and POST `decodeCert`, and the extension `ldap-test`.
 * Shapes, permissions and decisions: docs/sign-in-settings.md. Certificates, metadata and LDAP
 * are the identity module's (identity/README.md).
 *
 * Stored as config-store entities per tenant (`tenant_sign_in`, `tenant_admin_access_control`,
 * `tenant_saml_signing`). The LDAP bind password and the signing key are write-only: no answer
 * carries them (reads say `bind_password_set`), nor does the audit trail.
 */
import net from 'node:net';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ADMIN_ACCESS_CONTROL_MSGS,
  TenantIpRestrictions,
  ACCESS_CONTROL_READ_PERMISSION,
  ACCESS_CONTROL_WRITE_PERMISSION,
  ADMIN_ACCESS_CONTROL_DEFAULTS,
  AdminAccessControl,
  AdminAccessControlReply,
  AuthSettings,
  AuthSettingsV2,
  AuthSettingsV2Write,
  AuthSettingsWrite,
  AuthV2Query,
  CertificateInfo,
  DecodeCertBody,
  IDP_LIST_DEFAULT_LIMIT,
  LDAP_DEFAULTS,
  LdapTestBody,
  LdapTestReply,
  SIGN_IN_READ_PERMISSION,
  SIGN_IN_SETTINGS_PATHS as PATHS,
  SIGN_IN_WRITE_PERMISSION,
  SamlSetting,
  ldapSettingsProblem,
  type IdentityProvider,
  type IdpEntryWrite,
  type LdapSettings,
  type LdapSettingsWrite,
} from '@workbench/common/api/contract/signInSettings';
import { deriveFeatureFlags } from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import type { ConfigStore } from '../store/ConfigStore';
import { CertificateProblem, decodeCertificate, makeSelfSignedCertificate } from '../identity/certificates';
import { MetadataProblem, parseIdpMetadata } from '../identity/idpMetadata';
import { testLdapConnection } from '../identity/ldapDirectory';
import { IP_RESTRICTIONS_ENTITY, ipAllowed, ipRestrictionsFrom } from '../tokens/ipRestrictions';
import { ADMIN_ACCESS_CONTROL_ENTITY, signInMethodOf } from './adminAccessControl';

/** The stored LDAP settings: the password itself, never answered. */
interface StoredLdap extends Omit<LdapSettings, 'bind_password_set'> {
  bind_password: string;
}
interface StoredSignIn {
  sso_enabled: boolean;
  idps: IdentityProvider[];
  ldap: StoredLdap;
  updated_at: string | null;
  updated_by: string | null;
}
const { bind_password_set: _unused, ...LDAP_STORED_DEFAULTS } = LDAP_DEFAULTS;
const SIGN_IN_DEFAULTS: StoredSignIn = {
  sso_enabled: false,
  idps: [],
  ldap: { ...LDAP_STORED_DEFAULTS, bind_password: '' },
  updated_at: null,
  updated_by: null,
};

const ENTITY = {
  signIn: 'tenant_sign_in',
  accessControl: ADMIN_ACCESS_CONTROL_ENTITY,
  signing: 'tenant_saml_signing',
} as const;
/** The service's SAML signing certificate: valid ten years from its first download. */
const SIGNING_CERT_DAYS = 3650;

async function readDoc<T>(store: ConfigStore, entity: string, tid: string, defaults: T): Promise<T> {
  return ((await store.entities.get(entity, tid))?.data as T | undefined) ?? defaults;
}
async function writeDoc(
  store: ConfigStore,
  entity: string,
  tid: string,
  data: object,
  at: string,
): Promise<void> {
  const existing = await store.entities.get(entity, tid);
  const record = {
    entity,
    id: tid,
    data: data as Record<string, unknown>,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
  };
  if (existing) await store.entities.update(record);
  else if (!(await store.entities.insert(record))) await store.entities.update(record);
}

/** What a read shows of LDAP: everything but the password, and whether one is set. */
const ldapView = ({ bind_password, ...rest }: StoredLdap): LdapSettings => ({
  ...rest,
  bind_password_set: bind_password !== '',
});

/** An IdP in the audit trail: enough to see what changed, without certificate bodies. */
const idpSummary = (i: IdentityProvider) => ({
  entity_id: i.entity_id,
  sso_urls: i.sso_urls.map((s) => s.url),
  certificates: i.certificates.map((c) => c.fingerprint_sha256),
});
const auditState = (s: StoredSignIn) => ({
  sso_enabled: s.sso_enabled,
  idps: s.idps.map(idpSummary),
  ldap: ldapView(s.ldap),
});

/** Checks an address or CIDR range (IPv4 or IPv6); the reason when it is not one. */
function rangeProblem(range: string): string | null {
  const [address, prefix, ...more] = range.trim().split('/');
  const version = net.isIP(address);
  if (version === 0 || more.length > 0) return `"${range}" is not an IP address or CIDR range.`;
  if (prefix === undefined) return null;
  const max = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max)
    return `The prefix of "${range}" must be 0 to ${max}.`;
  return null;
}

export const signInSettingsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const store = ctx.store;
  const tags = ['sign-in settings'];
  const read = { world: 'tenant' as const, permission: SIGN_IN_READ_PERMISSION };
  const write = (what: string) => ({
    world: 'tenant' as const,
    permission: SIGN_IN_WRITE_PERMISSION,
    // Both routes save through `save`: the settings and their audit event in one transaction.
    audit: { action: 'update', area: 'sso', what, inTransaction: true as const },
  });
  const nowIso = () => ctx.now().toISOString();
  const hasFeature = (request: FastifyRequest, flag: string) =>
    deriveFeatureFlags(tenantSessionOf(request).tenant.capabilities)[flag] === true;

  const readSignIn = (tid: string) => readDoc(store, ENTITY.signIn, tid, SIGN_IN_DEFAULTS);
  const v1View = (s: StoredSignIn): AuthSettings => ({
    sso_enabled: s.sso_enabled,
    idp: s.idps[0] ?? null,
    ldap: ldapView(s.ldap),
    updated_at: s.updated_at,
    updated_by: s.updated_by,
  });
  const v2View = (s: StoredSignIn, limit: number): AuthSettingsV2 => ({
    sso_enabled: s.sso_enabled,
    idps: s.idps.slice(0, limit),
    total: s.idps.length,
    ldap: ldapView(s.ldap),
    updated_at: s.updated_at,
    updated_by: s.updated_by,
  });

  /** An uploaded metadata document as a stored IdP; 400 naming `field` with the reason. */
  const idpFromMetadata = async (
    request: FastifyRequest,
    xml: string,
    field: string,
  ): Promise<IdentityProvider> => {
    if (!hasFeature(request, 'sso'))
      throw new ApiHttpError(
        400,
        'The tenant does not have the feature sso: identity providers cannot be set.',
        field,
      );
    try {
      const parsed = await parseIdpMetadata(xml, ctx.now());
      return { ...parsed, uploaded_at: nowIso(), uploaded_by: tenantSessionOf(request).username };
    } catch (error) {
      if (error instanceof MetadataProblem) throw new ApiHttpError(400, error.message, field);
      throw error;
    }
  };

  /** The LDAP settings to store: checked, the password kept when absent. */
  const nextLdap = (given: LdapSettingsWrite, stored: StoredLdap, prefix = 'ldap'): StoredLdap => {
    const problem = ldapSettingsProblem(given, prefix);
    if (problem) throw new ApiHttpError(400, problem.message, problem.field);
    const { bind_password, ...rest } = given;
    return { ...rest, url: rest.url.trim(), bind_password: bind_password ?? stored.bind_password };
  };

  /** Checks and stores the whole document; the new state (audited with the old). */
  const save = async (
    request: FastifyRequest,
    before: StoredSignIn,
    next: Omit<StoredSignIn, 'updated_at' | 'updated_by'>,
  ): Promise<StoredSignIn> => {
    const { tid, username } = tenantSessionOf(request);
    if (next.sso_enabled && !hasFeature(request, 'sso'))
      throw new ApiHttpError(
        400,
        'The tenant does not have the feature sso: single sign-on cannot be turned on.',
        'sso_enabled',
      );
    if (next.sso_enabled && next.idps.length === 0)
      throw new ApiHttpError(
        400,
        'Single sign-on needs an identity provider: upload its metadata first.',
        'sso_enabled',
      );
    const saved: StoredSignIn = { ...next, updated_at: nowIso(), updated_by: username };
    await auditedChange(request, async (tx) => {
      await writeDoc(tx, ENTITY.signIn, tid, saved, saved.updated_at as string);
      noteAudit(request, {
        object: 'Sign-in settings',
        before: auditState(before),
        after: auditState(saved),
        details: `Changed the sign-in settings (single sign-on ${saved.sso_enabled ? 'on' : 'off'}, ${saved.idps.length} identity provider(s), LDAP ${saved.ldap.enabled ? 'on' : 'off'}).`,
      });
    });
    return saved;
  };

  app.get(
    PATHS.auth,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's sign-in settings: single sign-on, its (first) identity provider, LDAP",
        response: { 200: AuthSettings, ...errorResponses(401, 403) },
      },
    },
    async (request) => v1View(await readSignIn(tenantSessionOf(request).tid)),
  );

  app.put(
    PATHS.auth,
    {
      config: write('Changed the sign-in settings.'),
      schema: {
        tags,
        summary:
          'Saves the sign-in settings; idp_metadata (signed SAML metadata XML) replaces the identity provider, null removes it, absent keeps it',
        body: AuthSettingsWrite,
        response: { 200: AuthSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const before = await readSignIn(tenantSessionOf(request).tid);
      const body = request.body;
      let idps = before.idps;
      if (body.idp_metadata === null) idps = before.idps.slice(1);
      else if (body.idp_metadata !== undefined)
        idps = [await idpFromMetadata(request, body.idp_metadata, 'idp_metadata'), ...before.idps.slice(1)];
      const ldap = nextLdap(body.ldap, before.ldap);
      return v1View(await save(request, before, { sso_enabled: body.sso_enabled, idps, ldap }));
    },
  );

  app.get(
    PATHS.authV2,
    {
      config: read,
      schema: {
        tags,
        summary: `The sign-in settings with every identity provider (the first limit, default ${IDP_LIST_DEFAULT_LIMIT})`,
        querystring: AuthV2Query,
        response: { 200: AuthSettingsV2, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      v2View(await readSignIn(tenantSessionOf(request).tid), request.query.limit ?? IDP_LIST_DEFAULT_LIMIT),
  );

  app.put(
    PATHS.authV2,
    {
      config: write('Changed the sign-in settings.'),
      schema: {
        tags,
        summary:
          'Saves the sign-in settings with the whole list of identity providers: each new metadata, or a stored one kept by its entity_id; more than one needs multiple_idp',
        body: AuthSettingsV2Write,
        response: { 200: AuthSettingsV2, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const before = await readSignIn(tenantSessionOf(request).tid);
      const body = request.body;
      if (body.idps.length > 1 && !hasFeature(request, 'multiple_idp'))
        throw new ApiHttpError(
          400,
          'More than one identity provider needs the feature multiple_idp.',
          'idps',
        );
      const idps: IdentityProvider[] = [];
      for (const [i, entry] of (body.idps as IdpEntryWrite[]).entries()) {
        let idp: IdentityProvider;
        if ('metadata' in entry) idp = await idpFromMetadata(request, entry.metadata, `idps.${i}.metadata`);
        else {
          const kept = before.idps.find((s) => s.entity_id === entry.entity_id);
          if (!kept)
            throw new ApiHttpError(
              400,
              `No identity provider ${entry.entity_id} is stored: upload its metadata.`,
              `idps.${i}.entity_id`,
            );
          idp = kept;
        }
        if (idps.some((s) => s.entity_id === idp.entity_id))
          throw new ApiHttpError(400, `The identity provider ${idp.entity_id} is listed twice.`, `idps.${i}`);
        idps.push(idp);
      }
      const ldap = nextLdap(body.ldap, before.ldap);
      return v2View(
        await save(request, before, { sso_enabled: body.sso_enabled, idps, ldap }),
        IDP_LIST_DEFAULT_LIMIT,
      );
    },
  );

  /** The tenant's SAML signing key and certificate, made on first use (one per tenant). */
  const signingCertificate = async (tid: string, tenantName: string): Promise<string> => {
    const stored = await store.entities.get(ENTITY.signing, tid);
    if (stored) return stored.data.certificatePem as string;
    const made = await makeSelfSignedCertificate(
      `Workbench SAML signing (${tenantName})`,
      ctx.now(),
      SIGNING_CERT_DAYS,
    );
    const at = nowIso();
    // Two first requests at once: the one stored first wins, both answer it.
    await store.entities.insert({
      entity: ENTITY.signing,
      id: tid,
      data: { ...made },
      createdAt: at,
      updatedAt: at,
    });
    return (await store.entities.get(ENTITY.signing, tid))?.data.certificatePem as string;
  };

  app.get(
    PATHS.saml,
    {
      config: { ...read, features: ['sso'] },
      schema: {
        tags,
        summary:
          "SAML: this service's entity id and signing certificate (for the IdP's administrator), and the identity provider configured",
        response: { 200: SamlSetting, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { tid, tenant } = tenantSessionOf(request);
      const settings = await readSignIn(tid);
      const pem = await signingCertificate(tid, tenant.name);
      return {
        sso_enabled: settings.sso_enabled,
        sp: {
          entity_id: `urn:workbench:sp:${tid}`,
          signing_certificate: await decodeCertificate(pem, ctx.now()),
        },
        idp: settings.idps[0] ?? null,
      };
    },
  );

  app.get(
    PATHS.signingCert,
    {
      config: { ...read, features: ['sso'] },
      schema: {
        tags,
        summary: "Downloads this service's SAML signing certificate (PEM) to give the identity provider",
        produces: ['application/x-pem-file'],
        response: { 200: { type: 'string' }, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const { tid, tenant } = tenantSessionOf(request);
      const pem = await signingCertificate(tid, tenant.name);
      const file = `saml-signing-${tenant.name.replace(/[^A-Za-z0-9._-]+/g, '-')}.pem`;
      return reply
        .type('application/x-pem-file')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(pem);
    },
  );

  app.post(
    PATHS.decodeCert,
    {
      config: {
        world: 'tenant' as const,
        permission: 'settings:*:read',
        audit: { exempt: 'decodes the certificate it is given and stores nothing' },
      },
      schema: {
        tags,
        summary:
          'Decodes a certificate (PEM or base64 DER): subject, issuer, validity (expired or not yet valid flagged), SHA-256 fingerprint, key',
        body: DecodeCertBody,
        response: { 200: CertificateInfo, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      try {
        return await decodeCertificate(request.body.cert, ctx.now());
      } catch (error) {
        if (error instanceof CertificateProblem) throw new ApiHttpError(400, error.message, 'cert');
        throw error;
      }
    },
  );

  app.post(
    PATHS.ldapTest,
    {
      config: {
        world: 'tenant' as const,
        permission: SIGN_IN_WRITE_PERMISSION,
        audit: { exempt: 'a connection test: it changes and stores nothing' },
      },
      schema: {
        tags,
        summary:
          'Test connection: binds to the LDAP directory (the stored settings, or unsaved ones given) and looks up one user; answers the failed step and its reason',
        body: LdapTestBody,
        response: { 200: LdapTestReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const stored = (await readSignIn(tenantSessionOf(request).tid)).ldap;
      const ldap = request.body.ldap ? nextLdap(request.body.ldap, stored) : stored;
      if (ldap.url === '') throw new ApiHttpError(400, 'Enter the directory to test.', 'ldap.url');
      if (ldap.base_dn.trim() === '')
        throw new ApiHttpError(400, 'Enter the base DN users are looked up under.', 'ldap.base_dn');
      return testLdapConnection(ldap, request.body.username);
    },
  );

  const accessView = async (tid: string): Promise<AdminAccessControlReply> => {
    const record = await store.entities.get(ENTITY.accessControl, tid);
    const data = (record?.data as AdminAccessControlReply | undefined) ?? {
      ...ADMIN_ACCESS_CONTROL_DEFAULTS,
      updated_at: null,
      updated_by: null,
    };
    return data;
  };

  app.get(
    PATHS.adminAccessControl,
    {
      config: { world: 'tenant' as const, permission: ACCESS_CONTROL_READ_PERMISSION },
      schema: {
        tags,
        summary:
          'Who may reach the administration: the addresses (IP or CIDR) and the sign-in methods allowed',
        response: { 200: AdminAccessControlReply, ...errorResponses(401, 403) },
      },
    },
    async (request) => accessView(tenantSessionOf(request).tid),
  );

  // Extension ip-restrictions-read: the provider's IP restrictions as the tenant sees them, beside
  // its own access control; read-only, since only the provider changes them (docs/ip-restrictions.md).
  app.get(
    PATHS.ipRestrictions,
    {
      config: { world: 'tenant' as const, permission: ACCESS_CONTROL_READ_PERMISSION },
      schema: {
        tags,
        summary:
          "The provider's IP restrictions of the tenant (on or off, the allowed IPv4 addresses and ranges) and the caller's address, read-only",
        response: { 200: TenantIpRestrictions, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const doc = ipRestrictionsFrom(
        (await store.entities.get(IP_RESTRICTIONS_ENTITY, tenantSessionOf(request).tid))?.data,
      );
      return { enabled: doc.enabled, allowed: doc.allowed, your_address: request.ip };
    },
  );

  app.put(
    PATHS.adminAccessControl,
    {
      config: {
        world: 'tenant' as const,
        permission: ACCESS_CONTROL_WRITE_PERMISSION,
        audit: {
          action: 'update',
          area: 'admins',
          what: 'Changed who may reach the administration.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          "Replaces the administration's access control; a list that leaves out the caller's own address is refused (409) rather than lock them out",
        body: AdminAccessControl,
        response: { 200: AdminAccessControlReply, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { tid, username } = tenantSessionOf(request);
      const body = request.body;
      for (const [i, range] of body.allowed_ranges.entries()) {
        const problem = rangeProblem(range);
        if (problem) throw new ApiHttpError(400, problem, `allowed_ranges.${i}`);
      }
      const ranges = [...new Set(body.allowed_ranges.map((r) => r.trim()))];
      const methods = [...new Set(body.allowed_methods)];
      if (body.enabled) {
        if (ranges.length === 0)
          throw new ApiHttpError(400, ADMIN_ACCESS_CONTROL_MSGS.rangesRequired, 'allowed_ranges');
        if (methods.length === 0)
          throw new ApiHttpError(400, ADMIN_ACCESS_CONTROL_MSGS.methodsRequired, 'allowed_methods');
        if (!ipAllowed(ranges, request.ip))
          throw new ApiHttpError(
            409,
            `The list does not include your own address ${request.ip}: saving it would lock you out.`,
            'allowed_ranges',
          );
        // The same for the way the caller signed in: the guard would refuse their next call.
        const method = signInMethodOf(tenantSessionOf(request));
        if (!methods.includes(method))
          throw new ApiHttpError(
            409,
            `The methods do not include ${method}, the one you signed in with: saving them would lock you out.`,
            'allowed_methods',
          );
      }
      const before = await accessView(tid);
      const saved: AdminAccessControlReply = {
        enabled: body.enabled,
        allowed_ranges: ranges,
        allowed_methods: methods,
        updated_at: nowIso(),
        updated_by: username,
      };
      const { updated_at: _a, updated_by: _b, ...beforeState } = before;
      // The list and its audit event commit together.
      await auditedChange(request, async (tx) => {
        await writeDoc(tx, ENTITY.accessControl, tid, saved, saved.updated_at as string);
        noteAudit(request, {
          object: 'Administration access control',
          before: beforeState,
          after: {
            enabled: saved.enabled,
            allowed_ranges: saved.allowed_ranges,
            allowed_methods: saved.allowed_methods,
          },
          details: `Changed who may reach the administration (${saved.enabled ? `${ranges.length} range(s)` : 'off'}).`,
        });
      });
      return saved;
    },
  );
};
