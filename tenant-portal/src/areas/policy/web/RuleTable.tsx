import { Box, IconButton, Tooltip } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import EditIcon from '@mui/icons-material/EditOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { DataTable, type DataTableColumn, type RowState } from '@workbench/common';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { moveItem, removeKey } from './listEdits';

/** The test ids of a rule row's buttons (`${ruleEdit}-${key}` …): each family has its own. */
export interface RuleRowIds {
  ruleEdit: string;
  ruleDelete: string;
  ruleUp: string;
  ruleDown: string;
}

export interface RuleTableProps<T> {
  /** The family's row-button test ids (default the web policy's, which CASB shares). */
  ids?: RuleRowIds;
  /** The table's accessible name. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** How a row is named in its buttons' labels ("Move Block ads up"). */
  rowName: (row: T) => string;
  columns: readonly DataTableColumn<T>[];
  readOnly: boolean;
  /** First match wins: rows can be dragged, given a position, or moved up and down. */
  ordered?: boolean;
  onChange: (rows: T[]) => void;
  /** Opens a row's editor (read-only for readers); without it rows have no Edit. */
  onEdit?: (row: T) => void;
  rowState?: (row: T) => RowState | undefined;
  emptyText: string;
}

/**
 * A rule list of a web policy section on the shared data table (shared-ui §4: drag reordering and
 * typed positions), with keyboard-reachable Move up / Move down, Edit and Delete per row.
 */
export function RuleTable<T>({
  ids = webPolicyIds,
  label,
  rows,
  rowKey,
  rowName,
  columns,
  readOnly,
  ordered = false,
  onChange,
  onEdit,
  rowState,
  emptyText,
}: RuleTableProps<T>) {
  const indexOf = (row: T) => rows.findIndex((r) => rowKey(r) === rowKey(row));
  const actions: DataTableColumn<T> = {
    name: '__actions',
    header: 'Actions',
    minWidth: readOnly ? 70 : ordered ? 190 : 110,
    render: (row) => {
      const key = rowKey(row);
      const i = indexOf(row);
      const name = rowName(row);
      return (
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          {ordered && !readOnly && (
            <>
              <Tooltip title="Move up">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Move ${name} up`}
                    disabled={i <= 0}
                    onClick={() => onChange(moveItem(rows, i, i - 1))}
                    data-testid={`${ids.ruleUp}-${key}`}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Move down">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Move ${name} down`}
                    disabled={i >= rows.length - 1}
                    onClick={() => onChange(moveItem(rows, i, i + 1))}
                    data-testid={`${ids.ruleDown}-${key}`}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </>
          )}
          {onEdit && (
            <Tooltip title={readOnly ? 'View' : 'Edit'}>
              <IconButton
                size="small"
                aria-label={`${readOnly ? 'View' : 'Edit'} ${name}`}
                onClick={() => onEdit(row)}
                data-testid={`${ids.ruleEdit}-${key}`}
              >
                {readOnly ? <VisibilityIcon fontSize="small" /> : <EditIcon fontSize="small" />}
              </IconButton>
            </Tooltip>
          )}
          {!readOnly && (
            <Tooltip title="Delete">
              <IconButton
                size="small"
                aria-label={`Delete ${name}`}
                onClick={() => onChange(removeKey(rows, key, rowKey))}
                data-testid={`${ids.ruleDelete}-${key}`}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      );
    },
  };
  return (
    <DataTable<T>
      label={label}
      rows={rows}
      rowKey={rowKey}
      columns={[...columns, actions]}
      pageSize={0}
      rowState={rowState}
      emptyText={emptyText}
      onPositionChange={
        ordered && !readOnly
          ? ({ current, next }) => onChange(moveItem(rows, current - 1, next - 1))
          : undefined
      }
    />
  );
}
