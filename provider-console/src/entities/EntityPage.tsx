/**
 * The page of a provider-entity registry row: its rows in the shared data table with server
 * search, sort and paging; operators add, edit and delete (support staff read only). The row's
 * columns, form and nouns come from the registry; the data from common's entity feature.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { Alert, Box, Button, IconButton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  SearchField,
  providerIds,
  selectProviderIsOperator,
  sortOfHeader,
  useAppSelector,
  useEntityList,
} from '@workbench/common';
import {
  PROVIDER_ENTITY_REGISTRY,
  type EntityColumnDef,
  type ProviderEntity,
  type ProviderEntityDef,
} from '@workbench/common/api/contract/providerEntities';
import { ConfirmDeleteDialog } from '@workbench/common/components/confirm-delete/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { entityPageIds } from '@workbench/common/test-ids/index';
import { REGISTRY_SOURCES, type RegistryRow } from './entitySources';
import { bodyOf } from './entityForm';
import { EntityFormDialog } from './EntityFormDialog';
import type { ProviderPageProps } from '../app/providerAreas';

const cellValue = (c: EntityColumnDef, row: RegistryRow): unknown => {
  const value = row[c.field];
  if (c.format === 'list' && Array.isArray(value)) return value.join(', ');
  if (c.format === 'date' && typeof value === 'string') return value.slice(0, 10);
  return value;
};

export function EntityPage({ entity }: { entity: ProviderEntity }) {
  const def: ProviderEntityDef = PROVIDER_ENTITY_REGISTRY[entity];
  const source = REGISTRY_SOURCES[entity];
  const ids = entityPageIds(entity);
  const canWrite = useAppSelector(selectProviderIsOperator);
  const list = useEntityList<RegistryRow>(source);
  const { query, write, resetWrite } = list;
  const [searchText, setSearchText] = useState(query.search);
  const [editing, setEditing] = useState<RegistryRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const idOf = (row: RegistryRow): string => String(row[def.idField]);
  const { changeQuery } = list;

  // The search applies shortly after typing stops (and at once on Enter).
  useEffect(() => {
    if (searchText === query.search) return;
    const timer = setTimeout(() => changeQuery({ search: searchText }), 300);
    return () => clearTimeout(timer);
  }, [searchText, query.search, changeQuery]);

  // A finished write closes its dialog.
  useEffect(() => {
    if (write.status !== 'done') return;
    if (write.op === 'create' || write.op === 'update') setEditing(null);
    if (write.op === 'remove') setDeleting(false);
    resetWrite();
  }, [write.status, write.op, resetWrite]);

  const open = (target: RegistryRow | 'new') => {
    resetWrite();
    setEditing(target);
  };

  const columns: DataTableColumn<RegistryRow>[] = [
    ...def.columns.map((c): DataTableColumn<RegistryRow> => ({
      name: c.field,
      header: c.header,
      flex: c.format === 'date' ? 1 : 2,
      minWidth: 120,
      sortable: c.sortable === true,
      value: (row) => cellValue(c, row),
    })),
    ...(canWrite
      ? [
          {
            name: 'actions',
            header: 'Actions',
            center: true,
            render: (row: RegistryRow) => (
              <IconButton
                size="small"
                aria-label={`Edit ${idOf(row)}`}
                data-testid={`${ids.editButton}-${idOf(row)}`}
                onClick={() => open(row)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            ),
          },
        ]
      : []),
  ];

  return (
    <Box data-testid={ids.page}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h1" data-testid={providerIds.pageTitle} sx={{ flexGrow: 1 }}>
          {def.title}
        </Typography>
        <SearchField
          size="small"
          label={`Search ${def.title}`}
          value={searchText}
          onChange={setSearchText}
          onSubmit={(text) => changeQuery({ search: text })}
          testId={ids.search}
          maxLength={200}
        />
        <Typography color="text.secondary" data-testid={ids.total} aria-live="polite">
          {list.status === 'loading' && list.rows.length === 0
            ? `Loading ${def.title}…`
            : `${list.total} ${list.total === 1 ? def.noun : def.title}`}
        </Typography>
        {canWrite && (
          <>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={list.selected.length === 0}
              onClick={() => {
                resetWrite();
                setDeleting(true);
              }}
              data-testid={ids.deleteSelected}
            >
              Delete{list.selected.length > 0 ? ` (${list.selected.length})` : ''}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => open('new')}
              data-testid={ids.addButton}
            >
              Add {def.noun}
            </Button>
          </>
        )}
      </Stack>
      {list.status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={list.reload}>Retry</Button>}>
          {list.error?.message}
        </Alert>
      )}
      <Box data-testid={ids.table}>
        <DataTable<RegistryRow>
          label={def.title}
          rows={list.rows}
          rowKey={idOf}
          columns={columns}
          selectable={canWrite}
          onSelectionChange={(rows) => list.select(rows.map(idOf))}
          serverSort={{
            column: query.sort,
            direction: query.order,
            onChange: (column, direction) => {
              const sort = sortOfHeader(source, column, direction);
              if (sort) changeQuery(sort);
            },
          }}
          serverPaging={{
            page: query.page,
            pageSize: query.pageSize,
            total: list.total,
            onChange: (page, pageSize) => changeQuery({ page, pageSize }),
          }}
          emptyText={`No ${def.title} match.`}
        />
      </Box>
      {editing && (
        <EntityFormDialog
          entity={entity}
          def={def}
          row={editing === 'new' ? null : editing}
          busy={write.status === 'saving'}
          serverError={write.status === 'failed' ? write.error : null}
          onCancel={() => setEditing(null)}
          onSubmit={(values) => {
            const body = bodyOf(def, values);
            if (editing === 'new') list.requestWrite({ op: 'create', body });
            else list.requestWrite({ op: 'update', id: idOf(editing), changes: body, label: idOf(editing) });
          }}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title={`Delete ${def.title}`}
          count={list.selected.length}
          busy={write.status === 'saving'}
          onCancel={() => setDeleting(false)}
          onConfirm={() => list.requestWrite({ op: 'remove', ids: list.selected })}
          testIds={{ dialog: ids.deleteDialog, cancel: ids.deleteCancel, confirm: ids.deleteConfirm }}
        />
      )}
    </Box>
  );
}

/** The page component of a registry row, for the console's area table. */
export function entityPageOf(entity: ProviderEntity): ComponentType<ProviderPageProps> {
  return function RegistryEntityPage() {
    return <EntityPage entity={entity} />;
  };
}
