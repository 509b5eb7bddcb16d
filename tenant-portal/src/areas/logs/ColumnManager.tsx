/**
 * The logs toolbar's "Columns" dialog, on common's DataTable: one row per field of the log type,
 * the checkbox shows or hides it, a row moves by dragging its handle or typing its position (the
 * DataTable's 1-based position-change event). Apply writes the shown columns, in list order, to
 * the URL's `columns`; Cancel drops the changes; Reset to defaults puts back the type's default
 * columns (applied with Apply). Time is not listed: it is always shown, first.
 *
 * The dialog itself (ColumnManagerDialog.tsx, with the DataTable) loads on the first click of
 * Columns, not with the logs page, and stays mounted from then on, so it closes with its
 * transition as before.
 */
import { lazy, memo, Suspense, useRef, useState } from 'react';
import { Button } from '@mui/material';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { logsIds } from '@workbench/common';
import type { LogRoute } from '@workbench/common/vocabularies/index';
import { LOG_ROUTE_FIELDS } from './logFields';
import { columnChoices, type ColumnChoice } from './columnManagerModel';

const ColumnManagerDialog = lazy(() =>
  import('./ColumnManagerDialog').then((m) => ({ default: m.ColumnManagerDialog })),
);

export interface ColumnManagerProps {
  route: LogRoute;
  /** The columns shown now, in order (the view's `columns`). */
  visible: readonly string[];
  /** Apply: the columns to show, in order (never empty). */
  onApply: (columns: string[]) => void;
}

/** Memoised: it renders again when its props change, not with each render of the logs page. */
export const ColumnManager = memo(function ColumnManager({ route, visible, onApply }: ColumnManagerProps) {
  const [draft, setDraft] = useState<ColumnChoice[] | null>(null);
  const opened = useRef(false);
  if (draft !== null) opened.current = true;
  const fields = LOG_ROUTE_FIELDS[route].fields;

  return (
    <>
      <Button
        data-testid={logsIds.columnsButton}
        startIcon={<ViewColumnIcon />}
        aria-haspopup="dialog"
        onClick={() => setDraft(columnChoices(fields, visible))}
      >
        Columns
      </Button>
      {opened.current && (
        <Suspense fallback={null}>
          <ColumnManagerDialog route={route} draft={draft} setDraft={setDraft} onApply={onApply} />
        </Suspense>
      )}
    </>
  );
});
