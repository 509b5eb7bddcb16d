/**
 * The appliance's settings as one file (docs/appliances.md): export downloads it, import sends a
 * file back (every document checked first; a refusal names `settings.<document>.<field>` and
 * changes nothing). Write-only fields (passwords) stay on the appliance and are not in the file.
 */
import { useState, type ChangeEvent } from 'react';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import { applianceSettingsIds as ids } from '@workbench/common/test-ids/applianceSettingsIds';
import { useEntityCall } from './applianceRequests';

export const EXPORT_TEXTS = {
  title: 'Export and import',
  intro:
    'All the settings of this appliance as one file, to keep or to load on another appliance. Passwords are not in the file.',
  export: 'Export settings',
  import: 'Import settings',
  imported: (n: number) => `Imported ${n} settings documents. Reload the pages to see them.`,
  notJson: 'The file is not an exported settings file (not JSON).',
} as const;

export function ApplianceExportImport({ canWrite }: { canWrite: boolean }) {
  const exportCall = useEntityCall('exportApplianceSettings');
  const importCall = useEntityCall('importApplianceSettings');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const download = async () => {
    try {
      const file = await exportCall();
      const hostname = (file.settings.network as { hostname?: string } | undefined)?.hostname ?? 'appliance';
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
      );
      const a = document.createElement('a');
      a.href = url;
      a.download = `${hostname}-settings.json`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      setResult({ ok: false, text: toErrorInfo(e, 'exportApplianceSettings').message });
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setResult({ ok: false, text: EXPORT_TEXTS.notJson });
      return;
    }
    try {
      const reply = await importCall(parsed);
      setResult({ ok: true, text: EXPORT_TEXTS.imported(reply.imported.length) });
    } catch (e) {
      setResult({ ok: false, text: toErrorInfo(e, 'importApplianceSettings').message });
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {EXPORT_TEXTS.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {EXPORT_TEXTS.intro}
        </Typography>
        <Stack direction="row" spacing={2}>
          <Button variant="outlined" onClick={() => void download()} data-testid={ids.exportButton}>
            {EXPORT_TEXTS.export}
          </Button>
          {canWrite && (
            <Button variant="outlined" component="label">
              {EXPORT_TEXTS.import}
              <input
                hidden
                type="file"
                accept="application/json,.json"
                data-testid={ids.importInput}
                onChange={(e) => void upload(e)}
              />
            </Button>
          )}
        </Stack>
        {result && (
          <Alert severity={result.ok ? 'success' : 'error'} sx={{ mt: 2 }} data-testid={ids.importResult}>
            {result.text}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
