/**
 * Settings › Groups & Templates on the management station (docs/central-manager.md §11): the groups
 * of appliances with their members and template, and the settings templates. Who may write
 * creates and deletes groups and templates (a template copies an appliance's settings now) and
 * applies a template to a group (a job, followed per appliance); every reader sees a group's
 * drift from its template. Nothing here waits on an appliance but the apply, drift and a new
 * template's copy.
 */
import { useState } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import PublishIcon from '@mui/icons-material/Publish';
import { snackbarShown, useAppDispatch } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import type { Group } from '@workbench/common/api/contract/centralManager';
import type { TemplateSummary } from '@workbench/common/api/centralManager';
import { AddButton, useConfirmAction } from '@workbench/common/components/confirm-delete/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { LoadFailed } from '@workbench/common/components/page-states/index';
import { counted } from '@workbench/common/formatting/counted';
import { localDateTime } from '@workbench/common/formatting/localTime';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { useEntityCall, useEntityRead } from './centralManagerRequests';
import { AreaPage } from '../AreaPage';
import { RowAction } from '../settings/pageActions';
import { CM_TEXTS, useCmAccess } from './cmAccess';
import { ApplyDialog, DriftDialog, GroupDialog, TemplateDialog } from './GroupDialogs';

export const GROUPS_TEXTS = {
  title: 'Groups & Templates',
  groups: 'Groups',
  templates: 'Templates',
  noTemplate: 'None',
  noMembers: 'No members',
  emptyGroups: 'No groups yet.',
  emptyTemplates: 'No templates yet. A template copies the settings of one appliance, to apply to a group.',
  deleteGroupTitle: (name: string) => `Delete the group ${name}?`,
  deleteGroupBody: 'Its appliances stay managed, with their settings as they are.',
  deleteTemplateTitle: (name: string) => `Delete the template ${name}?`,
  deleteTemplateBody: 'Groups that use it keep no template; the appliances keep their settings.',
} as const;

type Dialog =
  | { kind: 'group' }
  | { kind: 'template' }
  | { kind: 'apply'; group: Group }
  | { kind: 'drift'; group: Group; template: TemplateSummary };

export function GroupsTemplatesPage() {
  const dispatch = useAppDispatch();
  const { canRead, canWrite } = useCmAccess();
  const groups = useEntityRead('listGroups', [], { enabled: canRead });
  const templates = useEntityRead('listTemplates', [], { enabled: canRead });
  const systems = useEntityRead('listManagedSystems', [], { enabled: canRead });
  const deleteGroup = useEntityCall('deleteGroup');
  const deleteTemplate = useEntityCall('deleteTemplate');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const confirm = useConfirmAction({
    dialog: ids.confirmDialog,
    confirm: ids.confirm,
    cancel: ids.confirmCancel,
  });

  const reload = () => {
    groups.reload();
    templates.reload();
  };
  const done = (message: string) => dispatch(snackbarShown({ kind: 'save', outcome: 'success', message }));
  const systemName = (id: string) => systems.data?.find((s) => s.id === id)?.name ?? id;
  const templateOf = (id: string | null) => (id ? templates.data?.find((t) => t.id === id) : undefined);

  const groupColumns: DataTableColumn<Group>[] = [
    {
      name: 'name',
      header: 'Name',
      flex: 1,
      minWidth: 140,
      sortable: true,
      wrap: true,
      value: (g) => g.name,
    },
    {
      name: 'members',
      header: 'Members',
      flex: 2,
      minWidth: 200,
      wrap: true,
      value: (g) =>
        g.nodes.length ? g.nodes.map((n) => systemName(n.id)).join(', ') : GROUPS_TEXTS.noMembers,
    },
    {
      name: 'template',
      header: 'Template',
      flex: 1,
      minWidth: 140,
      wrap: true,
      value: (g) => templateOf(g.template_id)?.name ?? GROUPS_TEXTS.noTemplate,
    },
    {
      name: 'actions',
      header: 'Actions',
      center: true,
      pinned: 'right' as const,
      minWidth: canWrite ? 150 : 80,
      render: (g: Group) => {
        const template = templateOf(g.template_id);
        return (
          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center' }}>
            {template && (
              <RowAction
                label={`Drift of ${g.name} from ${template.name}`}
                testId={`${ids.drift}-${g.id}`}
                onClick={() => setDialog({ kind: 'drift', group: g, template })}
              >
                <CompareArrowsIcon fontSize="small" />
              </RowAction>
            )}
            {canWrite && (
              <>
                <RowAction
                  label={`Apply a template to ${g.name}`}
                  testId={`${ids.apply}-${g.id}`}
                  onClick={() => setDialog({ kind: 'apply', group: g })}
                >
                  <PublishIcon fontSize="small" />
                </RowAction>
                <RowAction
                  label={`Delete ${g.name}`}
                  testId={`${ids.deleteGroup}-${g.id}`}
                  onClick={() =>
                    confirm.ask({
                      title: GROUPS_TEXTS.deleteGroupTitle(g.name),
                      body: GROUPS_TEXTS.deleteGroupBody,
                      confirmLabel: 'Delete',
                      run: () => {
                        setActionError(null);
                        deleteGroup(g.id).then(
                          () => {
                            done(`The group ${g.name} was deleted.`);
                            reload();
                          },
                          (e: unknown) => setActionError(toErrorInfo(e, 'deleteGroup').message),
                        );
                      },
                    })
                  }
                >
                  <DeleteIcon fontSize="small" />
                </RowAction>
              </>
            )}
          </Stack>
        );
      },
    },
  ];

  const templateColumns: DataTableColumn<TemplateSummary>[] = [
    {
      name: 'name',
      header: 'Name',
      flex: 1,
      minWidth: 140,
      sortable: true,
      wrap: true,
      value: (t) => t.name,
    },
    { name: 'from', header: 'Copied from', flex: 1, minWidth: 140, value: (t) => systemName(t.from_system) },
    {
      name: 'created',
      header: 'Created',
      flex: 1,
      minWidth: 160,
      sortable: true,
      value: (t) => t.created_at,
      render: (t) => localDateTime(t.created_at),
    },
    ...(canWrite
      ? [
          {
            name: 'actions',
            header: 'Actions',
            center: true,
            pinned: 'right' as const,
            minWidth: 80,
            render: (t: TemplateSummary) => (
              <RowAction
                label={`Delete ${t.name}`}
                testId={`${ids.deleteTemplate}-${t.id}`}
                onClick={() =>
                  confirm.ask({
                    title: GROUPS_TEXTS.deleteTemplateTitle(t.name),
                    body: GROUPS_TEXTS.deleteTemplateBody,
                    confirmLabel: 'Delete',
                    run: () => {
                      setActionError(null);
                      deleteTemplate(t.id).then(
                        () => {
                          done(`The template ${t.name} was deleted.`);
                          reload();
                        },
                        (e: unknown) => setActionError(toErrorInfo(e, 'deleteTemplate').message),
                      );
                    },
                  })
                }
              >
                <DeleteIcon fontSize="small" />
              </RowAction>
            ),
          },
        ]
      : []),
  ];

  if (!canRead)
    return (
      <AreaPage title={GROUPS_TEXTS.title}>
        <Alert severity="info">{CM_TEXTS.noAccess}</Alert>
      </AreaPage>
    );

  return (
    <AreaPage title={GROUPS_TEXTS.title}>
      <Box data-testid={ids.groupsPage}>
        {actionError && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            onClose={() => setActionError(null)}
            data-testid={ids.actionError}
          >
            {actionError}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5} sx={{ mb: 1, alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {GROUPS_TEXTS.groups}
            {groups.data && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                {counted(groups.data.length, 'group')}
              </Typography>
            )}
          </Typography>
          {canWrite && (
            <AddButton label="New group" onClick={() => setDialog({ kind: 'group' })} testId={ids.addGroup} />
          )}
        </Stack>
        {groups.status === 'failed' && (
          <LoadFailed
            sx={{ mb: 2 }}
            message={groups.error?.message ?? 'The groups were not loaded.'}
            onRetry={groups.reload}
          />
        )}
        {groups.data?.length === 0 ? (
          <Typography sx={{ mb: 3 }} data-testid={ids.groupsEmpty}>
            {GROUPS_TEXTS.emptyGroups}
          </Typography>
        ) : (
          <Box data-testid={ids.groupsTable} sx={{ mb: 3 }}>
            <DataTable<Group>
              label="Groups of appliances"
              rows={groups.data ?? []}
              rowKey={(g) => g.id}
              columns={groupColumns}
              initialSort={{ column: 'name', direction: 'asc' }}
              emptyText="Loading…"
            />
          </Box>
        )}
        <Stack direction="row" spacing={1.5} sx={{ mb: 1, alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {GROUPS_TEXTS.templates}
            {templates.data && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                {counted(templates.data.length, 'template')}
              </Typography>
            )}
          </Typography>
          {canWrite && (
            <AddButton
              label="New template"
              onClick={() => setDialog({ kind: 'template' })}
              testId={ids.addTemplate}
            />
          )}
        </Stack>
        {templates.status === 'failed' && (
          <LoadFailed
            sx={{ mb: 2 }}
            message={templates.error?.message ?? 'The templates were not loaded.'}
            onRetry={templates.reload}
          />
        )}
        {templates.data?.length === 0 ? (
          <Typography data-testid={ids.templatesEmpty}>{GROUPS_TEXTS.emptyTemplates}</Typography>
        ) : (
          <Box data-testid={ids.templatesTable}>
            <DataTable<TemplateSummary>
              label="Settings templates"
              rows={templates.data ?? []}
              rowKey={(t) => t.id}
              columns={templateColumns}
              initialSort={{ column: 'name', direction: 'asc' }}
              emptyText="Loading…"
            />
          </Box>
        )}
      </Box>
      {dialog?.kind === 'group' && (
        <GroupDialog
          systems={systems.data ?? []}
          onCancel={() => setDialog(null)}
          onSaved={(g) => {
            setDialog(null);
            done(`The group ${g.name} was created.`);
            reload();
          }}
        />
      )}
      {dialog?.kind === 'template' && (
        <TemplateDialog
          systems={systems.data ?? []}
          onCancel={() => setDialog(null)}
          onSaved={(t) => {
            setDialog(null);
            done(`The template ${t.name} was created.`);
            reload();
          }}
        />
      )}
      {dialog?.kind === 'apply' && (
        <ApplyDialog
          group={dialog.group}
          templates={templates.data ?? []}
          onClose={() => setDialog(null)}
          onEnded={reload}
        />
      )}
      {dialog?.kind === 'drift' && (
        <DriftDialog group={dialog.group} template={dialog.template} onClose={() => setDialog(null)} />
      )}
      {confirm.dialog}
    </AreaPage>
  );
}
