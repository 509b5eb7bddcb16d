import type { ReactNode } from 'react';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
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
 * A rule list of a web policy section on the shared data table (docs/shared-ui.md §7: drag reordering and
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
    // In view while a narrow window scrolls the table sideways (as the users and firewall tables).
    pinned: 'right',
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

/**
 * One list of a section with its own heading (a section holding several lists, e.g. e-mail's
 * attachment groups and content types): the heading, Add (writers), an optional notice, then the
 * rule table.
 */
export function TitledRuleTable<T>({
  title,
  addLabel,
  addTestId,
  onAdd,
  notice,
  ...table
}: RuleTableProps<T> & {
  title: string;
  addLabel: string;
  addTestId: string;
  onAdd: () => void;
  /** Shown between Add and the table (e.g. why a delete was refused). */
  notice?: ReactNode;
}) {
  return (
    <Box>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {!table.readOnly && (
        <Button
          startIcon={<AddIcon />}
          variant="outlined"
          sx={{ mb: 1 }}
          onClick={onAdd}
          data-testid={addTestId}
        >
          {addLabel}
        </Button>
      )}
      {notice}
      <RuleTable<T> {...table} />
    </Box>
  );
}
