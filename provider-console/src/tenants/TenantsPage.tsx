import { useMemo, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ModuleRegistry,
  QuickFilterModule,
  type ColDef,
  type ValueFormatterParams,
} from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, Typography } from '@mui/material';
import { SearchField, providerIds, providerPageIds, useEntityList } from '@workbench/common';
import { workbenchGridTheme } from '@workbench/common/components/data-table/index';
import { LoadFailed } from '@workbench/common/components/page-states/index';
import type { ProviderTenant } from '@workbench/common/api/contract/provider';
import { tenantsSource } from '../entities/entitySources';

// Only the grid modules this page uses: client-side rows, the quick filter, cell classes of the
// numeric column (sorting is in the core).
ModuleRegistry.registerModules([ClientSideRowModelModule, QuickFilterModule, CellStyleModule]);

export const formatCreated = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(0, 10);
};

/** A tenant's link to its report dashboards (the support view, read-only). */
function TenantReportsLink({ data }: CustomCellRendererProps<ProviderTenant>) {
  if (!data) return null;
  return (
    <Link
      component={RouterLink}
      to={`/tenants/${encodeURIComponent(data.tid)}/reports`}
      aria-label={`Reports of ${data.name}`}
      data-testid={`${providerPageIds.tenantReportsLink}-${data.tid}`}
    >
      Reports
    </Link>
  );
}

export const TENANT_COLUMNS: ColDef<ProviderTenant>[] = [
  { field: 'name', headerName: 'Name', flex: 2, sort: 'asc' },
  { field: 'tid', headerName: 'Tenant ID', flex: 2 },
  { field: 'status', headerName: 'Status', flex: 1 },
  { field: 'user_count', headerName: 'Users', flex: 1, type: 'numericColumn' },
  {
    field: 'created_at',
    headerName: 'Created',
    flex: 1,
    valueFormatter: (p: ValueFormatterParams<ProviderTenant, string>) =>
      p.value ? formatCreated(p.value) : '',
  },
  { colId: 'reports', headerName: 'Reports', flex: 1, sortable: false, cellRenderer: TenantReportsLink },
];

/** Tenants: every tenant in a sortable grid with a quick filter. */
export function TenantsPage() {
  const tenants = useEntityList(tenantsSource);
  const [filter, setFilter] = useState('');
  const defaultColDef = useMemo<ColDef>(() => ({ sortable: true, resizable: false, minWidth: 100 }), []);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h1" data-testid={providerIds.pageTitle} sx={{ flexGrow: 1 }}>
          Tenants
        </Typography>
        <SearchField
          label="Search tenants"
          value={filter}
          onChange={setFilter}
          testId={providerPageIds.tenantsQuickFilter}
        />
      </Box>
      {tenants.status === 'failed' && (
        <LoadFailed
          message={tenants.error?.message ?? 'The tenants could not be loaded.'}
          onRetry={tenants.reload}
          sx={{ mb: 2 }}
        />
      )}
      <Box data-testid={providerIds.tenantsTable} role="region" aria-label="Tenants table">
        <AgGridReact<ProviderTenant>
          theme={workbenchGridTheme}
          rowData={tenants.rows}
          columnDefs={TENANT_COLUMNS}
          defaultColDef={defaultColDef}
          quickFilterText={filter}
          getRowId={(p) => p.data.tid}
          domLayout="autoHeight"
          loading={tenants.status === 'loading' || tenants.status === 'idle'}
          overlayNoRowsTemplate="No tenants match."
        />
      </Box>
    </Box>
  );
}
