/**
 * The Web and Safemail areas (issue 34 point 5; docs/settings.md §9): the service settings
 * documents of the area (common's settings documents registry: Web has the web service and SSL
 * inspection; Safemail the e-mail processor, attachments, the outgoing mail server and the
 * notification recipients), one form each, saved on its own and in effect on save. Each document
 * shows for who may read it (`setting:<item>` or `settings_cmr:<item>`) on a tenant with its
 * features; who may not write it sees it read-only. Loads through the entity feature's requests.
 */
import type { ComponentType } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { selectAccessController, selectFeatures, useAppSelector } from '@workbench/common';
import {
  SETTINGS_DOCUMENTS,
  documentReadPermission,
  documentWritePermission,
  settingsDocumentsOf,
  type SettingsDocumentKey,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import { missingFeatures } from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { serviceAreaIds } from '@workbench/common/test-ids/serviceSettingsIds';
import { useEntityRead } from '../settings/settingsRequests';
import { AreaPage } from '../AreaPage';
import { SettingsDocumentForm } from '../settings/SettingsDocumentForm';
import type { PageProps } from '../../routes/routeModel';

/** The pages of the services' own settings. */
type ServiceArea = 'web' | 'safemail';

export const SERVICE_PAGE_TEXTS = {
  web: 'The web isolation service’s own settings. A save is in effect at once: it is not part of the policy revision and needs no publish.',
  safemail:
    'The e-mail isolation service’s own settings. A save is in effect at once: it is not part of the policy revision and needs no publish.',
  noFeature: (title: string, features: readonly string[]) =>
    `${title}: this tenant does not have the ${features.join(', ')} feature.`,
  nothing: 'You do not have permission to see any of these settings.',
} as const;

function ServiceDocument({ name, canWrite }: { name: SettingsDocumentKey; canWrite: boolean }) {
  const def = SETTINGS_DOCUMENTS[name];
  const read = useEntityRead('getSettingsDocument', [name]);
  if (read.status === 'failed')
    return (
      <LoadFailed
        message={read.error?.message ?? `The ${def.title.toLowerCase()} settings were not loaded.`}
        onRetry={read.reload}
      />
    );
  if (read.data === null) return <Loading label={`Loading the ${def.title.toLowerCase()} settings`} />;
  return <SettingsDocumentForm docKey={name} doc={read.data} canWrite={canWrite} onReload={read.reload} />;
}

export function ServiceSettingsPage({ area, title }: { area: ServiceArea; title: string }) {
  const access = useAppSelector(selectAccessController);
  const features = useAppSelector(selectFeatures);
  const readable = settingsDocumentsOf(area).filter((name) =>
    access.allows(documentReadPermission(SETTINGS_DOCUMENTS[name])),
  );
  return (
    <AreaPage title={title}>
      <Box data-testid={`${serviceAreaIds.page}-${area}`}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {SERVICE_PAGE_TEXTS[area]}
        </Typography>
        <Stack spacing={3} sx={{ maxWidth: 960 }}>
          {readable.length === 0 && <Alert severity="info">{SERVICE_PAGE_TEXTS.nothing}</Alert>}
          {readable.map((name) => {
            const def = SETTINGS_DOCUMENTS[name];
            const missing = missingFeatures(def.features, features);
            if (missing.length > 0)
              return (
                <Alert key={name} severity="info">
                  {SERVICE_PAGE_TEXTS.noFeature(def.title, missing)}
                </Alert>
              );
            return (
              <ServiceDocument
                key={name}
                name={name}
                canWrite={access.allows(documentWritePermission(def))}
              />
            );
          })}
        </Stack>
      </Box>
    </AreaPage>
  );
}

/** The page of an area, for the route table. */
export function serviceSettingsPageOf(area: ServiceArea): ComponentType<PageProps> {
  return function ServiceSettingsRoutePage({ title }: PageProps) {
    return <ServiceSettingsPage area={area} title={title} />;
  };
}
