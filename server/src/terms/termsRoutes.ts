/**
 * Terms of service (issue 33 point 6; docs/terms.md): GET and PUT `/api/settings/v1/tenants/tos`.
 * GET answers the provider's EULA of the caller's tenant and the caller's own acceptance; PUT
 * accepts the version read. Both are open to any signed-in administrator, also while accepting is
 * the pending step (it is that step's page), and never to an API token: accepting is a person's.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  TERMS_MESSAGES,
  TERMS_PATH,
  TermsAcceptBody,
  TermsReply,
  termsDue,
  termsPresent,
} from '@workbench/common/api/contract/terms';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { recordAcceptance, termsStateOf, type TermsState } from './terms';

const tags = ['terms of service'];
const reply = ({ terms, accepted }: TermsState): TermsReply => ({
  required: terms.required,
  version: terms.version,
  url: terms.url,
  text: terms.text,
  accepted,
  due: termsDue(terms, accepted),
});

export const termsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const { store } = ctx;
  const access = {
    world: 'tenant' as const,
    permission: null,
    whilePending: ['accept_terms' as const],
    sessionOnly: true,
  };

  app.get(
    TERMS_PATH,
    {
      config: access,
      schema: {
        tags,
        summary: "The tenant's terms of service and whether the caller accepted their current version",
        response: { 200: TermsReply, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { tid, uid } = tenantSessionOf(request);
      return reply(await termsStateOf(store, tid, uid));
    },
  );

  app.put(
    TERMS_PATH,
    {
      config: {
        ...access,
        audit: {
          action: 'update',
          area: 'admins',
          what: 'Accepted the terms of service.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          'Accepts the terms of service in the version read; a version that is no longer the current one is refused (409)',
        body: TermsAcceptBody,
        response: { 200: TermsReply, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { tid, uid, username } = tenantSessionOf(request);
      const before = await termsStateOf(store, tid, uid);
      if (!termsPresent(before.terms)) throw new ApiHttpError(409, TERMS_MESSAGES.none);
      if (request.body.version !== before.terms.version)
        throw new ApiHttpError(409, TERMS_MESSAGES.changed(before.terms.version), 'version');
      const acceptance = { version: before.terms.version, accepted_at: ctx.now().toISOString() };
      // The acceptance and its audit event commit together.
      await auditedChange(request, async (tx) => {
        await recordAcceptance(tx, tid, uid, acceptance);
        noteAudit(request, {
          object: username,
          before: { accepted: before.accepted },
          after: { accepted: acceptance },
          details: `Accepted the terms of service (version ${acceptance.version || 'unnamed'}).`,
        });
      });
      return reply({ terms: before.terms, accepted: acceptance });
    },
  );
};
