/**
 * A page of an on-premises appliance's settings (docs/appliances.md): the documents of one group
 * of the registry (Network & routes, Time, Authentication, …), each its own form; the
 * Certificates page adds the appliance's CA and the service certificate, the Network page the
 * settings export and import. `settings:appliance:read` to see, `:write` to change.
 */
import type { ReactNode } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { selectAccessController, useAppSelector } from '@workbench/common';
import {
  APPLIANCE_PAGES,
  APPLIANCE_READ_PERMISSION,
  APPLIANCE_SETTINGS,
  APPLIANCE_WRITE_PERMISSION,
  applianceSettingsOf,
  type AppliancePage,
  type ApplianceSettingsKey,
} from '@workbench/common/api/contract/appliance/applianceSettings';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { applianceSettingsIds as ids } from '@workbench/common/test-ids/applianceSettingsIds';
import { useEntityRead } from './applianceRequests';
import { AreaPage } from '../AreaPage';
import { ApplianceDocumentForm } from './ApplianceDocumentForm';
import { ApplianceCertificates } from './ApplianceCertificates';
import { ApplianceExportImport } from './ApplianceExportImport';
import { applianceModeLabel } from './applianceMode';

export const APPLIANCE_PAGE_TEXTS = {
  noAccess: 'You do not have permission to see the appliance settings.',
  mode: (label: string) => `This appliance: ${label}`,
} as const;

function DocumentSection({ docKey, canWrite }: { docKey: ApplianceSettingsKey; canWrite: boolean }) {
  const read = useEntityRead('getApplianceDocument', [docKey]);
  if (read.status === 'failed')
    return (
      <LoadFailed
        message={read.error?.message ?? `${APPLIANCE_SETTINGS[docKey].title}: not loaded.`}
        onRetry={read.reload}
      />
    );
  if (read.data === null) return <Loading label={`Loading ${APPLIANCE_SETTINGS[docKey].title}`} />;
  return <ApplianceDocumentForm docKey={docKey} doc={read.data} canWrite={canWrite} onReload={read.reload} />;
}

/** What a page adds below its documents. */
const EXTRAS: Partial<Record<AppliancePage, (canWrite: boolean) => ReactNode>> = {
  network: (canWrite) => <ApplianceExportImport canWrite={canWrite} />,
  certificates: (canWrite) => <ApplianceCertificates canWrite={canWrite} />,
};

export function ApplianceSettingsPage({ page }: { page: AppliancePage }) {
  const access = useAppSelector(selectAccessController);
  const canRead = access.allows(APPLIANCE_READ_PERMISSION);
  const canWrite = access.allows(APPLIANCE_WRITE_PERMISSION);
  return (
    <AreaPage title={APPLIANCE_PAGES[page]}>
      <Box data-testid={ids.page(page)}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {APPLIANCE_PAGE_TEXTS.mode(applianceModeLabel())}
        </Typography>
        {!canRead ? (
          <Alert severity="info">{APPLIANCE_PAGE_TEXTS.noAccess}</Alert>
        ) : (
          <Stack spacing={3}>
            {applianceSettingsOf(page).map((key) => (
              <DocumentSection key={key} docKey={key} canWrite={canWrite} />
            ))}
            {EXTRAS[page]?.(canWrite)}
          </Stack>
        )}
      </Box>
    </AreaPage>
  );
}

/** The route table's page of each group (its loader picks the group). */
export const appliancePageOf = (page: AppliancePage) =>
  function AppliancePageRoute() {
    return <ApplianceSettingsPage page={page} />;
  };
