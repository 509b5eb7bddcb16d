/**
 * Settings › PAC Files (issue 34 point 2; docs/settings.md "PAC files"): the URL browsers are
 * configured with (copy), the PAC version (which file is served), the file in an editor with
 * syntax highlighting (a file that does not parse is refused by the server, its line and column
 * shown), the proxies and defaults the template is made from (load the template into the editor),
 * and a tester: a URL and a client address in, what FindProxyForURL answers out. Needs the `pac`
 * feature and settings:pac:read; a reader sees everything and may test, without write controls.
 * Loads and writes through the entity feature's requests (app/portalRequests.ts).
 */
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { selectCan, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  PAC_READ_PERMISSION,
  PAC_WRITE_PERMISSION,
  type PacDefaults,
  type PacProxyIps,
  type PacSettings,
  type PacVersion,
} from '@workbench/common/api/contract/pacSettings';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { pacSettingsIds as ids } from '@workbench/common/test-ids/pacSettingsIds';
import { PAC_TESTER_TEXTS, PacTester } from '@workbench/common/components/pac-editor/tester';
import { useEntityCall, useEntityRead } from '../settingsRequests';
import { AreaPage } from '../../AreaPage';
import { utcMinute } from '../utcMinute';

const PacCodeEditor = lazy(() => import('@workbench/common/components/pac-editor/index'));

export const PAC_TEXTS = {
  title: 'PAC Files',
  intro:
    'The proxy auto-configuration (PAC) file tells browsers which requests go through the proxies and which go direct.',
  urlTitle: 'PAC file URL',
  urlHint:
    'Configure browsers (or your device management) with this address; it is fetched without signing in.',
  copied: 'The PAC file URL',
  versionTitle: 'Served file',
  v2: 'The PAC file edited below (version 2)',
  v1: 'The template made from the proxies and defaults (version 1)',
  editorTitle: 'PAC file',
  editorLabel: 'PAC file text',
  filename: 'File name',
  save: 'Save PAC file',
  saved: 'The PAC file was saved.',
  loadTemplate: 'Load template',
  templateTitle: 'Proxies and defaults',
  templateIntro: 'What the template is made from: the proxies in order, and what goes direct.',
  proxies: 'Proxies',
  proxiesHint: 'One host:port per line, in the order browsers try them, e.g. proxy.example.com:8080',
  bypassDomains: 'Domains that go direct',
  bypassHint: 'One domain per line; its subdomains go direct too.',
  bypassPrivate: 'Private networks go direct (10/8, 172.16/12, 192.168/16, 127/8)',
  bypassPlain: 'Host names without a dot go direct',
  failOpen: 'Go direct when no proxy answers (fail open)',
  saveTemplateSettings: 'Save proxies and defaults',
  templateSaved: 'The proxies and defaults were saved.',
  ...PAC_TESTER_TEXTS,
  readOnly: 'You may read and test the PAC settings; changing them needs another role.',
} as const;

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** The field of a per-line server error (proxy_ips.3) as the form's line. */
const lineError = (field: string | undefined, prefix: string, message: string): string | null => {
  const m = new RegExp(`^${prefix}\\.(\\d+)$`).exec(field ?? '');
  return m ? `Line ${Number(m[1]) + 1}: ${message}` : null;
};

interface TemplateValues {
  proxies: string;
  bypassDomains: string;
  bypassPrivate: boolean;
  bypassPlain: boolean;
  failOpen: boolean;
}
const templateValuesOf = (proxies: PacProxyIps, d: PacDefaults): TemplateValues => ({
  proxies: proxies.proxy_ips.join('\n'),
  bypassDomains: d.bypass_domains.join('\n'),
  bypassPrivate: d.bypass_private_networks,
  bypassPlain: d.bypass_plain_hostnames,
  failOpen: d.fail_open,
});
const templateBodyOf = (v: TemplateValues) => ({
  proxy_ips: lines(v.proxies),
  defaults: {
    bypass_domains: lines(v.bypassDomains),
    bypass_private_networks: v.bypassPrivate,
    bypass_plain_hostnames: v.bypassPlain,
    fail_open: v.failOpen,
  },
});

export function PacFilesPage() {
  const canRead = useAppSelector(selectCan(PAC_READ_PERMISSION));
  const canWrite = useAppSelector(selectCan(PAC_WRITE_PERMISSION));
  const settings = useEntityRead('getPacSettings', [], { enabled: canRead });
  const proxies = useEntityRead('getPacProxyIps', [], { enabled: canRead });
  const defaults = useEntityRead('getPacDefaults', [], { enabled: canRead });
  const version = useEntityRead('getPacVersion', [], { enabled: canRead });
  const reads = [settings, proxies, defaults, version];
  const failed = reads.find((r) => r.status === 'failed');

  return (
    <AreaPage title={PAC_TEXTS.title}>
      <Box data-testid={ids.page}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {PAC_TEXTS.intro}
        </Typography>
        {!canRead ? (
          <Alert severity="info">You do not have permission to see the PAC settings.</Alert>
        ) : failed ? (
          <Box data-testid={ids.loadError}>
            <LoadFailed
              message={failed.error?.message ?? 'The PAC settings were not loaded.'}
              onRetry={() => reads.forEach((r) => r.reload())}
            />
          </Box>
        ) : settings.data === null ||
          proxies.data === null ||
          defaults.data === null ||
          version.data === null ? (
          <Loading label="Loading the PAC settings" />
        ) : (
          <PacSettingsForms
            settings={settings.data}
            proxies={proxies.data}
            defaults={defaults.data}
            version={version.data}
            canWrite={canWrite}
            onSettingsSaved={settings.reload}
            onTemplateSaved={() => {
              proxies.reload();
              defaults.reload();
            }}
            onVersionSaved={version.reload}
          />
        )}
      </Box>
    </AreaPage>
  );
}

function PacSettingsForms({
  settings,
  proxies,
  defaults,
  version,
  canWrite,
  onSettingsSaved,
  onTemplateSaved,
  onVersionSaved,
}: {
  settings: PacSettings;
  proxies: PacProxyIps;
  defaults: PacDefaults;
  version: PacVersion;
  canWrite: boolean;
  onSettingsSaved(): void;
  onTemplateSaved(): void;
  onVersionSaved(): void;
}) {
  const dispatch = useAppDispatch();
  const saveSettings = useEntityCall('savePacSettings');
  const saveProxies = useEntityCall('savePacProxyIps');
  const saveDefaults = useEntityCall('savePacDefaults');
  const makeTemplate = useEntityCall('makePacTemplate');
  const saveVersion = useEntityCall('savePacVersion');
  const runTest = useEntityCall('testPacFile');

  const [text, setText] = useState(settings.pac);
  const [filename, setFilename] = useState(settings.filename);
  const [editorError, setEditorError] = useState<string | null>(null);
  const [filenameError, setFilenameError] = useState<string | null>(null);
  const [template, setTemplate] = useState<TemplateValues>(() => templateValuesOf(proxies, defaults));
  const [templateErrors, setTemplateErrors] = useState<{ proxies?: string; bypass?: string; form?: string }>(
    {},
  );
  const [versionError, setVersionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setText(settings.pac);
    setFilename(settings.filename);
  }, [settings]);
  useEffect(() => setTemplate(templateValuesOf(proxies, defaults)), [proxies, defaults]);

  const fullUrl = `${window.location.origin}${settings.url}`;
  const copyUrl = () =>
    navigator.clipboard
      .writeText(fullUrl)
      .then(() => dispatch(snackbarShown({ kind: 'copy', subject: PAC_TEXTS.copied })))
      .catch(() =>
        dispatch(
          snackbarShown({
            kind: 'custom',
            severity: 'error',
            message: 'The URL could not be copied: select it and copy it by hand.',
          }),
        ),
      );

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const submitFile = (event: FormEvent) => {
    event.preventDefault();
    setEditorError(null);
    setFilenameError(null);
    void run(async () => {
      try {
        await saveSettings({ pac: text, filename: filename.trim(), updated_at: settings.updated_at });
        dispatch(snackbarShown({ kind: 'save', outcome: 'success', message: PAC_TEXTS.saved }));
        onSettingsSaved();
      } catch (e) {
        const info = toErrorInfo(e, 'savePacSettings');
        if (info.field === 'filename') setFilenameError(info.message);
        else setEditorError(info.message);
      }
    });
  };

  const loadTemplate = () => {
    setTemplateErrors({});
    void run(async () => {
      try {
        setText((await makeTemplate(templateBodyOf(template))).pac);
        setEditorError(null);
      } catch (e) {
        showTemplateError(toErrorInfo(e, 'makePacTemplate'));
      }
    });
  };

  const showTemplateError = (info: { field?: string; message: string }) => {
    const proxiesLine = lineError(info.field, 'proxy_ips', info.message);
    const bypassLine = lineError(info.field?.replace(/^defaults\./, ''), 'bypass_domains', info.message);
    if (proxiesLine) setTemplateErrors({ proxies: proxiesLine });
    else if (bypassLine) setTemplateErrors({ bypass: bypassLine });
    else setTemplateErrors({ form: info.message });
  };

  const submitTemplate = (event: FormEvent) => {
    event.preventDefault();
    setTemplateErrors({});
    const body = templateBodyOf(template);
    void run(async () => {
      try {
        await saveProxies({ proxy_ips: body.proxy_ips });
        await saveDefaults(body.defaults);
        dispatch(snackbarShown({ kind: 'save', outcome: 'success', message: PAC_TEXTS.templateSaved }));
        onTemplateSaved();
      } catch (e) {
        showTemplateError(toErrorInfo(e, 'savePacProxyIps'));
      }
    });
  };

  const changeVersion = (pacV2: boolean) => {
    setVersionError(null);
    void run(async () => {
      try {
        await saveVersion({ pac_v2: pacV2 });
        onVersionSaved();
      } catch (e) {
        setVersionError(toErrorInfo(e, 'savePacVersion').message);
      }
    });
  };

  const disabled = !canWrite || busy;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1040 }}>
      {!canWrite && <Alert severity="info">{PAC_TEXTS.readOnly}</Alert>}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {PAC_TEXTS.urlTitle}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography
              component="code"
              data-testid={ids.url}
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
            >
              {fullUrl}
            </Typography>
            <Button size="small" variant="outlined" onClick={() => void copyUrl()} data-testid={ids.copyUrl}>
              Copy
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {PAC_TEXTS.urlHint}
          </Typography>
          <FormControl component="fieldset" sx={{ mt: 2 }}>
            <FormLabel component="legend">{PAC_TEXTS.versionTitle}</FormLabel>
            <RadioGroup
              value={version.pac_v2 ? 'v2' : 'v1'}
              onChange={(e) => changeVersion(e.target.value === 'v2')}
              data-testid={ids.version}
            >
              <FormControlLabel value="v2" control={<Radio disabled={disabled} />} label={PAC_TEXTS.v2} />
              <FormControlLabel value="v1" control={<Radio disabled={disabled} />} label={PAC_TEXTS.v1} />
            </RadioGroup>
          </FormControl>
          {versionError && (
            <Alert severity="error" onClose={() => setVersionError(null)}>
              {versionError}
            </Alert>
          )}
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <form onSubmit={submitFile} noValidate>
            <Stack spacing={2}>
              <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                {PAC_TEXTS.editorTitle}
              </Typography>
              <TextField
                label={PAC_TEXTS.filename}
                value={filename}
                disabled={disabled}
                onChange={(e) => setFilename(e.target.value)}
                error={filenameError !== null}
                helperText={filenameError ?? 'The name the file is saved under, e.g. proxy.pac'}
                sx={{ maxWidth: 360 }}
                slotProps={{ htmlInput: { 'data-testid': ids.filename, spellCheck: false } }}
              />
              <Suspense fallback={<Loading label="Loading the editor" />}>
                <PacCodeEditor
                  value={text}
                  onChange={setText}
                  readOnly={!canWrite}
                  label={PAC_TEXTS.editorLabel}
                />
              </Suspense>
              {editorError && (
                <Alert severity="error" data-testid={ids.editorError} onClose={() => setEditorError(null)}>
                  {editorError}
                </Alert>
              )}
              {canWrite && (
                <Stack direction="row" spacing={1}>
                  <Button type="submit" variant="contained" disabled={busy} data-testid={ids.save}>
                    {PAC_TEXTS.save}
                  </Button>
                  <Button
                    variant="outlined"
                    disabled={busy}
                    onClick={loadTemplate}
                    data-testid={ids.loadTemplate}
                  >
                    {PAC_TEXTS.loadTemplate}
                  </Button>
                </Stack>
              )}
              {settings.updated_at && (
                <Typography variant="caption" color="text.secondary">
                  Last changed by {settings.updated_by ?? 'someone'}, {utcMinute(settings.updated_at)}
                </Typography>
              )}
            </Stack>
          </form>
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <form onSubmit={submitTemplate} noValidate>
            <Stack spacing={2}>
              <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                {PAC_TEXTS.templateTitle}
              </Typography>
              <Typography color="text.secondary">{PAC_TEXTS.templateIntro}</Typography>
              <TextField
                label={PAC_TEXTS.proxies}
                multiline
                minRows={2}
                value={template.proxies}
                disabled={disabled}
                onChange={(e) => setTemplate((v) => ({ ...v, proxies: e.target.value }))}
                error={Boolean(templateErrors.proxies)}
                helperText={templateErrors.proxies ?? PAC_TEXTS.proxiesHint}
                slotProps={{ htmlInput: { 'data-testid': ids.proxies, spellCheck: false } }}
              />
              <TextField
                label={PAC_TEXTS.bypassDomains}
                multiline
                minRows={2}
                value={template.bypassDomains}
                disabled={disabled}
                onChange={(e) => setTemplate((v) => ({ ...v, bypassDomains: e.target.value }))}
                error={Boolean(templateErrors.bypass)}
                helperText={templateErrors.bypass ?? PAC_TEXTS.bypassHint}
                slotProps={{
                  htmlInput: { 'data-testid': `${ids.defaultsField}-bypass_domains`, spellCheck: false },
                }}
              />
              {(
                [
                  ['bypassPrivate', 'bypass_private_networks', PAC_TEXTS.bypassPrivate],
                  ['bypassPlain', 'bypass_plain_hostnames', PAC_TEXTS.bypassPlain],
                  ['failOpen', 'fail_open', PAC_TEXTS.failOpen],
                ] as const
              ).map(([key, field, label]) => (
                <FormControlLabel
                  key={key}
                  label={label}
                  control={
                    <Checkbox
                      checked={template[key]}
                      disabled={disabled}
                      onChange={(e) => setTemplate((v) => ({ ...v, [key]: e.target.checked }))}
                      slotProps={{ input: { 'data-testid': `${ids.defaultsField}-${field}` } as object }}
                    />
                  }
                />
              ))}
              {templateErrors.form && (
                <Alert severity="error" data-testid={ids.templateSettingsError}>
                  {templateErrors.form}
                </Alert>
              )}
              {canWrite && (
                <Box>
                  <Button
                    type="submit"
                    variant="contained"
                    disabled={busy}
                    data-testid={ids.saveTemplateSettings}
                  >
                    {PAC_TEXTS.saveTemplateSettings}
                  </Button>
                </Box>
              )}
            </Stack>
          </form>
        </CardContent>
      </Card>

      <PacTester run={runTest} pacText={() => text} callName="testPacFile" disabled={busy} />
    </Stack>
  );
}
