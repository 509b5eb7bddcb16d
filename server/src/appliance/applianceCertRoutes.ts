/**
 * The appliance's certificates (docs/appliances.md): its CA (view, download as PEM, reinitialise),
 * the service certificate's CSR (a new key pair; the key never leaves the appliance), installing
 * the certificate signed for that CSR (refused, 400, when its key is not the CSR's), the service
 * certificate as the central manager reads it (`certs/self/service`), and decodeCert. Stored in
 * the appliance's config store (rows `ca`, `service_csr`, `service_cert`; keys sealed).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { APPLIANCE_READ_ACCESS, applianceWriteAccess } from './applianceRouteAccess';
import { Type } from 'typebox';
import {
  APPLIANCE_CERT_MSGS as MSGS,
  APPLIANCE_PATHS as PATHS,
  CsrReply,
  CsrRequest,
  InstallCertRequest,
} from '@workbench/common/api/contract/appliance/applianceSettings';
import { CertificateInfo, DecodeCertBody } from '@workbench/common/api/contract/signInSettings';
import { hostname as hostnameKey } from '@workbench/common/validators/network';
import type { ServerContext } from '../context';
import type { ConfigStore } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { noteAudit } from '../audit/auditTrail';
import { CertificateProblem, decodeCertificate } from '../identity/certificates';
import { certificateMatchesCsr, makeApplianceCa, makeServiceCsr } from './applianceCertificates';

const tags = ['appliance certificates'];
const SYSTEM = 'system';
const CA_ROW = 'ca';
const CSR_ROW = 'service_csr';
const CERT_ROW = 'service_cert';

/** The CA's common name: the mode and a random part, so two appliances' CAs differ by name too. */
const caName = (mode: string | null) =>
  `Workbench ${mode ?? 'appliance'} CA ${Math.random().toString(36).slice(2, 8)}`;

/** Makes and stores a new CA (over `expected`, the row read; null: none yet). */
async function storeNewCa(ctx: ServerContext, by: string, expected: string | null): Promise<string> {
  const ca = await makeApplianceCa(caName(ctx.mode), ctx.now());
  const at = ctx.now().toISOString();
  const stored = await ctx.store.applianceSettings.put(
    CA_ROW,
    { cert: ca.pem },
    { key: ca.privateKeyPem },
    at,
    by,
    expected,
  );
  if (!stored) {
    // Another server (or start) made one meanwhile: that one is the CA.
    const now = await ctx.store.applianceSettings.get(CA_ROW);
    if (now) return String(now.data.cert);
  }
  return ca.pem;
}

/** The appliance's CA certificate (PEM), made on the first start. */
export async function ensureApplianceCa(ctx: ServerContext): Promise<string> {
  const row = await ctx.store.applianceSettings.get(CA_ROW);
  return row ? String(row.data.cert) : storeNewCa(ctx, SYSTEM, null);
}

const decoded = async (pem: string, now: Date) => decodeCertificate(pem, now);

async function csrReply(store: ConfigStore) {
  const row = await store.applianceSettings.get(CSR_ROW);
  return row
    ? {
        csr: String(row.data.csr),
        subject: String(row.data.subject),
        alt_names: row.data.alt_names as string[],
        key_algorithm: 'RSA 2048',
        created_at: row.updatedAt,
      }
    : null;
}

export const applianceCertRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  await ensureApplianceCa(ctx);
  const read = APPLIANCE_READ_ACCESS;
  const write = applianceWriteAccess;

  app.get(
    PATHS.caCert,
    {
      config: read,
      schema: {
        tags,
        summary: "The appliance's CA certificate, decoded (with its PEM)",
        response: { 200: CertificateInfo, ...errorResponses(401, 403) },
      },
    },
    async () => decoded(await ensureApplianceCa(ctx), ctx.now()),
  );

  app.get(
    PATHS.caCertDownload,
    {
      config: read,
      schema: {
        tags,
        summary: "The appliance's CA certificate as a PEM file (what clients and the central manager trust)",
        response: { 200: Type.String(), ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      const pem = await ensureApplianceCa(ctx);
      return reply
        .header('content-type', 'application/x-pem-file')
        .header('content-disposition', 'attachment; filename="appliance-ca.pem"')
        .send(pem);
    },
  );

  app.post(
    PATHS.caReinitialize,
    {
      config: write('Reinitialised the appliance CA.'),
      schema: {
        tags,
        summary: 'Replaces the CA with a new key and certificate (clients must trust the new one)',
        response: { 200: CertificateInfo, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => {
      const before = await ctx.store.applianceSettings.get(CA_ROW);
      const oldInfo = before ? await decoded(String(before.data.cert), ctx.now()) : null;
      const ca = await makeApplianceCa(caName(ctx.mode), ctx.now());
      const at = new Date(
        Math.max(ctx.now().getTime(), before ? Date.parse(before.updatedAt) + 1 : 0),
      ).toISOString();
      const stored = await ctx.store.applianceSettings.put(
        CA_ROW,
        { cert: ca.pem },
        { key: ca.privateKeyPem },
        at,
        tenantSessionOf(request).username,
        before?.updatedAt ?? null,
      );
      if (!stored) throw new ApiHttpError(409, 'The CA was reinitialised meanwhile; reload it.', 'ca');
      const info = await decoded(ca.pem, ctx.now());
      noteAudit(request, {
        object: 'appliance CA',
        before: oldInfo && { subject: oldInfo.subject, fingerprint_sha256: oldInfo.fingerprint_sha256 },
        after: { subject: info.subject, fingerprint_sha256: info.fingerprint_sha256 },
      });
      return info;
    },
  );

  app.get(
    PATHS.serviceCsr,
    {
      config: read,
      schema: {
        tags,
        summary: 'The service CSR last generated (404 when none)',
        response: { 200: CsrReply, ...errorResponses(401, 403, 404) },
      },
    },
    async () => {
      const csr = await csrReply(ctx.store);
      if (!csr) throw new ApiHttpError(404, MSGS.noCsr);
      return csr;
    },
  );

  app.post(
    PATHS.serviceCsr,
    {
      config: write('Generated a service CSR.'),
      schema: {
        tags,
        summary:
          'Generates a new key pair and its CSR for the service certificate (the key stays on the appliance); replaces a CSR not yet installed',
        body: CsrRequest,
        response: { 200: CsrReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const body = request.body;
      if (hostnameKey(body.common_name) !== null)
        throw new ApiHttpError(400, MSGS.badCommonName, 'common_name');
      for (const [i, name] of (body.alt_names ?? []).entries())
        if (hostnameKey(name) !== null) throw new ApiHttpError(400, MSGS.badAltName(i), `alt_names.${i}`);
      const csr = await makeServiceCsr(body);
      const before = await ctx.store.applianceSettings.get(CSR_ROW);
      const at = new Date(
        Math.max(ctx.now().getTime(), before ? Date.parse(before.updatedAt) + 1 : 0),
      ).toISOString();
      const stored = await ctx.store.applianceSettings.put(
        CSR_ROW,
        { csr: csr.pem, subject: csr.subject, alt_names: csr.altNames },
        { key: csr.privateKeyPem },
        at,
        tenantSessionOf(request).username,
        before?.updatedAt ?? null,
      );
      if (!stored) throw new ApiHttpError(409, 'Another CSR was generated meanwhile; reload it.', 'csr');
      noteAudit(request, { object: 'service CSR', after: { subject: csr.subject, alt_names: csr.altNames } });
      return {
        csr: csr.pem,
        subject: csr.subject,
        alt_names: csr.altNames,
        key_algorithm: 'RSA 2048',
        created_at: at,
      };
    },
  );

  app.get(
    PATHS.serviceCert,
    {
      config: read,
      schema: {
        tags,
        summary: 'The installed service certificate, decoded (404 when none)',
        response: { 200: CertificateInfo, ...errorResponses(401, 403, 404) },
      },
    },
    async () => {
      const row = await ctx.store.applianceSettings.get(CERT_ROW);
      if (!row) throw new ApiHttpError(404, MSGS.noServiceCert);
      return decoded(String(row.data.cert), ctx.now());
    },
  );

  app.put(
    PATHS.serviceCert,
    {
      config: write('Installed the service certificate.'),
      schema: {
        tags,
        summary:
          "Installs the certificate signed for the service CSR: it must be one certificate, in its validity period, for the CSR's key (400 otherwise)",
        body: InstallCertRequest,
        response: { 200: CertificateInfo, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      let info;
      try {
        info = await decoded(request.body.cert, ctx.now());
      } catch (error) {
        if (error instanceof CertificateProblem)
          throw new ApiHttpError(400, `cert: ${error.message}`, 'cert');
        throw error;
      }
      if (info.status !== 'valid')
        throw new ApiHttpError(
          400,
          info.status === 'expired'
            ? `cert: it expired on ${info.not_after}.`
            : `cert: it is not valid before ${info.not_before}.`,
          'cert',
        );
      const csr = await ctx.store.applianceSettings.get(CSR_ROW);
      if (!csr) throw new ApiHttpError(400, MSGS.noCsr, 'cert');
      if (!certificateMatchesCsr(info.pem, String(csr.data.csr)))
        throw new ApiHttpError(400, MSGS.keyMismatch, 'cert');
      const before = await ctx.store.applianceSettings.get(CERT_ROW);
      const at = new Date(
        Math.max(ctx.now().getTime(), before ? Date.parse(before.updatedAt) + 1 : 0),
      ).toISOString();
      const stored = await ctx.store.applianceSettings.put(
        CERT_ROW,
        { cert: info.pem },
        { key: csr.secret.key },
        at,
        tenantSessionOf(request).username,
        before?.updatedAt ?? null,
      );
      if (!stored)
        throw new ApiHttpError(409, 'Another certificate was installed meanwhile; reload it.', 'cert');
      noteAudit(request, {
        object: 'service certificate',
        after: { subject: info.subject, fingerprint_sha256: info.fingerprint_sha256 },
      });
      return info;
    },
  );

  app.get(
    PATHS.selfService,
    {
      config: read,
      schema: {
        tags,
        summary:
          'The service certificate as the central manager reads it: the installed one (null when none) and the pending CSR (null when none)',
        response: {
          200: Type.Object({
            certificate: Type.Union([CertificateInfo, Type.Null()]),
            csr: Type.Union([CsrReply, Type.Null()]),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => {
      const row = await ctx.store.applianceSettings.get(CERT_ROW);
      return {
        certificate: row ? await decoded(String(row.data.cert), ctx.now()) : null,
        csr: await csrReply(ctx.store),
      };
    },
  );

  app.post(
    PATHS.decodeCert,
    {
      config: { ...read, audit: { exempt: 'decodes the certificate it is given and stores nothing' } },
      schema: {
        tags,
        summary:
          'Decodes a certificate (PEM or base64 DER): subject, issuer, validity, SHA-256 fingerprint, key',
        body: DecodeCertBody,
        response: { 200: CertificateInfo, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      try {
        return await decoded(request.body.cert, ctx.now());
      } catch (error) {
        if (error instanceof CertificateProblem)
          throw new ApiHttpError(400, `cert: ${error.message}`, 'cert');
        throw error;
      }
    },
  );
};
