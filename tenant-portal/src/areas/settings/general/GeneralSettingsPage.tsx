/**
 * Settings › General (docs/settings.md §10): the tenant's global settings
 * (`settings:global_settings`) and, with the casb feature, its CASB settings (`settings:casb`).
 * Each form is shown to who may read it and editable by who may write it. Loads and writes
 * through the entity feature's requests.
 */
import { Alert, Box, Stack, Typography } from '@mui/material';
import { selectAccessController, selectFeature, useAppSelector } from '@workbench/common';
import {
  SETTINGS_DOCUMENTS,
  documentReadPermission,
  documentWritePermission,
  type SettingsDocumentKey,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { generalSettingsIds as ids } from '@workbench/common/test-ids/index';
import { useEntityRead } from '../settingsRequests';
import { AreaPage } from '../../AreaPage';
import { SettingsDocumentForm } from '../SettingsDocumentForm';

export const GENERAL_TEXTS = {
  title: 'General Settings',
  intro: 'Your organisation as the service presents it, and how cloud apps are discovered.',
  noAccess: 'You do not have permission to see the general settings.',
} as const;

function DocumentSection({ docKey, canWrite }: { docKey: SettingsDocumentKey; canWrite: boolean }) {
  const def = SETTINGS_DOCUMENTS[docKey];
  const doc = useEntityRead('getSettingsDocument', [docKey]);
  if (doc.status === 'failed')
    return (
      <LoadFailed
        message={doc.error?.message ?? `The ${def.title.toLowerCase()} were not loaded.`}
        onRetry={doc.reload}
      />
    );
  if (doc.data === null) return <Loading label={`Loading the ${def.title.toLowerCase()}`} />;
  return <SettingsDocumentForm docKey={docKey} doc={doc.data} canWrite={canWrite} onReload={doc.reload} />;
}

export function GeneralSettingsPage() {
  const global = SETTINGS_DOCUMENTS.global_settings;
  const casb = SETTINGS_DOCUMENTS.casb;
  const access = useAppSelector(selectAccessController);
  const canReadGlobal = access.allows(documentReadPermission(global));
  const canWriteGlobal = access.allows(documentWritePermission(global));
  const canReadCasb = access.allows(documentReadPermission(casb));
  const canWriteCasb = access.allows(documentWritePermission(casb));
  const hasCasb = useAppSelector(selectFeature('casb'));
  return (
    <AreaPage title={GENERAL_TEXTS.title}>
      <Box data-testid={ids.page}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {GENERAL_TEXTS.intro}
        </Typography>
        <Stack spacing={3}>
          {canReadGlobal && <DocumentSection docKey="global_settings" canWrite={canWriteGlobal} />}
          {canReadCasb && hasCasb && <DocumentSection docKey="casb" canWrite={canWriteCasb} />}
          {!canReadGlobal && !(canReadCasb && hasCasb) && (
            <Alert severity="info">{GENERAL_TEXTS.noAccess}</Alert>
          )}
        </Stack>
      </Box>
    </AreaPage>
  );
}
