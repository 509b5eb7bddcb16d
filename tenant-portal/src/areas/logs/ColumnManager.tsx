/**
 * The logs toolbar's "Columns" dialog, on common's DataTable: one row per field of the log type,
 * the checkbox shows or hides it, a row moves by dragging its handle or typing its position (the
 * DataTable's 1-based position-change event). Apply writes the shown columns, in list order, to
 * the URL's `columns`; Cancel drops the changes; Reset to defaults puts back the type's default
 * columns (applied with Apply). Time is not listed: it is always shown, first.
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { logsIds } from '@workbench/common';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import type { LogRoute } from '@workbench/common/vocabularies/index';
import { LOG_ROUTE_FIELDS, fieldLabel } from './logFields';
import {
  NO_COLUMN_SHOWN_MESSAGE,
  appliedColumns,
  columnChoices,
  moveChoice,
  toggleChoice,
  type ColumnChoice,
} from './columnManagerModel';

export interface ColumnManagerProps {
  route: LogRoute;
  /** The columns shown now, in order (the view's `columns`). */
  visible: readonly string[];
  /** Apply: the columns to show, in order (never empty). */
  onApply: (columns: string[]) => void;
}

export function ColumnManager({ route, visible, onApply }: ColumnManagerProps) {
  const [draft, setDraft] = useState<ColumnChoice[] | null>(null);
  const fields = LOG_ROUTE_FIELDS[route].fields;
  const open = draft !== null;
  const close = () => setDraft(null);
  const applied = draft ? appliedColumns(draft) : null;

  const columns = useMemo<DataTableColumn<ColumnChoice>[]>(
    () => [
      {
        name: 'shown',
        header: 'Shown',
        flex: 0,
        minWidth: 90,
        center: true,
        render: (choice) => (
          <Checkbox
            size="small"
            checked={choice.shown}
            onChange={() => setDraft((d) => (d ? toggleChoice(d, choice.field) : d))}
            slotProps={{
              input: {
                'aria-label': `Show ${fieldLabel(choice.field)}`,
                'data-testid': `${logsIds.columnOption}-${choice.field}`,
              } as object,
            }}
          />
        ),
      },
      { name: 'column', header: 'Column', flex: 1, value: (choice) => fieldLabel(choice.field) },
    ],
    [],
  );

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
      <Dialog
        open={open}
        onClose={close}
        maxWidth="sm"
        fullWidth
        scroll="paper"
        aria-labelledby="logs-columns-title"
        slotProps={{ paper: { 'data-testid': logsIds.columnsDialog } as object }}
      >
        <DialogTitle id="logs-columns-title">Columns</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Time is always shown first. Drag a row by its handle or type its position to change the order.
          </Typography>
          {draft && (
            <DataTable<ColumnChoice>
              label="Columns of the grid"
              rows={draft}
              rowKey={(choice) => choice.field}
              columns={columns}
              pageSize={0}
              onPositionChange={(event) =>
                setDraft((d) => (d ? moveChoice(d, event.current, event.next) : d))
              }
            />
          )}
          {draft && applied === null && (
            <Alert severity="warning" data-testid={logsIds.columnsError} sx={{ mt: 1 }}>
              {NO_COLUMN_SHOWN_MESSAGE}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button
            data-testid={logsIds.columnsReset}
            onClick={() => setDraft(columnChoices(fields, LOG_ROUTE_FIELDS[route].defaultColumns))}
            sx={{ mr: 'auto' }}
          >
            Reset to defaults
          </Button>
          <Button data-testid={logsIds.columnsCancel} onClick={close}>
            Cancel
          </Button>
          <Button
            data-testid={logsIds.columnsApply}
            variant="contained"
            disabled={applied === null}
            onClick={() => {
              if (applied) onApply(applied);
              close();
            }}
          >
            Apply
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
