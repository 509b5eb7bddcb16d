/**
 * The body of the logs toolbar's "Columns" dialog (ColumnManager.tsx): the field list on common's
 * DataTable, its warning and its buttons. A module of its own, loaded on the first click of
 * Columns, so the logs page's first load does not carry the DataTable and its parts
 * (bench/README.md "First load").
 */
import { useMemo, type Dispatch, type SetStateAction } from 'react';
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

export interface ColumnManagerDialogProps {
  route: LogRoute;
  /** The choices being edited; null: closed. */
  draft: ColumnChoice[] | null;
  setDraft: Dispatch<SetStateAction<ColumnChoice[] | null>>;
  /** Apply: the columns to show, in order (never empty). */
  onApply: (columns: string[]) => void;
}

export function ColumnManagerDialog({ route, draft, setDraft, onApply }: ColumnManagerDialogProps) {
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
    [setDraft],
  );

  return (
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
            onPositionChange={(event) => setDraft((d) => (d ? moveChoice(d, event.current, event.next) : d))}
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
  );
}
