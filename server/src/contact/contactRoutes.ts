/**
 * The contact form (issue 34 point 7; docs/contact.md §1): a signed-in
 * administrator sends `POST /api/policy/contact_form` (validated, stored, at most
 * CONTACT_RATE_LIMIT.max per account and hour: 429 with Retry-After beyond); the provider console
 * lists the messages per tenant and status and an operator marks one answered (audited with before
 * and after). Messages are rows of the config store's entity table (`contact_messages`), so both
 * engines keep them without a migration.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CONTACT_FORM_PATH,
  CONTACT_MESSAGE_NOT_FOUND,
  CONTACT_MESSAGES_PATHS,
  CONTACT_RATE_LIMIT,
  ContactFormBody,
  ContactMessage,
  ContactMessageList,
  ContactMessagesQuery,
  ContactStatusBody,
  contactRateLimited,
} from '@workbench/common/api/contract/contactForm';
import { ApiHttpError, errorResponses } from '../http/errors';
import { providerSessionOf, tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { TENANTS_READ, TENANTS_WRITE } from '../provider/tenantRouteKit';
import type { EntityRecord } from '../store/ConfigStore';
import { updatedAtAfter } from '../store/repositories/entities';

/** The config store's entity of the messages (one row per message, its id a UUID). */
export const CONTACT_ENTITY = 'contact_messages';

const messageOf = (r: EntityRecord): ContactMessage => r.data as unknown as ContactMessage;

export const contactRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;

  app.post(
    CONTACT_FORM_PATH,
    {
      config: {
        world: 'tenant',
        // Contact Us opens to every signed-in administrator (its route needs login only); a person
        // writes to support, never a script's token.
        permission: null,
        sessionOnly: true,
        features: ['contactForm'],
        audit: {
          action: 'create',
          area: 'contact_form',
          what: 'Sent a message to support.',
          inTransaction: true,
        },
      },
      schema: {
        tags: ['contact'],
        summary: `Sends a message to the provider's support (at most ${CONTACT_RATE_LIMIT.max} per account and hour)`,
        body: ContactFormBody,
        response: { 201: ContactMessage, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const s = tenantSessionOf(request);
      const now = ctx.now();
      // The account's latest messages: the oldest of the last `max` decides when the next may go.
      const { records } = await ctx.store.entities.newest(
        CONTACT_ENTITY,
        { tid: s.tid, sent_by_uid: s.uid },
        { limit: CONTACT_RATE_LIMIT.max },
      );
      if (records.length >= CONTACT_RATE_LIMIT.max) {
        const freeAt = Date.parse(records[records.length - 1].createdAt) + CONTACT_RATE_LIMIT.windowMs;
        const waitMs = freeAt - now.getTime();
        if (waitMs > 0) {
          const seconds = Math.ceil(waitMs / 1000);
          reply.header('Retry-After', String(seconds));
          throw new ApiHttpError(429, contactRateLimited(Math.ceil(seconds / 60)));
        }
      }
      const { topic, reply_to } = request.body;
      const message: ContactMessage = {
        id: crypto.randomUUID(),
        tid: s.tid,
        tenant_name: s.tenant.name,
        sent_by: s.username,
        sent_at: now.toISOString(),
        topic,
        subject: request.body.subject.trim(),
        message: request.body.message.trim(),
        reply_to: reply_to?.trim() || s.username,
        status: 'new',
        answered_by: null,
        answered_at: null,
      };
      // The message and its audit event commit together.
      await auditedChange(request, async (tx) => {
        await tx.entities.insert({
          entity: CONTACT_ENTITY,
          id: message.id,
          data: { ...message, sent_by_uid: s.uid },
          createdAt: message.sent_at,
          updatedAt: message.sent_at,
        });
        noteAudit(request, { object: message.subject, after: message });
      });
      return reply.code(201).send(message);
    },
  );

  const tags = ['provider contact messages'];
  app.get(
    CONTACT_MESSAGES_PATHS.list,
    {
      config: { world: 'provider', permission: TENANTS_READ },
      schema: {
        tags,
        summary: "The tenants' contact messages, newest first, by tenant (tid) and status",
        querystring: ContactMessagesQuery,
        response: { 200: ContactMessageList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { tenant, status, limit = 50, offset = 0 } = request.query;
      const { total, records } = await ctx.store.entities.newest(
        CONTACT_ENTITY,
        { ...(tenant ? { tid: tenant } : {}), ...(status ? { status } : {}) },
        { limit, offset },
      );
      return { total, messages: records.map(messageOf) };
    },
  );

  app.put(
    CONTACT_MESSAGES_PATHS.statusRoute,
    {
      config: {
        world: 'provider',
        permission: TENANTS_WRITE,
        audit: {
          action: 'update',
          area: 'contact_form',
          what: "Changed a contact message's status.",
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary: 'Marks a contact message answered (or new again)',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        body: ContactStatusBody,
        response: { 200: ContactMessage, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const record = await ctx.store.entities.get(CONTACT_ENTITY, request.params.id);
      if (!record) throw new ApiHttpError(404, CONTACT_MESSAGE_NOT_FOUND, 'id');
      const before = messageOf(record);
      const { status } = request.body;
      const answered = status === 'answered';
      const now = ctx.now().toISOString();
      const after: ContactMessage = {
        ...before,
        status,
        answered_by: answered ? providerSessionOf(request).username : null,
        answered_at: answered ? now : null,
      };
      if (before.status === status) {
        noteAudit(request, { skip: true });
        return before;
      }
      await auditedChange(request, async (tx) => {
        const saved = await tx.entities.update(
          {
            ...record,
            data: { ...record.data, ...after },
            updatedAt: updatedAtAfter(ctx.now(), record.updatedAt),
          },
          record.updatedAt,
        );
        if (!saved) throw new ApiHttpError(409, 'The message changed meanwhile: reload it.', 'id');
        noteAudit(request, {
          object: `${before.tenant_name}: ${before.subject}`,
          before,
          after,
          tenant: before.tid,
          details: `Marked the contact message "${before.subject}" of ${before.tenant_name} ${status}.`,
        });
      });
      return after;
    },
  );
};
