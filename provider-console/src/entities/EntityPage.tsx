/**
 * The page of a provider-entity registry row: its rows in the shared data table with server
 * search, sort and paging; operators add, edit and delete (support staff read only). The row's
 * columns, form and nouns come from the registry; the data from common's entity feature.
 */
import { Fragment, useState, type ComponentType } from 'react';
import { Alert, Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { SearchField, providerIds, selectProviderIsOperator, useAppSelector } from '@workbench/common';
import {
  PROVIDER_ENTITY_REGISTRY,
  type EntityColumnDef,
  type EntitySubResourceDef,
  type ProviderEntity,
  type ProviderEntityDef,
} from '@workbench/common/api/contract/providerEntities';
import {
  AddButton,
  ConfirmDeleteDialog,
  DeleteSelectedButton,
} from '@workbench/common/components/confirm-delete/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { entityPageIds, providerOpsIds } from '@workbench/common/test-ids/index';
import { LICENCE_STATE_LABELS, type LicenceState } from '@workbench/common/api/contract/providerOps';
import { statusChipColumnWidth } from '@workbench/common/components/status-chip/index';
import { REGISTRY_SOURCES, type RegistryRow } from './entitySources';
import { useRegistryEntityPage } from '../app/consoleEntities';
import { bodyOf } from './entityForm';
import { EntityFormDialog } from './EntityFormDialog';
import { storedNamesOf } from './ReferencePicker';
import { SubResourceDialog } from './SubResourceDialog';
import { LicenceStateBadge } from './LicenceStateBadge';
import { FilterToolbar } from '../filters/FilterToolbar';
import type { ProviderPageProps } from '../app/providerAreaModel';

/** The names the server resolved for a column's ids (REFERENCE_NAMES), else the ids themselves. */
const namesOf = (c: EntityColumnDef, row: RegistryRow): { id: string; name: string }[] => {
  const names = storedNamesOf(row, c.field);
  return ((row[c.field] as unknown[] | undefined) ?? []).map(String).map((id) => ({
    id,
    name: names.get(id) ?? id,
  }));
};

/** A width in px that shows `chars` characters of body text whole (ids are read, not guessed). */
const widthFor = (chars: number): number => Math.min(420, Math.max(120, Math.round(chars * 8.5) + 40));

const cellValue = (c: EntityColumnDef, row: RegistryRow): unknown => {
  if (c.names)
    return (
      namesOf(c, row)
        .map((n) => n.name)
        .join(', ') ||
      (c.empty ?? '')
    );
  const value = row[c.field];
  if (c.labels && typeof value === 'string') return c.labels[value] ?? value;
  if (c.format === 'list' && Array.isArray(value)) return value.join(', ');
  if (c.format === 'keys' && value && typeof value === 'object') return Object.keys(value).join(', ');
  if (c.format === 'date' && typeof value === 'string') return value.slice(0, 10);
  if (c.format === 'boolean') return value === true ? 'Yes' : 'No';
  if (c.format === 'licence_state' && typeof value === 'string')
    return LICENCE_STATE_LABELS[value as LicenceState] ?? value;
  return value;
};

export interface EntityPageProps {
  entity: ProviderEntity;
  /** h1 on a page of its own; h2 when it is a section of an area page. */
  headingLevel?: 'h1' | 'h2';
}

export function EntityPage({ entity, headingLevel = 'h1' }: EntityPageProps) {
  const def: ProviderEntityDef = PROVIDER_ENTITY_REGISTRY[entity];
  const source = REGISTRY_SOURCES[entity];
  const ids = entityPageIds(entity);
  const canWrite = useAppSelector(selectProviderIsOperator);
  const page = useRegistryEntityPage(entity);
  const idOf = source.idOf as (row: RegistryRow) => string;
  const [subOpen, setSubOpen] = useState<{ sub: EntitySubResourceDef; id: string } | null>(null);

  // The id column is as wide as the page's longest id: an id is the row's identity, never cut.
  const longestId = Math.max(0, ...page.rows.map((r) => idOf(r).length));
  const columns: DataTableColumn<RegistryRow>[] = [
    ...def.columns.map((c): DataTableColumn<RegistryRow> => ({
      name: c.field,
      header: c.header,
      flex: c.format === 'date' ? 1 : 2,
      minWidth:
        c.field === def.idField
          ? widthFor(longestId)
          : c.format === 'licence_state'
            ? statusChipColumnWidth(Object.values(LICENCE_STATE_LABELS))
            : 120,
      sortable: c.sortable === true,
      value: (row) => cellValue(c, row),
      ...(c.names
        ? {
            wrap: true,
            // Each name with its id, on hover and for screen readers; the list wraps, never cut.
            render: (row: RegistryRow) => {
              const items = namesOf(c, row);
              if (items.length === 0) return c.empty ?? '';
              return (
                <Box
                  component="span"
                  sx={{ whiteSpace: 'normal', lineHeight: 1.4, display: 'inline-block', py: 0.5 }}
                  data-testid={`${ids.page}-${c.field}-${idOf(row)}`}
                >
                  {items.map((n, i) => (
                    <Fragment key={n.id}>
                      {i > 0 && ', '}
                      <Tooltip title={`ID ${n.id}`}>
                        <span aria-label={n.name === n.id ? n.name : `${n.name} (ID ${n.id})`}>{n.name}</span>
                      </Tooltip>
                    </Fragment>
                  ))}
                </Box>
              );
            },
          }
        : {}),
      ...(c.format === 'licence_state'
        ? {
            render: (row: RegistryRow) => (
              <LicenceStateBadge
                state={row[c.field] as LicenceState}
                testId={`${providerOpsIds.licenceState}-${idOf(row)}`}
              />
            ),
          }
        : {}),
    })),
    // A row's sub-resource lists (a licence key's features and SKUs), for support too (read-only).
    ...(def.subResources ?? []).map((sub): DataTableColumn<RegistryRow> => ({
      name: `sub-${sub.name}`,
      header: sub.title,
      minWidth: 120,
      flex: 2,
      wrap: true,
      value: (row) => ((row[sub.name] as string[] | undefined) ?? []).join(', '),
      // The list's values, which open it to edit (operators) or read (support).
      render: (row: RegistryRow) => {
        const values = (row[sub.name] as string[] | undefined) ?? [];
        return (
          <Button
            size="small"
            sx={{
              textTransform: 'none',
              textAlign: 'left',
              justifyContent: 'flex-start',
              whiteSpace: 'normal',
            }}
            endIcon={canWrite ? <EditIcon fontSize="small" /> : undefined}
            aria-label={`${sub.title} of ${idOf(row)}: ${values.join(', ') || 'none'}. ${canWrite ? 'Edit' : 'View'}`}
            data-testid={`${ids.page}-${sub.name}-${idOf(row)}`}
            onClick={() => setSubOpen({ sub, id: idOf(row) })}
          >
            {values.length > 0 ? values.join(', ') : canWrite ? 'None: add' : 'None'}
          </Button>
        );
      },
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
                onClick={() => page.openForm(row)}
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
      <FilterToolbar>
        <Typography
          variant={headingLevel}
          data-testid={headingLevel === 'h1' ? providerIds.pageTitle : undefined}
          sx={{ flexGrow: 1 }}
        >
          {def.title}
        </Typography>
        <SearchField
          size="small"
          label={`Search ${def.title}`}
          {...page.search}
          testId={ids.search}
          maxLength={200}
        />
        <Typography color="text.secondary" data-testid={ids.total} aria-live="polite">
          {page.status === 'loading' && page.rows.length === 0
            ? `Loading ${def.title}…`
            : `${page.total} ${page.total === 1 ? def.noun : def.title}`}
        </Typography>
        {canWrite && (
          <>
            <DeleteSelectedButton
              count={page.selected.length}
              onClick={page.openDelete}
              testId={ids.deleteSelected}
            />
            <AddButton
              label={`Add ${def.noun}`}
              onClick={() => page.openForm('new')}
              testId={ids.addButton}
            />
          </>
        )}
      </FilterToolbar>
      {page.status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={page.reload}>Retry</Button>}>
          {page.error?.message}
        </Alert>
      )}
      <Box data-testid={ids.table}>
        <DataTable<RegistryRow>
          label={def.title}
          {...page.tableProps}
          columns={columns}
          selectable={canWrite}
          emptyText={`No ${def.title} match.`}
        />
      </Box>
      {page.editing && (
        <EntityFormDialog
          entity={entity}
          def={def}
          row={page.editing === 'new' ? null : page.editing}
          busy={page.busy}
          serverError={page.formError}
          onCancel={page.closeForm}
          onSubmit={(values) => {
            const body = bodyOf(def, values);
            const target = page.editing;
            if (target === 'new') page.requestWrite({ op: 'create', body });
            else if (target)
              page.requestWrite({ op: 'update', id: idOf(target), changes: body, label: idOf(target) });
          }}
        />
      )}
      {subOpen && (
        <SubResourceDialog
          entity={entity}
          id={subOpen.id}
          sub={subOpen.sub}
          canWrite={canWrite}
          onClose={() => {
            setSubOpen(null);
            // The row shows the list's values: read them again after an edit.
            if (canWrite) page.reload();
          }}
        />
      )}
      {page.deleting && (
        <ConfirmDeleteDialog
          title={`Delete ${def.title}`}
          {...page.confirmDelete}
          names={page.selected}
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
