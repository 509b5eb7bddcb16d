/**
 * A tenant's Overview summary: its SKUs by name, its licence keys (a key names its tenant by
 * name) with their state (for the roles that read keys), the deployment it is on, and its usage (portal users, administrators,
 * the published policy revision). A new tenant reads "none yet" where it has nothing, and each
 * card says where that is set.
 */
import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { providerPageIds, selectProviderAccess, useAppSelector, useExtension } from '@workbench/common';
import {
  PROVIDER_ENTITY_REGISTRY,
  entityReadPermission,
} from '@workbench/common/api/contract/providerEntities';
import type { TenantDetail } from '@workbench/common/api/contract/providerTenants';
import type { LicenceState } from '@workbench/common/api/contract/providerOps';
import { useEntityRead } from '../app/consoleEntities';
import { LicenceStateBadge } from '../entities/LicenceStateBadge';

function SummaryCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card
      variant="outlined"
      data-testid={`${providerPageIds.tenantSummary}-${id}`}
      sx={{ flex: '1 1 240px' }}
    >
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const Muted = ({ children }: { children: ReactNode }) => (
  <Typography color="text.secondary">{children}</Typography>
);

export function TenantSummary({ tenant }: { tenant: TenantDetail }) {
  const skus = useEntityRead('getTenantSkus', [tenant.tid]);
  const catalogue = useEntityRead('listSkus', [{ limit: 500, sort: 'sku_id' }]);
  const deployments = useEntityRead('getTenantDeployments', []);
  // Licence keys are secrets support does not read (providerRoles.ts): no card, no call.
  const readsKeys = useAppSelector(selectProviderAccess).can(
    entityReadPermission(PROVIDER_ENTITY_REGISTRY.ova_keys),
  );
  // Keys name their tenant by name: the search narrows, the exact name decides.
  const keys = useEntityRead('listOvaKeys', [{ limit: 500, sort: 'expires_at', q: tenant.name }], {
    enabled: readsKeys,
  });
  // The tenant's portal accounts are a server extension (provider-mfa-users, docs/api.md).
  const accountsServed = useExtension('provider-mfa-users');
  const admins = useEntityRead('listTenantMfaUsers', [tenant.tid], { enabled: accountsServed });
  const policy = useEntityRead('getTenantPolicy', [tenant.tid]);
  const error =
    skus.error ?? catalogue.error ?? deployments.error ?? keys.error ?? admins.error ?? policy.error;

  const skuNames = new Map((catalogue.data?.rows ?? []).map((s) => [s.sku_id, s.name]));
  const ownKeys = (keys.data?.rows ?? []).filter((k) => k.tenant_name === tenant.name);
  const deployment = deployments.data?.tenant_deployments.find((d) => d.tid === tenant.tid)?.deployment;
  return (
    <Box data-testid={providerPageIds.tenantSummary}>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
        <SummaryCard id="skus" title="SKUs">
          {!skus.data ? (
            <Muted>Loading…</Muted>
          ) : skus.data.sku_ids.length === 0 ? (
            <Muted>No SKU assigned yet (SKUs tab).</Muted>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {skus.data.sku_ids.map((id) => (
                <li key={id}>
                  {skuNames.get(id) ?? id}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    ({id})
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </SummaryCard>
        {readsKeys && (
          <SummaryCard id="licence" title="Licence">
            {!keys.data ? (
              <Muted>Loading…</Muted>
            ) : ownKeys.length === 0 ? (
              <Muted>No licence key issued to {tenant.name} yet (Licences).</Muted>
            ) : (
              <Stack spacing={1}>
                {ownKeys.map((k) => (
                  <Box key={k.key_id}>
                    <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
                      {k.key_id} <LicenceStateBadge state={k.license_state as LicenceState} />
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {k.license_type}
                      {k.does_not_expire
                        ? ', does not expire'
                        : k.expires_at
                          ? `, expires ${k.expires_at}`
                          : ''}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            )}
          </SummaryCard>
        )}
        <SummaryCard id="deployment" title="Deployment">
          {!deployments.data ? (
            <Muted>Loading…</Muted>
          ) : (
            <Typography>
              {deployment ?? deployments.data.default_deployment}
              {(deployment ?? deployments.data.default_deployment) === deployments.data.default_deployment
                ? ' (the default deployment)'
                : ''}
            </Typography>
          )}
        </SummaryCard>
        <SummaryCard id="usage" title="Usage">
          <Typography>
            {tenant.user_count} {tenant.user_count === 1 ? 'user' : 'users'}
          </Typography>
          {accountsServed && (
            <Typography>
              {admins.data
                ? `${admins.data.users.length} portal ${admins.data.users.length === 1 ? 'administrator' : 'administrators'}`
                : 'Portal administrators: loading…'}
            </Typography>
          )}
          <Typography>
            {policy.data
              ? `Policy: revision ${policy.data.rev_id}${policy.data.state === 'staged' ? ', changes staged' : ''}`
              : 'Policy: loading…'}
          </Typography>
          <Typography color="text.secondary">Created {tenant.created_at.slice(0, 10)}</Typography>
        </SummaryCard>
      </Stack>
    </Box>
  );
}
