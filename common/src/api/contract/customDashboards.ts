/**
 * Dashboards people build (issue 41 points 4 and 5, docs/dashboards.md): a tenant's own boards
 * beside the fixed report dashboards (reportDashboards.ts, which stay as templates a user copies).
 * A board is a grid of panels, each a report query of the report-query registry drawn as a chart
 * kind the query allows (boardChartKinds), or a logs field's top values or events over time (the
 * logs explorer's "Visualise"); its variables (user, group, domain) narrow every panel that takes
 * them; its interval is the default time range.
 *
 * - `GET /api/dashboards/v1/boards` → `{ boards, start_board }` (by name; the caller's start page).
 * - `POST /api/dashboards/v1/boards` with a BoardInput → the board made.
 * - `GET|PUT|DELETE /api/dashboards/v1/boards/{id}`; PUT replaces the board (an unknown id → 404).
 * - `PUT /api/dashboards/v1/start_board` `{ board_id }` (null: none) → `{ start_board }`.
 *
 * Reading needs `dashboard:boards:read`, writing a board `dashboard:boards:write`; the start page
 * is the caller's own (reading is enough). Names are unique per tenant without regard to case.
 */
import { Type, type Static } from 'typebox';
import { REPORT_INTERVAL_CODES } from '../../features/interval/intervals';
import { LOG_TYPES } from '../../vocabularies/logTypes';
import { tenantFieldsOf } from './logSchema';
import { REPORT_QUERY_NAMES, REPORT_QUERY_REGISTRY, type ReportQueryName } from './reportQueries';

// The boards' permissions are settingsPermissions.ts's: the logs' field sidebar (Visualise) reads
// the write permission without this contract and the report registry it reads.
export { BOARDS_READ_PERMISSION, BOARDS_WRITE_PERMISSION } from './settingsPermissions';

export const BOARD_PATHS = {
  list: '/api/dashboards/v1/boards',
  one: (id: string) => `/api/dashboards/v1/boards/${encodeURIComponent(id)}`,
  startBoard: '/api/dashboards/v1/start_board',
} as const;

export const BOARD_NAME_MAX = 100;
export const BOARD_PANELS_MAX = 24;
/** The grid: 12 columns; a panel is 1–12 columns wide and 2–12 rows high. */
export const BOARD_COLUMNS = 12;
export const BOARD_ROWS_MAX = 200;
export const BOARD_PANEL_HEIGHT_MAX = 12;
export const BOARD_PANEL_HEIGHT_MIN = 2;
/** A top-N panel's groups (a query's limit, or a field's top values). */
export const BOARD_PANEL_LIMIT_MAX = 50;

/** The variables a board may have, each the report queries' request parameter it sets. */
export const BOARD_VARIABLES = {
  user: { label: 'User', param: 'userid' },
  group: { label: 'Group', param: 'group' },
  domain: { label: 'Domain', param: 'domain' },
} as const;
export type BoardVariable = keyof typeof BOARD_VARIABLES;
export const BOARD_VARIABLE_NAMES = Object.keys(BOARD_VARIABLES) as BoardVariable[];

/** The chart kinds a board panel is drawn as. */
export const BOARD_CHART_KINDS = ['bar', 'pie', 'table', 'line', 'area'] as const;
export type BoardChartKind = (typeof BOARD_CHART_KINDS)[number];

/**
 * The kinds a report query may be drawn as: a time series as a line or an area; groups of a field
 * as bars, a donut or a table; two dimensions only as the query's own (stacked) chart or a table.
 */
export function boardChartKinds(query: ReportQueryName): readonly BoardChartKind[] {
  const { dimension } = REPORT_QUERY_REGISTRY[query];
  if (dimension.kind === 'date') return dimension.series === undefined ? ['line', 'area'] : ['line'];
  return dimension.series === undefined ? ['bar', 'pie', 'table'] : ['bar', 'table'];
}

/** The kinds a logs field panel may be drawn as: top values as bars, donut or table; over time as a line or area. */
export const FIELD_PANEL_CHART_KINDS = {
  top: ['bar', 'pie', 'table'],
  time: ['line', 'area'],
} as const satisfies Record<string, readonly BoardChartKind[]>;
export type FieldPanelView = keyof typeof FIELD_PANEL_CHART_KINDS;

// Typed as the values' union (a union mapped from an array reads as never).
const literals = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((v) => Type.Literal(v))));

export const BoardLayout = Type.Object(
  {
    x: Type.Integer({ minimum: 0, maximum: BOARD_COLUMNS - 1 }),
    y: Type.Integer({ minimum: 0, maximum: BOARD_ROWS_MAX }),
    w: Type.Integer({ minimum: 1, maximum: BOARD_COLUMNS }),
    h: Type.Integer({ minimum: BOARD_PANEL_HEIGHT_MIN, maximum: BOARD_PANEL_HEIGHT_MAX }),
  },
  { additionalProperties: false },
);
export type BoardLayout = Static<typeof BoardLayout>;

/** A panel of a report query. */
export const QueryPanelSource = Type.Object(
  {
    kind: Type.Literal('query'),
    query: literals<ReportQueryName>(REPORT_QUERY_NAMES),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: BOARD_PANEL_LIMIT_MAX })),
  },
  { additionalProperties: false },
);
/** A panel of a logs field (the explorer's Visualise): its top values, or its events over time. */
export const FieldPanelSource = Type.Object(
  {
    kind: Type.Literal('field'),
    log_type: literals(LOG_TYPES),
    field: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9_]*$' }),
    view: literals(Object.keys(FIELD_PANEL_CHART_KINDS) as FieldPanelView[]),
    /**
     * The logs explorer's query parameters the panel counts within, without the time range
     * (filters, search, `q`; '' for every event): the logs summary routes read and check them.
     */
    query: Type.String({ maxLength: 2000 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: BOARD_PANEL_LIMIT_MAX })),
  },
  { additionalProperties: false },
);

export const BoardPanel = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' }),
    title: Type.String({ minLength: 1, maxLength: BOARD_NAME_MAX }),
    source: Type.Union([QueryPanelSource, FieldPanelSource]),
    chart: literals(BOARD_CHART_KINDS),
    layout: BoardLayout,
  },
  { additionalProperties: false },
);
export type BoardPanel = Static<typeof BoardPanel>;
export type BoardPanelSource = BoardPanel['source'];

export const BoardInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: BOARD_NAME_MAX }),
    /** The board's default time range (a report interval code). */
    interval: literals(REPORT_INTERVAL_CODES),
    /** The variables the board offers, each with its default value ('' for none). */
    variables: Type.Array(
      Type.Object(
        {
          name: literals(BOARD_VARIABLE_NAMES),
          value: Type.String({ maxLength: 200 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: BOARD_VARIABLE_NAMES.length },
    ),
    panels: Type.Array(BoardPanel, { maxItems: BOARD_PANELS_MAX }),
  },
  { additionalProperties: false },
);
export type BoardInput = Static<typeof BoardInput>;

export const Board = Type.Object({
  id: Type.String(),
  name: Type.String(),
  interval: Type.String(),
  variables: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
  panels: Type.Array(BoardPanel),
  created_at: Type.String({ description: 'ISO 8601' }),
  created_by: Type.String(),
  updated_at: Type.String({ description: 'ISO 8601' }),
  updated_by: Type.String(),
});
export type Board = Omit<Static<typeof Board>, 'interval' | 'variables'> & {
  interval: BoardInput['interval'];
  variables: BoardInput['variables'];
};

export const BoardList = Type.Object({
  boards: Type.Array(Board),
  /** The caller's start page: one of the boards' ids, or null. */
  start_board: Type.Union([Type.String(), Type.Null()]),
});
export type BoardList = { boards: Board[]; start_board: string | null };

export const BoardIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const StartBoardInput = Type.Object(
  { board_id: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()]) },
  { additionalProperties: false },
);
export type StartBoardInput = Static<typeof StartBoardInput>;
export const StartBoardReply = Type.Object({ start_board: Type.Union([Type.String(), Type.Null()]) });

export const BOARD_NAME_TAKEN = 'A dashboard with this name already exists.';
export const BOARD_NAME_EMPTY = 'The name must not be empty.';
export const BOARD_NOT_FOUND = 'The dashboard was not found.';
export const BOARD_PANEL_IDS_REPEATED = 'Each panel needs an id of its own.';
export const BOARD_VARIABLES_REPEATED = 'Each variable may be given once.';
export const boardChartRefused = (chart: string, allowed: readonly string[]): string =>
  `This panel cannot be drawn as ${chart}: choose ${allowed.join(', ')}.`;
export const boardFieldUnknown = (field: string): string => `The log type has no field ${field}.`;
export const boardPanelOutside = `A panel must fit in the grid's ${BOARD_COLUMNS} columns.`;

/** The chart kinds a panel's source allows. */
export function panelChartKinds(source: BoardPanelSource): readonly BoardChartKind[] {
  return source.kind === 'query' ? boardChartKinds(source.query) : FIELD_PANEL_CHART_KINDS[source.view];
}

/**
 * What the schema cannot say about a board: unique panel ids and variables, charts the sources
 * allow, panels inside the grid. The first problem as [field, message], or null.
 */
export function boardInputProblem(input: BoardInput): [string, string] | null {
  if (!input.name.trim()) return ['name', BOARD_NAME_EMPTY];
  const names = input.variables.map((v) => v.name);
  if (new Set(names).size !== names.length) return ['variables', BOARD_VARIABLES_REPEATED];
  const ids = new Set<string>();
  for (const [i, panel] of input.panels.entries()) {
    if (ids.has(panel.id)) return [`panels.${i}.id`, BOARD_PANEL_IDS_REPEATED];
    ids.add(panel.id);
    const allowed = panelChartKinds(panel.source);
    if (!allowed.includes(panel.chart)) return [`panels.${i}.chart`, boardChartRefused(panel.chart, allowed)];
    if (panel.source.kind === 'field' && !tenantFieldsOf(panel.source.log_type).includes(panel.source.field))
      return [`panels.${i}.source.field`, boardFieldUnknown(panel.source.field)];
    if (panel.layout.x + panel.layout.w > BOARD_COLUMNS) return [`panels.${i}.layout`, boardPanelOutside];
  }
  return null;
}
