/**
 * Deployments & Pods (issue 14): deployments and pods on the registry's entity page, and the
 * nodes of a chosen pod with their state and node actions whose jobs are followed until they
 * end (finished, or failed with the reason).
 */
import { useState } from 'react';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { providerIds } from '@workbench/common';
import {
  PROVIDER_ENTITY_REGISTRY,
  type ProviderEntity,
} from '@workbench/common/api/contract/providerEntities';
import { providerOpsIds } from '@workbench/common/test-ids/index';
import { EntityPage } from '../entities/EntityPage';
import { NodesPanel } from './NodesPanel';
import { DefaultDeploymentControl } from './DefaultDeploymentControl';

const TABS: readonly (ProviderEntity | 'nodes')[] = ['deployments', 'pods', 'nodes'];

export function DeploymentsPage() {
  const [tab, setTab] = useState(0);
  const current = TABS[tab] ?? 'deployments';
  return (
    <Box data-testid={providerOpsIds.deploymentsPage}>
      <Typography variant="h1" data-testid={providerIds.pageTitle} sx={{ mb: 1 }}>
        Deployments &amp; Pods
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, v: number) => setTab(v)}
        sx={{ mb: 2 }}
        aria-label="Deployments and pods"
      >
        {TABS.map((e) => (
          <Tab
            key={e}
            label={e === 'nodes' ? 'Nodes' : PROVIDER_ENTITY_REGISTRY[e].title}
            data-testid={`${providerOpsIds.tab}-${e}`}
          />
        ))}
      </Tabs>
      {current === 'deployments' && <DefaultDeploymentControl />}
      {current === 'nodes' ? <NodesPanel /> : <EntityPage key={current} entity={current} headingLevel="h2" />}
    </Box>
  );
}
