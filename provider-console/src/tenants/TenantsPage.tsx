import { useEffect, useMemo, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ModuleRegistry,
  QuickFilterModule,
  themeQuartz,
  type ColDef,
  type ValueFormatterParams,
} from 'ag-grid-community';
import { Alert, Box, Button, InputAdornment, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { providerIds, providerPageIds, useAppDispatch } from '@workbench/common';
import { useProviderSelector } from '../app/providerStore';
import type { ProviderTenant } from '@workbench/common/api/contract/provider';
import { selectTenants, selectTenantsError, selectTenantsStatus, tenantsRequested } from './tenantsSlice';

// Only the grid modules this page uses: client-side rows, the quick filter, cell classes of the
// numeric column (sorting is in the core).
ModuleRegistry.registerModules([ClientSideRowModelModule, QuickFilterModule, CellStyleModule]);

const gridTheme = themeQuartz.withParams({
  fontSize: 13,
  rowHeight: 34,
  headerHeight: 36,
  spacing: 6,
  headerBackgroundColor: '#eef2f6',
  accentColor: '#1f4e79',
});

export const formatCreated = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(0, 10);
};

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
];

/** Tenants: every tenant in a sortable grid with a quick filter. */
export function TenantsPage() {
  const dispatch = useAppDispatch();
  const tenants = useProviderSelector(selectTenants);
  const status = useProviderSelector(selectTenantsStatus);
  const error = useProviderSelector(selectTenantsError);
  const [filter, setFilter] = useState('');
  useEffect(() => {
    dispatch(tenantsRequested());
  }, [dispatch]);
  const defaultColDef = useMemo<ColDef>(() => ({ sortable: true, resizable: false, minWidth: 100 }), []);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h1" data-testid={providerIds.pageTitle} sx={{ flexGrow: 1 }}>
          Tenants
        </Typography>
        <TextField
          label="Search tenants"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': providerPageIds.tenantsQuickFilter },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {status === 'failed' && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => dispatch(tenantsRequested())}>
              Retry
            </Button>
          }
        >
          {error?.message ?? 'The tenants could not be loaded.'}
        </Alert>
      )}
      <Box data-testid={providerIds.tenantsTable} role="region" aria-label="Tenants table">
        <AgGridReact<ProviderTenant>
          theme={gridTheme}
          rowData={tenants}
          columnDefs={TENANT_COLUMNS}
          defaultColDef={defaultColDef}
          quickFilterText={filter}
          getRowId={(p) => p.data.tid}
          domLayout="autoHeight"
          loading={status === 'loading'}
          overlayNoRowsTemplate="No tenants match."
        />
      </Box>
    </Box>
  );
}
