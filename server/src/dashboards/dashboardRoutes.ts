/**
 * Dashboards people build (issue 41 points 4, 5; docs/dashboards.md): a tenant's boards of report
 * query and logs field panels, and each user's start board. The contract (bodies, bounds,
 * messages) is common's api/contract/customDashboards.ts. A panel's data is read by the report
 * query and logs summary routes, each with its own permission: a board names queries, it grants
 * nothing.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BOARDS_READ_PERMISSION,
  BOARDS_WRITE_PERMISSION,
  BOARD_NAME_TAKEN,
  BOARD_NOT_FOUND,
  BOARD_PATHS,
  Board,
  BoardIdParams,
  BoardInput,
  BoardList,
  StartBoardInput,
  StartBoardReply,
  boardInputProblem,
  type Board as BoardReply,
} from '@workbench/common/api/contract/customDashboards';
import { nameKey } from '@workbench/common/validators/controlCharacters';
import type { DashboardRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';

const read = { world: 'tenant' as const, permission: BOARDS_READ_PERMISSION };
const write = { world: 'tenant' as const, permission: BOARDS_WRITE_PERMISSION };
const tags = ['dashboards'];

function reply(r: DashboardRecord): BoardReply {
  const doc = JSON.parse(r.data) as Pick<BoardReply, 'interval' | 'variables' | 'panels'>;
  return {
    id: r.id,
    name: r.name,
    interval: doc.interval,
    variables: doc.variables,
    panels: doc.panels,
    created_at: r.createdAt,
    created_by: r.createdBy,
    updated_at: r.updatedAt,
    updated_by: r.updatedBy,
  };
}

/** The checks beyond the schema (400 naming the field), and the board's stored document. */
function documentOf(input: BoardInput): { name: string; data: string } {
  const problem = boardInputProblem(input);
  if (problem) throw new ApiHttpError(400, problem[1], problem[0]);
  const { interval, variables, panels } = input;
  return { name: input.name.trim(), data: JSON.stringify({ interval, variables, panels }) };
}

export const dashboardRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;

  app.get(
    BOARD_PATHS.list,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's dashboards, by name, and the caller's start board",
        response: { 200: BoardList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const boards = (await ctx.store.dashboards.list(s.tid)).map(reply);
      const start = await ctx.store.dashboards.startBoard(s.tid, s.uid);
      return { boards, start_board: boards.some((b) => b.id === start) ? start : null };
    },
  );

  app.post(
    BOARD_PATHS.list,
    {
      config: {
        ...write,
        audit: { action: 'create', area: 'dashboards', what: 'Created a dashboard.', inTransaction: true },
      },
      schema: {
        tags,
        summary: 'Creates a dashboard (name unique per tenant without regard to case)',
        body: BoardInput,
        response: { 200: Board, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const { name, data } = documentOf(request.body);
      const at = ctx.now().toISOString();
      const record: DashboardRecord = {
        id: crypto.randomUUID(),
        tid: s.tid,
        name,
        data,
        createdAt: at,
        createdBy: s.username,
        updatedAt: at,
        updatedBy: s.username,
      };
      // The board and its audit event commit together.
      return auditedChange(request, async (tx) => {
        if (!(await tx.dashboards.insert(record, nameKey(name))))
          throw new ApiHttpError(409, BOARD_NAME_TAKEN, 'name');
        const made = reply(record);
        noteAudit(request, { object: name, after: made, details: `Created the dashboard ${name}.` });
        return made;
      });
    },
  );

  app.get(
    `${BOARD_PATHS.list}/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: 'One of the tenant’s dashboards',
        params: BoardIdParams,
        response: { 200: Board, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const r = await ctx.store.dashboards.get(s.tid, request.params.id);
      if (!r) throw new ApiHttpError(404, BOARD_NOT_FOUND, 'id');
      return reply(r);
    },
  );

  app.put(
    `${BOARD_PATHS.list}/:id`,
    {
      config: {
        ...write,
        audit: { action: 'update', area: 'dashboards', what: 'Saved a dashboard.', inTransaction: true },
      },
      schema: {
        tags,
        summary: 'Replaces one of the tenant’s dashboards (name, interval, variables, panels)',
        params: BoardIdParams,
        body: BoardInput,
        response: { 200: Board, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const { id } = request.params;
      const { name, data } = documentOf(request.body);
      return auditedChange(request, async (tx) => {
        const before = await tx.dashboards.get(s.tid, id);
        if (!before) throw new ApiHttpError(404, BOARD_NOT_FOUND, 'id');
        const at = ctx.now().toISOString();
        const outcome = await tx.dashboards.update(
          { tid: s.tid, id, name, data, updatedAt: at, updatedBy: s.username },
          nameKey(name),
        );
        if (outcome === 'taken') throw new ApiHttpError(409, BOARD_NAME_TAKEN, 'name');
        if (outcome === 'missing') throw new ApiHttpError(404, BOARD_NOT_FOUND, 'id');
        const saved = reply({ ...before, name, data, updatedAt: at, updatedBy: s.username });
        noteAudit(request, {
          object: name,
          before: reply(before),
          after: saved,
          details: `Saved the dashboard ${name}.`,
        });
        return saved;
      });
    },
  );

  app.delete(
    `${BOARD_PATHS.list}/:id`,
    {
      config: {
        ...write,
        audit: { action: 'delete', area: 'dashboards', what: 'Deleted a dashboard.', inTransaction: true },
      },
      schema: {
        tags,
        summary: 'Deletes one of the tenant’s dashboards (and the start pages that named it)',
        params: BoardIdParams,
        response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      return auditedChange(request, async (tx) => {
        const before = await tx.dashboards.get(s.tid, request.params.id);
        if (!before || !(await tx.dashboards.delete(s.tid, before.id)))
          throw new ApiHttpError(404, BOARD_NOT_FOUND, 'id');
        noteAudit(request, {
          object: before.name,
          before: reply(before),
          details: `Deleted the dashboard ${before.name}.`,
        });
        return { deleted: true };
      });
    },
  );

  app.put(
    BOARD_PATHS.startBoard,
    {
      config: {
        ...read,
        audit: {
          exempt: "the caller's own start page, a preference as a saved search is; no tenant setting",
        },
      },
      schema: {
        tags,
        summary: "Sets the caller's start board (one of the tenant's dashboards), or clears it (null)",
        body: StartBoardInput,
        response: { 200: StartBoardReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const id = request.body.board_id;
      if (id !== null && !(await ctx.store.dashboards.get(s.tid, id)))
        throw new ApiHttpError(404, BOARD_NOT_FOUND, 'board_id');
      await ctx.store.dashboards.setStartBoard(s.tid, s.uid, id);
      return { start_board: id };
    },
  );
};
