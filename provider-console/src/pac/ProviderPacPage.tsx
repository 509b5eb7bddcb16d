/**
 * The provider's default PAC file (docs/provider-console.md §12): the file in the portal's PAC
 * editor (loaded with this page only), its name, Save (operators; the server's parse error shown
 * with its line), and the portal's tester on the editor's text. Support reads and tests.
 */
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { selectProviderIsOperator, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import type { ProviderPac } from '@workbench/common/api/contract/providerPac';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { PacTester } from '@workbench/common/components/pac-editor/tester';
import { providerPacIds as ids } from '@workbench/common/test-ids/providerPacIds';
import { useEntityCall, useEntityRead } from '../app/consoleEntities';
import type { ProviderPageProps } from '../app/providerAreaModel';

const PacCodeEditor = lazy(() => import('@workbench/common/components/pac-editor/index'));

const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

function statusOf(pac: ProviderPac): string {
  if (pac.builtin)
    return 'No file saved yet: this is the built-in one (every request direct), served to no tenant.';
  const served = `${pac.tenants_served} tenant${pac.tenants_served === 1 ? ' is' : 's are'} served it now`;
  return `Saved by ${pac.updated_by ?? 'an operator'} at ${minute(pac.updated_at ?? '')}. ${served} (no file of their own, no proxies).`;
}

function ProviderPacForm({ pac, onSaved }: { pac: ProviderPac; onSaved(): void }) {
  const dispatch = useAppDispatch();
  const canWrite = useAppSelector(selectProviderIsOperator);
  const save = useEntityCall('saveProviderPac');
  const runTest = useEntityCall('testProviderPac');
  const [text, setText] = useState(pac.pac);
  const [filename, setFilename] = useState(pac.filename);
  const [editorError, setEditorError] = useState<string | null>(null);
  const [filenameError, setFilenameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setText(pac.pac);
    setFilename(pac.filename);
  }, [pac]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEditorError(null);
    setFilenameError(null);
    setBusy(true);
    save({ pac: text, filename: filename.trim(), updated_at: pac.updated_at }).then(
      () => {
        setBusy(false);
        dispatch(snackbarShown({ kind: 'save', outcome: 'success', message: 'The PAC file was saved.' }));
        onSaved();
      },
      (e: unknown) => {
        setBusy(false);
        const info = toErrorInfo(e, 'saveProviderPac');
        if (info.field === 'filename') setFilenameError(info.message);
        else setEditorError(info.message);
      },
    );
  };

  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent>
          <form onSubmit={submit} noValidate>
            <Stack spacing={2}>
              <Typography color="text.secondary" data-testid={ids.status}>
                {statusOf(pac)}
              </Typography>
              <TextField
                label="File name"
                value={filename}
                onChange={(e) => setFilename(e.target.value)}
                error={filenameError !== null}
                helperText={filenameError ?? 'Letters, digits, . _ -'}
                disabled={!canWrite || busy}
                slotProps={{ htmlInput: { 'data-testid': ids.filename, spellCheck: false } }}
              />
              <Suspense fallback={<Loading />}>
                <PacCodeEditor value={text} onChange={setText} readOnly={!canWrite} label="PAC file text" />
              </Suspense>
              {editorError && (
                <Alert severity="error" data-testid={ids.editorError} onClose={() => setEditorError(null)}>
                  {editorError}
                </Alert>
              )}
              {canWrite ? (
                <Box>
                  <Button type="submit" variant="contained" disabled={busy} data-testid={ids.save}>
                    Save PAC file
                  </Button>
                </Box>
              ) : (
                <Typography color="text.secondary">
                  You may read and test the file; operators change it.
                </Typography>
              )}
            </Stack>
          </form>
        </CardContent>
      </Card>
      <PacTester run={runTest} pacText={() => text} callName="testProviderPac" />
    </Stack>
  );
}

export function ProviderPacPage({ area }: ProviderPageProps) {
  const read = useEntityRead('getProviderPac', []);
  return (
    <Box data-testid={ids.page}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {area.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The provider’s default proxy auto-configuration file: served to every tenant that has no PAC file of
        its own and has named no proxies, and the file to start from. It is checked as the tenants’ files are.
      </Typography>
      {read.status === 'failed' && (
        <LoadFailed
          sx={{ mb: 2 }}
          message={read.error?.message ?? 'The PAC file was not loaded.'}
          onRetry={read.reload}
        />
      )}
      {read.data ? (
        <ProviderPacForm pac={read.data} onSaved={read.reload} />
      ) : (
        read.status !== 'failed' && <Loading />
      )}
    </Box>
  );
}
