/**
 * The page of a tenant settings list (docs/settings.md), drawn from its registry row: its items in
 * the shared data table, add, edit and delete for who may write (`settings:<item>:write`), and a
 * Validate action per item where the row has one, whose outcome names each failed field and why.
 * Data through the entity feature (common's settingsListSource), never the HTTP client here.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { Alert, Box, Button, IconButton, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DownloadIcon from '@mui/icons-material/Download';
import { SearchField, selectCan, useAppSelector } from '@workbench/common';
import {
  TENANT_SETTINGS_REGISTRY,
  settingsReadPermission,
  settingsWritePermission,
  valueAt,
  type SettingsItem,
  type SettingsListDef,
  type SettingsValidateReply,
  type TenantSettingsList,
} from '@workbench/common/api/contract/tenantSettings';
import {
  AddButton,
  ConfirmDeleteDialog,
  DeleteSelectedButton,
} from '@workbench/common/components/confirm-delete/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { settingsExportUrl } from '@workbench/common/api/tenantSettings';
import { VALIDATE_COMMAND } from '@workbench/common/features/settings-lists/settingsListSource';
import { counted } from '@workbench/common/formatting/counted';
import { settingsListIds } from '@workbench/common/test-ids/index';
import { useEntityPage } from '../../app/portalEntities';
import { AreaPage } from '../AreaPage';
import { SettingsItemDialog } from './SettingsItemDialog';
import { ForensicsSections } from './forensics/ForensicsSections';
import { utcMinute } from './utcMinute';
import type { PageProps } from '../../routes/routeModel';

type Validation = SettingsValidateReply & { name: string };

function ValidationOutcome({
  list,
  def,
  outcome,
}: {
  list: string;
  def: SettingsListDef;
  outcome: Validation;
}) {
  const ids = settingsListIds(list);
  const labelOf = (field: string) => def.form.find((f) => f.field === field)?.label ?? field;
  const failed = outcome.checks.filter((c) => !c.ok);
  return (
    <Alert severity={outcome.validated ? 'success' : 'error'} sx={{ mb: 2 }} data-testid={ids.validation}>
      {outcome.validated
        ? `The ${def.noun} ${outcome.name} passed validation.`
        : `The ${def.noun} ${outcome.name} failed validation:`}
      {failed.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {failed.map((c, i) => (
            <li key={`${c.field}-${i}`} data-testid={`${ids.validationCheck}-${c.field}`}>
              <strong>{labelOf(c.field)}</strong> ({c.field}): {c.message}
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

export function SettingsListPage({ list }: { list: TenantSettingsList }) {
  const def: SettingsListDef = TENANT_SETTINGS_REGISTRY[list];
  const ids = settingsListIds(list);
  const canRead = useAppSelector(selectCan(settingsReadPermission(def)));
  const canWrite = useAppSelector(selectCan(settingsWritePermission(def)));
  const page = useEntityPage(list, { enabled: canRead });
  const idOf = (item: SettingsItem) => String(item[def.idField]);
  const nameOf = (item: SettingsItem) => String(item[def.nameField]);
  const { write, reload } = page;
  const validated = write.op === 'command' && write.status === 'done';
  // Counts the list's saves: what sits beside the list (a status) reads afresh after each.
  const [savedCount, setSavedCount] = useState(0);
  const saved = write.op !== 'command' && write.status === 'done';
  useEffect(() => {
    if (saved) setSavedCount((n) => n + 1);
  }, [saved]);
  // A validation changes the stored item's flag: show it.
  useEffect(() => {
    if (validated) reload();
  }, [validated, reload]);

  if (!canRead)
    return (
      <AreaPage title={def.title}>
        <Alert severity="info">You do not have permission to see the {def.title.toLowerCase()}.</Alert>
      </AreaPage>
    );

  const columns: DataTableColumn<SettingsItem>[] = [
    ...def.columns.map((c): DataTableColumn<SettingsItem> => ({
      name: c.field,
      header: c.header,
      flex: 2,
      minWidth: 120,
      sortable: true,
      value: (item) => {
        const v = valueAt(item, c.field);
        if (c.format === 'boolean') return v === true ? 'Yes' : 'No';
        if (c.format === 'date' && typeof v === 'string') return utcMinute(v);
        return typeof v === 'string' ? (c.labels?.[v] ?? v) : v;
      },
    })),
    ...(canWrite || def.export
      ? [
          {
            name: 'actions',
            header: 'Actions',
            minWidth: def.validate || def.export ? 150 : 80,
            // In reach also when a narrow window scrolls the table sideways.
            pinned: 'right' as const,
            render: (item: SettingsItem) => (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                {canWrite && (
                  <IconButton
                    size="small"
                    aria-label={`Edit ${nameOf(item)}`}
                    data-testid={`${ids.editButton}-${idOf(item)}`}
                    onClick={() => page.openForm(item)}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                )}
                {def.export && (
                  // A link the browser follows: the server's answer is the file (an attachment).
                  <Button
                    size="small"
                    component="a"
                    href={settingsExportUrl(def, idOf(item)) ?? undefined}
                    download
                    startIcon={<DownloadIcon fontSize="small" />}
                    aria-label={`Export ${nameOf(item)}`}
                    data-testid={`${ids.exportLink}-${idOf(item)}`}
                  >
                    Export
                  </Button>
                )}
                {canWrite && def.validate && (
                  <Button
                    size="small"
                    aria-label={`Validate ${nameOf(item)}`}
                    disabled={page.busy}
                    data-testid={`${ids.validateButton}-${idOf(item)}`}
                    onClick={() =>
                      page.requestWrite({ op: 'command', id: idOf(item), command: VALIDATE_COMMAND })
                    }
                  >
                    Validate
                  </Button>
                )}
              </Stack>
            ),
          },
        ]
      : []),
  ];
  const editing = page.editing;

  return (
    <AreaPage title={def.title}>
      <Box data-testid={ids.page}>
        {def.intro && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {def.intro}
          </Typography>
        )}
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <SearchField
            size="small"
            label={`Search ${def.title.toLowerCase()}`}
            {...page.search}
            testId={ids.search}
          />
          <Box sx={{ flex: 1 }} />
          <Typography color="text.secondary" data-testid={ids.total} aria-live="polite">
            {page.status === 'loading' && page.rows.length === 0
              ? `Loading ${def.title.toLowerCase()}…`
              : `${counted(page.total, def.noun)} of at most ${def.maxItems}`}
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
        </Stack>
        {page.status === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={page.reload}>Retry</Button>}>
            {page.error?.message}
          </Alert>
        )}
        {validated && <ValidationOutcome list={list} def={def} outcome={write.result as Validation} />}
        {write.op === 'command' && write.status === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid={ids.validation}>
            {write.error?.message}
          </Alert>
        )}
        {write.op === 'remove' && write.status === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {write.error?.message}
          </Alert>
        )}
        <Box data-testid={ids.table}>
          <DataTable<SettingsItem>
            label={def.title}
            {...page.tableProps}
            columns={columns}
            selectable={canWrite}
            emptyText={`No ${def.title.toLowerCase()} yet.`}
          />
        </Box>
        {/* The forensics profiles' status and viewer (docs/settings.md §3). */}
        {list === 'bf_profiles' && <ForensicsSections canWrite={canWrite} version={savedCount} />}
      </Box>
      {editing && (
        <SettingsItemDialog
          list={list}
          def={def}
          item={editing === 'new' ? null : editing}
          busy={page.busy}
          serverError={page.formError}
          onCancel={page.closeForm}
          onSubmit={(item) => {
            if (editing === 'new') page.requestWrite({ op: 'create', body: item });
            else page.requestWrite({ op: 'update', id: idOf(editing), changes: item, label: nameOf(item) });
          }}
        />
      )}
      {page.deleting && (
        <ConfirmDeleteDialog
          title={`Delete ${def.title.toLowerCase()}`}
          {...page.confirmDelete}
          names={page.rows.filter((r) => page.selected.includes(idOf(r))).map(nameOf)}
          testIds={{ dialog: ids.deleteDialog, cancel: ids.deleteCancel, confirm: ids.deleteConfirm }}
        />
      )}
    </AreaPage>
  );
}

/** The page component of a registry row, for the route table. */
export function settingsListPageOf(list: TenantSettingsList): ComponentType<PageProps> {
  return function SettingsListRoutePage() {
    return <SettingsListPage list={list} />;
  };
}
