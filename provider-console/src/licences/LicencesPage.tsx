/**
 * Licences (issue 14): OVA licence keys with their state badges and expiry, and OVA versions,
 * each on the registry's entity page. The about-to-expire threshold is shown where the states are.
 */
import { useState } from 'react';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { providerIds } from '@workbench/common';
import { LICENCE_ABOUT_TO_EXPIRE_DAYS } from '@workbench/common/api/contract/providerOps';
import {
  PROVIDER_ENTITY_REGISTRY,
  type ProviderEntity,
} from '@workbench/common/api/contract/providerEntities';
import { providerOpsIds } from '@workbench/common/test-ids/index';
import { EntityPage } from '../entities/EntityPage';

const TABS: readonly ProviderEntity[] = ['ova_keys', 'ova_versions'];

export function LicencesPage() {
  const [tab, setTab] = useState(0);
  const entity = TABS[tab] ?? 'ova_keys';
  return (
    <Box data-testid={providerOpsIds.licencesPage}>
      <Typography variant="h1" data-testid={providerIds.pageTitle} sx={{ mb: 1 }}>
        Licences
      </Typography>
      <Typography color="text.secondary" data-testid={providerOpsIds.aboutToExpireNote} sx={{ mb: 1 }}>
        A key is about to expire in the last {LICENCE_ABOUT_TO_EXPIRE_DAYS} days before its expiry date; a key
        without an expiry date is not issued yet.
      </Typography>
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} sx={{ mb: 2 }} aria-label="Licences">
        {TABS.map((e) => (
          <Tab key={e} label={PROVIDER_ENTITY_REGISTRY[e].title} data-testid={`${providerOpsIds.tab}-${e}`} />
        ))}
      </Tabs>
      <EntityPage key={entity} entity={entity} headingLevel="h2" />
    </Box>
  );
}
