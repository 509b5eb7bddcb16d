/**
 * Tenants (issue 14): every tenant in the shared AG Grid table, paged, sorted and searched on the
 * server; operators add tenants and disable or re-enable the selected ones (support staff read
 * only). A tenant's name opens its detail; its Reports link the support view.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import {
  SearchField,
  providerIds,
  providerPageIds,
  selectProviderIsOperator,
  useAppSelector,
} from '@workbench/common';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { AddButton, useConfirmAction } from '@workbench/common/components/confirm-delete/index';
import type { ProviderTenant } from '@workbench/common/api/contract/provider';
import type { TenantCreated } from '../entities/entitySources';
import { useEntityPage } from '../app/consoleEntities';
import { TenantFormDialog } from './TenantFormDialog';
import { OneTimePasswordDialog } from './OneTimePasswordDialog';
import { FilterToolbar } from '../filters/FilterToolbar';
import { MoveTenantsDialog } from './MoveTenantsDialog';
import { tenantOpsIds } from '@workbench/common/test-ids/tenantOpsIds';

export const formatCreated = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(0, 10);
};

export const tenantColumns = (): DataTableColumn<ProviderTenant>[] => [
  {
    name: 'name',
    header: 'Name',
    flex: 2,
    sortable: true,
    value: (t) => t.name,
    render: (t) => (
      <Link
        component={RouterLink}
        to={`/tenants/${encodeURIComponent(t.tid)}`}
        data-testid={`${providerPageIds.tenantLink}-${t.tid}`}
      >
        {t.name}
      </Link>
    ),
  },
  { name: 'tid', header: 'Tenant ID', flex: 2, sortable: true, value: (t) => t.tid },
  { name: 'status', header: 'Status', flex: 1, sortable: true, value: (t) => t.status },
  { name: 'user_count', header: 'Users', flex: 1, sortable: true, value: (t) => t.user_count },
  {
    name: 'created_at',
    header: 'Created',
    flex: 1,
    sortable: true,
    value: (t) => formatCreated(t.created_at),
  },
  {
    name: 'reports',
    header: 'Reports',
    flex: 1,
    render: (t) => (
      <Link
        component={RouterLink}
        to={`/tenants/${encodeURIComponent(t.tid)}/reports`}
        aria-label={`Reports of ${t.name}`}
        data-testid={`${providerPageIds.tenantReportsLink}-${t.tid}`}
      >
        Reports
      </Link>
    ),
  },
];

export function TenantsPage() {
  const page = useEntityPage('tenants');
  const canWrite = useAppSelector(selectProviderIsOperator);
  const [created, setCreated] = useState<TenantCreated | null>(null);
  const [moving, setMoving] = useState<{ tid: string; name: string }[] | null>(null);
  const { write } = page;
  // The create's answer carries the one-time password (when an administrator was asked for): kept
  // before the page resets the write.
  useEffect(() => {
    const result = write.result as TenantCreated | undefined;
    if (write.status === 'done' && write.op === 'create' && result?.admin_password) setCreated(result);
  }, [write.status, write.op, write.result]);
  const modify = (status: 'active' | 'disabled') =>
    page.requestWrite({ op: 'modify', ids: page.selected, changes: { status } });
  // Disabling locks a tenant's administrators and users out: asked first, naming the tenants.
  const confirm = useConfirmAction({
    dialog: providerPageIds.tenantConfirm,
    cancel: providerPageIds.tenantConfirmCancel,
    confirm: providerPageIds.tenantConfirmOk,
  });
  const askDisable = () => {
    const names = page.selected.map((tid) => page.rows.find((t) => t.tid === tid)?.name ?? tid);
    confirm.ask({
      title: names.length === 1 ? `Disable the tenant ${names[0]}?` : `Disable ${names.length} tenants?`,
      body: `${names.length === 1 ? '' : `${names.join(', ')}: `}their administrators and users cannot sign in until re-enabled; their policy and users are kept.`,
      confirmLabel: names.length === 1 ? 'Disable tenant' : 'Disable tenants',
      run: () => modify('disabled'),
    });
  };

  return (
    <Box>
      <FilterToolbar>
        <Typography variant="h1" data-testid={providerIds.pageTitle} sx={{ flexGrow: 1 }}>
          Tenants
        </Typography>
        <SearchField
          size="small"
          label="Search tenants"
          {...page.search}
          testId={providerPageIds.tenantsQuickFilter}
          maxLength={200}
        />
        <Typography color="text.secondary" aria-live="polite">
          {page.total} {page.total === 1 ? 'tenant' : 'tenants'}
        </Typography>
        {canWrite && (
          <>
            <Button
              variant="outlined"
              disabled={page.selected.length === 0 || page.busy}
              onClick={askDisable}
              data-testid={providerPageIds.tenantsDisable}
            >
              Disable{page.selected.length > 0 ? ` (${page.selected.length})` : ''}
            </Button>
            <Button
              variant="outlined"
              disabled={page.selected.length === 0 || page.busy}
              onClick={() => modify('active')}
              data-testid={providerPageIds.tenantsReenable}
            >
              Re-enable{page.selected.length > 0 ? ` (${page.selected.length})` : ''}
            </Button>
            <Button
              variant="outlined"
              disabled={page.selected.length === 0 || page.busy}
              onClick={() =>
                setMoving(
                  page.selected.map((tid) => ({
                    tid,
                    name: page.rows.find((t) => t.tid === tid)?.name ?? tid,
                  })),
                )
              }
              data-testid={tenantOpsIds.moveOpen}
            >
              Move to deployment{page.selected.length > 0 ? ` (${page.selected.length})` : ''}
            </Button>
            <AddButton
              label="Add tenant"
              onClick={() => page.openForm('new')}
              testId={providerPageIds.tenantsAdd}
            />
          </>
        )}
      </FilterToolbar>
      {page.status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={page.reload}>Retry</Button>}>
          {page.error?.message ?? 'The tenants could not be loaded.'}
        </Alert>
      )}
      <Box data-testid={providerIds.tenantsTable} role="region" aria-label="Tenants table">
        <DataTable<ProviderTenant>
          label="Tenants"
          {...page.tableProps}
          columns={tenantColumns()}
          selectable={canWrite}
          emptyText="No tenants match."
        />
      </Box>
      {page.editing === 'new' && (
        <TenantFormDialog
          busy={page.busy}
          serverError={page.formError}
          onCancel={page.closeForm}
          onSubmit={(body) => page.requestWrite({ op: 'create', body })}
        />
      )}
      {created && (
        <OneTimePasswordDialog
          title={`Tenant ${created.tenant.name} created`}
          password={created.admin_password ?? ''}
          testId={providerPageIds.tenantCreated}
          passwordTestId={providerPageIds.tenantCreatedPassword}
          onClose={() => setCreated(null)}
        >
          Its first administrator, {created.admin_username}, signs in to the tenant portal with this one-time
          password and must choose a new one before anything else opens.
        </OneTimePasswordDialog>
      )}
      {moving && (
        <MoveTenantsDialog
          tenants={moving}
          onClose={(moved) => {
            setMoving(null);
            if (moved) page.reload();
          }}
        />
      )}
      {confirm.dialog}
    </Box>
  );
}
