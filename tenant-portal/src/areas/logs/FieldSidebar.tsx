/**
 * The field sidebar left of the grid (issue 15, like Kibana Discover's): every field of the log
 * type; expanding one asks the server for its top values among the current query's events, each
 * with its share of them. A click on a value filters in (only events with it), the minus button
 * filters out. Fields load lazily, one request per expanded field, again when the query changes.
 * "Visualise" beside a field makes it a dashboard panel (docs/dashboards.md), for those who may
 * write dashboards. A field's row is two plain buttons, drawn as MUI's (fieldSidebarRows.tsx).
 */
import { lazy, memo, Suspense, useRef, useState } from 'react';
import { Box, ButtonBase, Collapse, LinearProgress, Typography } from '@mui/material';
import { FOCUS_RING_CLASS, selectCan, useAppSelector, useExtension } from '@workbench/common';
import { AnchoredTooltip, useAnchoredTooltip } from '@workbench/common/components/anchored-tooltip/index';
import { BOARDS_WRITE_PERMISSION } from '@workbench/common/api/contract/settingsPermissions';
import { boardsIds } from '@workbench/common/test-ids/boardsIds';
import { LOG_TYPE_REGISTRY } from '@workbench/common/vocabularies/logTypes';
import type { LogQuery } from '@workbench/common/api/logs';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import type { LogRoute } from '@workbench/common/vocabularies/index';
import { fieldLabel, fieldText, LOG_ROUTE_FIELDS } from './logFields';
import { useLogTopValues } from './logSummaries';
import { canFilterOn, FilterInOutButtons, type OnFieldFilter } from './FieldFilters';
import {
  CHEVRON_RIGHT_PATH,
  EXPAND_MORE_PATH,
  INSERT_CHART_OUTLINED_PATH,
  RowIcon,
  rowClasses,
  rowStyles,
} from './fieldSidebarRows';

/**
 * Visualise's dialog (with the boards' model, requests and chart kinds), loaded when a field's
 * Visualise is first clicked, not with the logs page, and kept mounted from then on, so it keeps
 * its choices between openings as before (bench/README.md "First load").
 */
const VisualiseDialog = lazy(() =>
  import('../boards/VisualiseDialog').then((m) => ({ default: m.VisualiseDialog })),
);

/** A share as people read it: "42%", "0.4%", "<0.1%". */
export function shareText(count: number, total: number): string {
  if (total <= 0) return '0%';
  const share = (count / total) * 100;
  if (share >= 10 || share === 0) return `${Math.round(share)}%`;
  if (share < 0.1) return '<0.1%';
  return `${share.toFixed(1)}%`;
}

/**
 * Memoised: its props keep their identity while the page's rows and counts arrive, so it does not
 * render its fields again with each of the page's renders (bench/README.md, "Renders of the web logs").
 */
export const FieldSidebar = memo(function FieldSidebar({
  route,
  query,
  onFilter,
}: {
  route: LogRoute;
  query: LogQuery | null;
  onFilter: OnFieldFilter;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const canWriteBoards = useAppSelector(selectCan(BOARDS_WRITE_PERMISSION));
  const boardsServed = useExtension('dashboards');
  const canVisualise = canWriteBoards && boardsServed;
  const [visualising, setVisualising] = useState<string | null>(null);
  const [tooltipAt, tooltipHandlers] = useAnchoredTooltip();
  const visualiseOpened = useRef(false);
  if (visualising !== null) visualiseOpened.current = true;
  // A field's Collapse mounts when it is first expanded (it appears with its transition) and stays
  // mounted, so it closes with it; not with the sidebar, whose 39 closed Collapses were a fifth of
  // its first commit.
  const expandedOnce = useRef(new Set<string>());
  for (const field of open) expandedOnce.current.add(field);
  const toggle = (field: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(field)) next.add(field);
      return next;
    });
  return (
    <Box
      component="nav"
      aria-label="Fields"
      data-testid={logsExplorerIds.sidebar}
      sx={[
        { flex: 1, minWidth: 0, overflowY: 'auto', borderRight: 1, borderColor: 'divider', pr: 0.5 },
        rowStyles,
      ]}
    >
      <Typography variant="subtitle2" component="h2" sx={{ px: 1, py: 0.5 }}>
        Fields
      </Typography>
      {LOG_ROUTE_FIELDS[route].fields.map((field) => {
        const expanded = open.has(field);
        return (
          <div key={field}>
            <div className={rowClasses.row}>
              <button
                type="button"
                className={rowClasses.field}
                data-testid={`${logsExplorerIds.sidebarField}-${field}`}
                aria-expanded={expanded}
                onClick={() => toggle(field)}
              >
                <RowIcon path={expanded ? EXPAND_MORE_PATH : CHEVRON_RIGHT_PATH} />
                {fieldLabel(field)}
              </button>
              {canVisualise && (
                <button
                  type="button"
                  className={`${rowClasses.visualise} ${FOCUS_RING_CLASS}`}
                  aria-label={`Visualise ${fieldLabel(field)}`}
                  data-testid={`${boardsIds.visualise}-${field}`}
                  onClick={() => setVisualising(field)}
                  {...tooltipHandlers}
                >
                  <RowIcon path={INSERT_CHART_OUTLINED_PATH} />
                </button>
              )}
            </div>
            {expandedOnce.current.has(field) && (
              <Collapse in={expanded} unmountOnExit>
                <TopValues field={field} query={query} onFilter={onFilter} />
              </Collapse>
            )}
          </div>
        );
      })}
      {canVisualise && <AnchoredTooltip at={tooltipAt} title="Visualise on a dashboard" />}
      {visualiseOpened.current && (
        <Suspense fallback={null}>
          <VisualiseDialog
            logType={LOG_TYPE_REGISTRY[route].type}
            field={visualising}
            query={query}
            onClose={() => setVisualising(null)}
          />
        </Suspense>
      )}
    </Box>
  );
});

function TopValues({
  field,
  query,
  onFilter,
}: {
  field: string;
  query: LogQuery | null;
  onFilter: OnFieldFilter;
}) {
  const summary = useLogTopValues(query, field);
  if (!summary || summary.status === 'loading')
    return (
      <LinearProgress aria-label={`Loading the top values of ${fieldLabel(field)}`} sx={{ mx: 1, my: 1 }} />
    );
  if (summary.status === 'failed')
    return (
      <Typography variant="body2" color="error" sx={{ px: 1 }}>
        {summary.message}
      </Typography>
    );
  const { values, total } = summary.reply;
  if (!values.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 1, pb: 0.5 }}>
        No values.
      </Typography>
    );
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, pl: 1, pb: 0.5 }}>
      {values.map(({ value, count }) => {
        const text = fieldText(field, value) || String(value);
        const share = shareText(count, total);
        const filterable = canFilterOn(field, value);
        return (
          <Box component="li" key={String(value)} sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
            <ButtonBase
              data-testid={`${logsExplorerIds.sidebarValue}-${field}-${String(value)}`}
              disabled={!filterable}
              title={`${text}: ${count.toLocaleString('en-US')} events (${share})`}
              aria-label={`Filter in: ${fieldLabel(field)} is ${text} (${share} of the events)`}
              onClick={() => onFilter(field, String(value), 'in')}
              sx={{
                flex: 1,
                minWidth: 0,
                display: 'block',
                textAlign: 'left',
                px: 0.5,
                borderRadius: 1,
                '&:hover': { bgcolor: 'action.hover' },
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
              }}
            >
              <Box sx={{ display: 'flex', gap: 1, typography: 'body2' }}>
                <Box
                  component="span"
                  sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {text}
                </Box>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {share}
                </Box>
              </Box>
              <LinearProgress
                variant="determinate"
                value={(count / Math.max(total, 1)) * 100}
                aria-hidden
                sx={{ height: 3, borderRadius: 1 }}
              />
            </ButtonBase>
            {filterable && (
              <FilterInOutButtons field={field} value={value} onFilter={onFilter} modes={['out']} />
            )}
          </Box>
        );
      })}
    </Box>
  );
}
