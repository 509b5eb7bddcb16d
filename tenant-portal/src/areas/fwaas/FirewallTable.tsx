import { Box, Button, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import EditIcon from '@mui/icons-material/EditOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { DataTable, type DataTableColumn, type RowState } from '@workbench/common';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import { moveItem } from './firewallModel';

interface Row {
  id: string;
  name: string;
}

/** The test ids of a row's buttons (`${rowEdit}-${id}` …): the firewall's, or private access's. */
export type FirewallRowIds = Pick<
  typeof firewallIds,
  'rowEdit' | 'rowDuplicate' | 'rowDelete' | 'rowUp' | 'rowDown'
>;

export interface FirewallTableProps<T extends Row> {
  /** The family's row-button test ids (default the firewall's). */
  rowIds?: { [K in keyof FirewallRowIds]: string };
  /** The section path (test ids) and the table's accessible name. */
  section: string;
  label: string;
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  readOnly: boolean;
  /** First match wins: rows can be dragged, given a position, or moved up and down. */
  ordered?: boolean;
  /** The new order (drag, typed position, Move up / Move down). */
  onReorder?: (rows: T[]) => void;
  /** Opens a row's form (read-only for readers). */
  onEdit: (row: T) => void;
  onDuplicate?: (row: T) => void;
  onDelete: (row: T) => void;
  rowState?: (row: T) => RowState | undefined;
}

/**
 * A list of a firewall document on the shared data table (docs/shared-ui.md §7 Data table: reorder by
 * vertical drag or a typed position), with per-row buttons reachable by keyboard: Move up / Move
 * down (ordered lists), Edit (View for readers), Duplicate and Delete. Rows keep the document's
 * order: the table does not sort them.
 */
export function FirewallTable<T extends Row>({
  rowIds = firewallIds,
  section,
  label,
  rows,
  columns,
  readOnly,
  ordered = false,
  onReorder,
  onEdit,
  onDuplicate,
  onDelete,
  rowState,
}: FirewallTableProps<T>) {
  const indexOf = (row: T) => rows.findIndex((r) => r.id === row.id);
  const buttons = (readOnly ? 1 : 3) + (onDuplicate && !readOnly ? 1 : 0) + (ordered && !readOnly ? 2 : 0);
  const actions: DataTableColumn<T> = {
    name: '__actions',
    header: 'Actions',
    minWidth: 24 + buttons * 34,
    // As narrow as its buttons, and kept in view while a narrow window scrolls the table sideways.
    flex: 0.01,
    pinned: 'right',
    render: (row) => {
      const i = indexOf(row);
      const name = row.name;
      return (
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          {ordered && !readOnly && onReorder && (
            <>
              <RowButton
                title="Move up"
                label={`Move ${name} up`}
                disabled={i <= 0}
                onClick={() => onReorder(moveItem(rows, i, i - 1))}
                testId={`${rowIds.rowUp}-${row.id}`}
                icon={<ArrowUpwardIcon fontSize="small" />}
              />
              <RowButton
                title="Move down"
                label={`Move ${name} down`}
                disabled={i >= rows.length - 1}
                onClick={() => onReorder(moveItem(rows, i, i + 1))}
                testId={`${rowIds.rowDown}-${row.id}`}
                icon={<ArrowDownwardIcon fontSize="small" />}
              />
            </>
          )}
          <RowButton
            title={readOnly ? 'View' : 'Edit'}
            label={`${readOnly ? 'View' : 'Edit'} ${name}`}
            onClick={() => onEdit(row)}
            testId={`${rowIds.rowEdit}-${row.id}`}
            icon={readOnly ? <VisibilityIcon fontSize="small" /> : <EditIcon fontSize="small" />}
          />
          {!readOnly && onDuplicate && (
            <RowButton
              title="Duplicate"
              label={`Duplicate ${name}`}
              onClick={() => onDuplicate(row)}
              testId={`${rowIds.rowDuplicate}-${row.id}`}
              icon={<CopyIcon fontSize="small" />}
            />
          )}
          {!readOnly && (
            <RowButton
              title="Delete"
              label={`Delete ${name}`}
              onClick={() => onDelete(row)}
              testId={`${rowIds.rowDelete}-${row.id}`}
              icon={<DeleteIcon fontSize="small" />}
            />
          )}
        </Box>
      );
    },
  };
  // Readers get the position as a plain column; writers get the table's own (drag handle and box).
  const position: DataTableColumn<T> = {
    name: '__position',
    header: '#',
    minWidth: 56,
    flex: 0.01,
    center: true,
    value: (row) => indexOf(row) + 1,
  };
  return (
    <Box data-testid={`${firewallIds.table}-${section}`}>
      <DataTable<T>
        label={label}
        rows={rows}
        rowKey={(row) => row.id}
        columns={[...(ordered && readOnly ? [position] : []), ...columns, actions]}
        pageSize={0}
        rowState={rowState}
        onPositionChange={
          ordered && !readOnly && onReorder
            ? ({ current, next }) => onReorder(moveItem(rows, current - 1, next - 1))
            : undefined
        }
      />
    </Box>
  );
}

function RowButton({
  title,
  label,
  disabled,
  onClick,
  testId,
  icon,
}: {
  title: string;
  label: string;
  disabled?: boolean;
  onClick: () => void;
  testId: string;
  icon: React.ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={disabled}
          onClick={onClick}
          data-testid={testId}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** An empty list: what it is and, for writers, the button that adds the first entry. */
export function FirewallEmpty({
  section,
  text,
  addLabel,
  readOnly,
  onAdd,
}: {
  section: string;
  text: string;
  addLabel: string;
  readOnly: boolean;
  onAdd: () => void;
}) {
  return (
    <Paper
      variant="outlined"
      role="status"
      data-testid={`${firewallIds.empty}-${section}`}
      sx={{ p: 3, textAlign: 'center' }}
    >
      <Typography sx={{ mb: readOnly ? 0 : 1.5 }}>
        {readOnly ? `${text}.` : `${text} — add the first one.`}
      </Typography>
      {!readOnly && <AddEntryButton section={section} label={addLabel} onClick={onAdd} />}
    </Paper>
  );
}

/** The Add button above a list (writers only). */
export function AddEntryButton({
  section,
  label,
  onClick,
}: {
  section: string;
  label: string;
  onClick: () => void;
}) {
  return (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={onClick}
      data-testid={`${firewallIds.add}-${section}`}
    >
      {label}
    </Button>
  );
}
