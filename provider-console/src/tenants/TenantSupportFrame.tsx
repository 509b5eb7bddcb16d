/**
 * The frame of a support view of one tenant (its reports, its insights): the breadcrumb, the title
 * with the Read-only mark, links beside it, and the tenant's page once the tenant is known (or why
 * it is not: no such tenant, the list failed, still loading).
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Breadcrumbs, Chip, Link, Typography } from '@mui/material';
import { providerIds } from '@workbench/common';
import type { ProviderTenant } from '@workbench/common/api/contract/provider';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { useEntityList } from '../app/consoleEntities';

export interface TenantSupportFrameProps {
  tid: string;
  /** What the view shows: the title is `${view}: ${tenant name}`. */
  view: string;
  testId: string;
  /** Beside the title, at its end (the tenant's other views). */
  links?: ReactNode;
  children: (tenant: ProviderTenant) => ReactNode;
}

export function TenantSupportFrame({ tid, view, testId, links, children }: TenantSupportFrameProps) {
  const tenants = useEntityList('tenants');
  const tenant = tenants.rows.find((t) => t.tid === tid);
  return (
    <Box data-testid={testId}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/tenants" underline="hover" color="inherit">
          Tenants
        </Link>
        <Typography color="text.primary">{tenant?.name ?? tid}</Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" data-testid={providerIds.pageTitle}>
          {view}: {tenant?.name ?? tid}
        </Typography>
        <Chip label="Read-only" size="small" variant="outlined" />
        {links && <Box sx={{ ml: 'auto', display: 'flex', gap: 2 }}>{links}</Box>}
      </Box>
      {tenant ? (
        children(tenant)
      ) : tenants.status === 'loaded' ? (
        <Alert severity="error">No tenant {tid}.</Alert>
      ) : tenants.status === 'failed' ? (
        <LoadFailed
          message={tenants.error?.message ?? 'The tenants could not be loaded.'}
          onRetry={tenants.reload}
        />
      ) : (
        <Loading />
      )}
    </Box>
  );
}
