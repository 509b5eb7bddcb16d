/**
 * The allow list's calls beside its document (docs/policy.md §4 Policy): the popular-sites feed
 * (GET /safemail/whitelist/feeds/?limit=&source=&type=global, under email_policy read) and the UCE
 * submission (POST /safemail/whitelist/uce/, under email_policy write). Shapes from common's
 * contract (safemailWhitelist.ts); bodies and queries validate strictly.
 *
 * A submission goes to the provider's review: it is kept as a row of the config store's entity
 * table (entity `safemail_uce`, so it survives a restart and the provider can list it) and
 * audited in the tenant's audit log. The sender is checked with the shared validators (a domain
 * or an e-mail address, as its type says): 400 naming `value` otherwise, and nothing is kept.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  FEED_LIMIT_DEFAULT,
  PopularSitesQuery,
  PopularSitesReply,
  SAFEMAIL_WHITELIST_PATHS,
  UceSubmissionBody,
  UceSubmissionReply,
} from '@workbench/common/api/contract/safemailWhitelist';
import { policyKindFeatures } from '@workbench/common/api/contract/policyKinds';
import { domain, email } from '@workbench/common/validators/network';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { AUDIT_AREA, POLICY_AUDIT, recordPolicyAudit } from './policyAudit';
import { POPULAR_SITES } from './reference/popularSites';

/** The entity-table name of UCE submissions (not a provider-console entity: no routes of its own). */
export const UCE_ENTITY = 'safemail_uce';

/** The allow list's feed and UCE reports need what the allow list needs (docs/policy.md §2). */
const WHITELIST_FEATURES = policyKindFeatures('safemail/whitelist');

export const safemailWhitelistRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['policy'];

  app.get(
    SAFEMAIL_WHITELIST_PATHS.feeds,
    {
      config: { world: 'tenant', permission: 'email_policy:*:read', features: WHITELIST_FEATURES },
      schema: {
        tags,
        summary: 'The popular-sites feed of the e-mail allow list (type global), most popular first',
        querystring: PopularSitesQuery,
        response: { 200: PopularSitesReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { limit = FEED_LIMIT_DEFAULT, source = '', type } = request.query;
      const sites = POPULAR_SITES.filter((s) => source === '' || s.source === source);
      return { type, total: sites.length, sites: sites.slice(0, limit) };
    },
  );

  app.post(
    SAFEMAIL_WHITELIST_PATHS.uce,
    {
      config: {
        world: 'tenant',
        permission: 'email_policy:*:write',
        audit: POLICY_AUDIT,
        features: WHITELIST_FEATURES,
      },
      schema: {
        tags,
        summary: 'Reports a sender of unsolicited commercial e-mail (UCE) to the provider’s review',
        body: UceSubmissionBody,
        response: { 200: UceSubmissionReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const body = request.body;
      const value = body.value.trim().toLowerCase();
      const key = body.type === 'email' ? email(value) : domain(value);
      if (key) throw new ApiHttpError(400, `value is not a valid ${body.type} (${key}).`, 'value');
      const at = ctx.now().toISOString();
      const subject = body.subject?.trim();
      const note = body.note?.trim();
      const submission = {
        id: crypto.randomUUID(),
        type: body.type,
        value,
        ...(subject ? { subject } : {}),
        ...(note ? { note } : {}),
        status: 'received' as const,
        submitted_by: s.username,
        submitted_at: at,
      };
      await ctx.store.transaction(async (tx) => {
        await tx.entities.insert({
          entity: UCE_ENTITY,
          id: submission.id,
          data: { ...submission, tid: s.tid },
          createdAt: at,
          updatedAt: at,
        });
        await recordPolicyAudit(tx, ctx, request, s, [
          {
            action: 'update',
            area: AUDIT_AREA.email_policy,
            details: `Reported ${value} as a sender of unsolicited commercial e-mail (submission ${submission.id}).`,
          },
        ]);
      });
      return submission;
    },
  );
};
