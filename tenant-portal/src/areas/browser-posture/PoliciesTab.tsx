/**
 * The Policies tab (docs/browser-posture.md §3): the tenant's browser config policies in the shared
 * data table; an upload box for a policy file (its mapped and unknown settings said after the
 * upload, a file the server cannot read shown with the line that failed); New policy and Paste
 * settings (the policy editor); per policy Edit, Assess, Export (three formats) and Delete; the
 * selected ones deleted at once. A reader sees the table without write controls.
 */
import { useState } from 'react';
import { Alert, Box, Button, Menu, MenuItem, Stack } from '@mui/material';
import { selectCan, snackbarShown, useAppDispatch, useAppSelector, UploadBox } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  BROWSER_POSTURE_PERMISSIONS as PERM,
  EXPORT_FORMATS,
  EXPORT_FORMAT_LABELS,
  type ConfigPolicy,
  type ExportFormat,
  type PostureBrowser,
  type PosturePlatform,
} from '@workbench/common/api/contract/browser-posture/browserPosture';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { LoadFailed, Loading } from '@workbench/common/components/page-states/index';
import { ConfirmDeleteDialog } from '@workbench/common/components/confirm-delete/index';
import { downloadFile } from '@workbench/common/formatting/downloadFile';
import { browserPostureIds as ids } from '@workbench/common/test-ids/browserPostureIds';
import { useEntityCall, useEntityRead } from './browserPostureRequests';
import { BRW_TEXTS, BROWSER_LABELS, PLATFORM_LABELS } from './browserPostureTexts';
import { PolicyEditorDialog, type EditorMode } from './PolicyEditorDialog';
import { BrowserSelect, PlatformSelect } from './PostureSelect';

// Stable across renders: the table's selection follows the row keys (a new function is new keys).
const policyKey = (p: ConfigPolicy) => p.id;

/** A chosen file's text (FileReader: what every browser, and the test DOM, has). */
const readText = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });

export function PoliciesTab({ onAssessed }: { onAssessed: () => void }) {
  const dispatch = useAppDispatch();
  const canRead = useAppSelector(selectCan(PERM.configPoliciesRead));
  const canWrite = useAppSelector(selectCan(PERM.configPoliciesWrite));
  const canAssess = useAppSelector(selectCan(PERM.assessmentsWrite));
  const policies = useEntityRead('listConfigPolicies', [], { enabled: canRead });
  const upload = useEntityCall('uploadConfigPolicy');
  const remove = useEntityCall('deleteConfigPolicies');
  const assess = useEntityCall('assessConfigPolicy');
  const exportPolicy = useEntityCall('exportConfigPolicy');
  const [browser, setBrowser] = useState<PostureBrowser>('chrome');
  const [platform, setPlatform] = useState<PosturePlatform>('windows');
  const [uploaded, setUploaded] = useState<ConfigPolicy | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [editor, setEditor] = useState<EditorMode | null>(null);
  const [selected, setSelected] = useState<ConfigPolicy[]>([]);
  const [deleting, setDeleting] = useState<ConfigPolicy[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [exportMenu, setExportMenu] = useState<{ anchor: HTMLElement; policy: ConfigPolicy } | null>(null);

  if (!canRead) return <Alert severity="info">{BRW_TEXTS.noPermission}</Alert>;
  if (policies.status === 'failed')
    return (
      <Box data-testid={ids.loadError}>
        <LoadFailed
          message={policies.error?.message ?? 'The browser policies were not loaded.'}
          onRetry={policies.reload}
        />
      </Box>
    );
  if (policies.data === null) return <Loading label="Loading the browser policies" />;
  const rows = policies.data.configPolicies;

  const failed = (message: string) => dispatch(snackbarShown({ kind: 'custom', severity: 'error', message }));
  const onFile = async (file: File) => {
    setUploadError(null);
    setUploaded(null);
    try {
      const policy = await upload({ filename: file.name, text: await readText(file), browser, platform });
      setUploaded(policy);
      policies.reload();
    } catch (e) {
      setUploadError(toErrorInfo(e, 'uploadConfigPolicy').message);
    }
  };
  const onAssess = async (p: ConfigPolicy) => {
    try {
      await assess(p.id);
      onAssessed();
    } catch (e) {
      failed(toErrorInfo(e, 'assessConfigPolicy').message);
    }
  };
  const onExport = async (p: ConfigPolicy, format: ExportFormat) => {
    setExportMenu(null);
    try {
      const file = await exportPolicy(p.id, format);
      downloadFile(file.filename, file.text, file.contentType);
      dispatch(
        snackbarShown({ kind: 'download', outcome: 'started', message: `${file.filename} was downloaded.` }),
      );
    } catch (e) {
      failed(toErrorInfo(e, 'exportConfigPolicy').message);
    }
  };
  const onDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await remove(deleting.map((p) => p.id));
      setDeleting(null);
      setSelected([]);
      policies.reload();
    } catch (e) {
      failed(toErrorInfo(e, 'deleteConfigPolicies').message);
    } finally {
      setBusy(false);
    }
  };

  const columns: DataTableColumn<ConfigPolicy>[] = [
    { name: 'name', header: 'Name', flex: 2, minWidth: 160, sortable: true },
    {
      name: 'browser',
      header: 'Browser',
      minWidth: 130,
      value: (p) => BROWSER_LABELS[p.browser],
      sortable: true,
    },
    {
      name: 'platform',
      header: 'Platform',
      minWidth: 100,
      optional: true,
      value: (p) => PLATFORM_LABELS[p.platform],
    },
    { name: 'settings', header: 'Settings', minWidth: 90, center: true, value: (p) => p.settings.length },
    {
      name: 'unknown',
      header: 'Unknown',
      minWidth: 100,
      center: true,
      optional: true,
      value: (p) => p.unknownSettings.length,
    },
    {
      name: 'source',
      header: 'Source',
      minWidth: 140,
      optional: true,
      value: (p) => p.uploadedFile?.filename ?? 'Created here',
    },
    { name: 'updatedBy', header: 'Changed by', minWidth: 150, optional: true },
    {
      name: 'actions',
      header: 'Actions',
      minWidth: 320,
      pinned: 'right',
      render: (p) => (
        <Stack direction="row" spacing={0.5}>
          <Button
            size="small"
            data-testid={`${ids.editPolicy}-${p.name}`}
            onClick={() => setEditor({ kind: 'edit', policy: p })}
          >
            {canWrite ? 'Edit' : 'View'}
          </Button>
          {canAssess && (
            <Button
              size="small"
              data-testid={`${ids.assessPolicy}-${p.name}`}
              onClick={() => void onAssess(p)}
            >
              Assess
            </Button>
          )}
          <Button
            size="small"
            data-testid={`${ids.exportPolicy}-${p.name}`}
            aria-haspopup="menu"
            onClick={(e) => setExportMenu({ anchor: e.currentTarget, policy: p })}
          >
            Export
          </Button>
          {canWrite && (
            <Button
              size="small"
              color="error"
              data-testid={`${ids.deletePolicy}-${p.name}`}
              onClick={() => setDeleting([p])}
            >
              Delete
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Box>
      {canWrite ? (
        <Stack spacing={2} sx={{ mb: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <BrowserSelect
              id="brw-upload-browser"
              label={BRW_TEXTS.uploadBrowser}
              value={browser}
              onChange={setBrowser}
              testId={ids.uploadBrowser}
            />
            <PlatformSelect
              id="brw-upload-platform"
              label={BRW_TEXTS.uploadPlatform}
              value={platform}
              onChange={setPlatform}
              testId={ids.uploadPlatform}
            />
            <Button
              variant="contained"
              data-testid={ids.newPolicy}
              onClick={() => setEditor({ kind: 'new' })}
            >
              {BRW_TEXTS.newPolicy}
            </Button>
            <Button
              variant="outlined"
              data-testid={ids.pastePolicy}
              onClick={() => setEditor({ kind: 'paste' })}
            >
              {BRW_TEXTS.pastePolicy}
            </Button>
          </Stack>
          <Box data-testid={ids.upload}>
            <UploadBox
              accept={['reg', 'xml', 'json']}
              label={BRW_TEXTS.uploadLabel}
              ariaLabel="Upload a browser policy file"
              onFiles={([file]) => void onFile(file)}
            />
          </Box>
          {uploadError && (
            <Alert severity="error" data-testid={ids.uploadError}>
              {uploadError}
            </Alert>
          )}
          {uploaded && (
            <Alert
              severity={uploaded.unknownSettings.length > 0 ? 'warning' : 'success'}
              data-testid={ids.uploadResult}
            >
              {uploaded.name}: {uploaded.settings.length} settings mapped onto the catalogue
              {uploaded.unknownSettings.length > 0
                ? `; ${uploaded.unknownSettings.length} not in the catalogue, kept as they are: ${uploaded.unknownSettings
                    .map((s) => (s.line ? `${s.name} (line ${s.line})` : s.name))
                    .join(', ')}`
                : ''}
              .
            </Alert>
          )}
        </Stack>
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {BRW_TEXTS.readOnly}
        </Alert>
      )}
      {rows.length === 0 ? (
        <Alert severity="info" data-testid={ids.empty}>
          {BRW_TEXTS.policiesEmpty}
        </Alert>
      ) : (
        <Box data-testid={ids.policiesTable}>
          {canWrite && (
            <Button
              size="small"
              color="error"
              disabled={selected.length === 0}
              data-testid={ids.deleteSelected}
              onClick={() => setDeleting(selected)}
              sx={{ mb: 1 }}
            >
              {BRW_TEXTS.deleteSelected}
            </Button>
          )}
          <DataTable
            rows={rows}
            rowKey={policyKey}
            columns={columns}
            label="Browser policies"
            selectable={canWrite}
            onSelectionChange={setSelected}
            initialSort={{ column: 'name', direction: 'asc' }}
          />
        </Box>
      )}
      <Menu anchorEl={exportMenu?.anchor} open={exportMenu !== null} onClose={() => setExportMenu(null)}>
        {EXPORT_FORMATS.map((f) => (
          <MenuItem
            key={f}
            data-testid={`${ids.exportFormat}-${f}`}
            onClick={() => exportMenu && void onExport(exportMenu.policy, f)}
          >
            {EXPORT_FORMAT_LABELS[f]}
          </MenuItem>
        ))}
      </Menu>
      {editor && (
        <PolicyEditorDialog
          mode={editor}
          readOnly={!canWrite}
          defaults={{ browser, platform }}
          onClose={() => setEditor(null)}
          onSaved={() => {
            setEditor(null);
            policies.reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title="Delete browser policies"
          count={deleting.length}
          names={deleting.map((p) => p.name)}
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void onDelete()}
          testIds={{
            dialog: 'brw-delete-dialog',
            cancel: 'brw-delete-cancel',
            confirm: 'brw-delete-confirm',
          }}
        />
      )}
    </Box>
  );
}
