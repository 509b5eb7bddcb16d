/**
 * The policy editor (docs/browser-posture.md §3): a new policy from the catalogue, a policy from
 * pasted settings (any upload format), or an existing policy's settings, each with a typed control
 * for its definition: a switch for a boolean, a select of the allowed values for an enum, a number
 * within the bounds for an integer, a text for a string, one line per item for a list. The
 * server's refusal is shown under the setting it names (`settings.<i>.value`).
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  type ConfigPolicy,
  type PostureBrowser,
  type PosturePlatform,
  type SettingDefinition,
  type SettingValue,
} from '@workbench/common/api/contract/browser-posture/browserPosture';
import { browserPostureIds as ids } from '@workbench/common/test-ids/browserPostureIds';
import { useEntityCall, useEntityRead } from './browserPostureRequests';
import { valueText } from './browserPostureTexts';
import { BrowserSelect, PlatformSelect } from './PostureSelect';

export type EditorMode = { kind: 'new' } | { kind: 'paste' } | { kind: 'edit'; policy: ConfigPolicy };

interface Row {
  name: string;
  /** As typed: a list is its lines, a number its text, until saved. */
  value: SettingValue;
}

/** A new setting's first value: the definition's first allowed value, false, the lower bound, empty. */
function initialValue(def: SettingDefinition): SettingValue {
  if (def.type === 'boolean') return false;
  if (def.type === 'enum') return def.allowedValues?.[0]?.value ?? '';
  if (def.type === 'integer') return def.min ?? 0;
  if (def.type === 'list') return [];
  return '';
}

function SettingControl({
  def,
  value,
  onChange,
  error,
  disabled,
}: {
  def: SettingDefinition | undefined;
  value: SettingValue;
  onChange: (v: SettingValue) => void;
  error: string | null;
  disabled: boolean;
}) {
  const testId = `${ids.editorSetting}-${def?.name ?? 'unknown'}`;
  if (!def) return <Typography>{valueText(value)}</Typography>;
  const helperText = error ?? def.description;
  if (def.type === 'boolean')
    return (
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={value === true}
              disabled={disabled}
              onChange={(e) => onChange(e.target.checked)}
              slotProps={{ input: { 'data-testid': testId } as Record<string, string> }}
            />
          }
          label={value === true ? 'Enabled (true)' : 'Disabled (false)'}
        />
        <Typography variant="caption" color={error ? 'error' : 'text.secondary'} sx={{ display: 'block' }}>
          {helperText}
        </Typography>
      </Box>
    );
  if (def.type === 'enum')
    return (
      <TextField
        select
        size="small"
        fullWidth
        label="Value"
        value={String(value)}
        disabled={disabled}
        error={Boolean(error)}
        helperText={helperText}
        onChange={(e) => {
          const chosen = def.allowedValues?.find((a) => String(a.value) === e.target.value);
          if (chosen) onChange(chosen.value);
        }}
        slotProps={{ htmlInput: { 'data-testid': testId } }}
      >
        {(def.allowedValues ?? []).map((a) => (
          <MenuItem key={String(a.value)} value={String(a.value)}>
            {a.label} ({String(a.value)})
          </MenuItem>
        ))}
      </TextField>
    );
  if (def.type === 'list')
    return (
      <TextField
        multiline
        minRows={2}
        size="small"
        fullWidth
        label="One item per line"
        value={(value as string[]).join('\n')}
        disabled={disabled}
        error={Boolean(error)}
        helperText={helperText}
        onChange={(e) => onChange(e.target.value.split('\n'))}
        slotProps={{ htmlInput: { 'data-testid': testId } }}
      />
    );
  return (
    <TextField
      size="small"
      fullWidth
      label={
        def.type === 'integer' ? `Number${def.min !== undefined ? ` (${def.min}–${def.max})` : ''}` : 'Text'
      }
      type={def.type === 'integer' ? 'number' : 'text'}
      value={String(value)}
      disabled={disabled}
      error={Boolean(error)}
      helperText={helperText}
      onChange={(e) => onChange(def.type === 'integer' ? Number(e.target.value) : e.target.value)}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}

export function PolicyEditorDialog({
  mode,
  readOnly,
  defaults,
  onClose,
  onSaved,
}: {
  mode: EditorMode;
  readOnly: boolean;
  defaults: { browser: PostureBrowser; platform: PosturePlatform };
  onClose: () => void;
  onSaved: () => void;
}) {
  const policy = mode.kind === 'edit' ? mode.policy : null;
  const [name, setName] = useState(policy?.name ?? '');
  const [browser, setBrowser] = useState<PostureBrowser>(policy?.browser ?? defaults.browser);
  const [platform, setPlatform] = useState<PosturePlatform>(policy?.platform ?? defaults.platform);
  const [rows, setRows] = useState<Row[]>(policy?.settings ?? []);
  const [text, setText] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const catalogue = useEntityRead('listSettingDefinitions', [{ browser, platform }], {
    enabled: mode.kind !== 'paste',
  });
  const input = useEntityCall('inputConfigPolicy');
  const patch = useEntityCall('patchConfigPolicy');
  const definitions = useMemo(() => catalogue.data?.definitions ?? [], [catalogue.data]);
  const byName = useMemo(() => new Map(definitions.map((d) => [d.name, d])), [definitions]);
  const unused = definitions.filter((d) => !rows.some((r) => r.name === d.name));

  const rowError = (i: number): string | null =>
    error?.field === `settings.${i}.value` || error?.field === `settings.${i}.name` ? error.message : null;
  const general = error && !/^settings\.\d+\./.test(error.field ?? '') ? error.message : null;
  const cleaned = (): Row[] =>
    rows.map((r) =>
      Array.isArray(r.value) ? { ...r, value: r.value.map((v) => v.trim()).filter(Boolean) } : r,
    );

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      if (mode.kind === 'paste') await input({ name: name.trim(), text, platform });
      else if (mode.kind === 'new')
        await input({ name: name.trim(), browser, platform, settings: cleaned() });
      else
        await patch({
          id: (policy as ConfigPolicy).id,
          name: name.trim(),
          platform,
          settings: cleaned(),
          updatedAt: (policy as ConfigPolicy).updatedAt,
        });
      onSaved();
    } catch (e) {
      const info = toErrorInfo(e, mode.kind === 'edit' ? 'patchConfigPolicy' : 'inputConfigPolicy');
      setError({ field: info.field, message: info.message });
    } finally {
      setBusy(false);
    }
  };

  const title =
    mode.kind === 'edit'
      ? `Policy: ${policy?.name}`
      : mode.kind === 'paste'
        ? 'Paste settings'
        : 'New policy';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="brw-editor-title">
      <DialogTitle id="brw-editor-title">{title}</DialogTitle>
      <DialogContent data-testid={ids.editor}>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Name"
            size="small"
            value={name}
            disabled={readOnly}
            required
            error={error?.field === 'name'}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': ids.editorName, maxLength: 120 } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {mode.kind !== 'paste' && (
              <BrowserSelect
                id="brw-editor-browser"
                label="Browser"
                value={browser}
                onChange={(b) => {
                  setBrowser(b);
                  setRows([]);
                }}
                testId={ids.editorBrowser}
                disabled={mode.kind === 'edit' || readOnly}
              />
            )}
            <PlatformSelect
              id="brw-editor-platform"
              label="Platform"
              value={platform}
              onChange={setPlatform}
              testId={ids.editorPlatform}
              disabled={readOnly}
            />
          </Stack>
          {mode.kind === 'paste' ? (
            <TextField
              label="Policy file text"
              helperText="Paste a .reg export, Group Policy Registry.xml, a JSON policy file or an Intune profile; the browser is read from it."
              multiline
              minRows={8}
              value={text}
              error={Boolean(general)}
              onChange={(e) => setText(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': ids.editorText, spellCheck: false } }}
            />
          ) : (
            <>
              {rows.length === 0 && (
                <Typography color="text.secondary">
                  No settings yet: add the settings this policy configures from the catalogue below.
                </Typography>
              )}
              {rows.map((r, i) => (
                <Stack key={r.name} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Box sx={{ width: { xs: 140, sm: 260 }, flexShrink: 0, pt: 1, overflowWrap: 'anywhere' }}>
                    <Typography sx={{ fontWeight: 500 }}>{r.name}</Typography>
                  </Box>
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <SettingControl
                      def={byName.get(r.name)}
                      value={r.value}
                      error={rowError(i)}
                      disabled={readOnly}
                      onChange={(v) => setRows(rows.map((x, k) => (k === i ? { ...x, value: v } : x)))}
                    />
                  </Box>
                  {!readOnly && (
                    <IconButton
                      aria-label={`Remove ${r.name}`}
                      data-testid={`${ids.editorRemove}-${r.name}`}
                      onClick={() => setRows(rows.filter((_, k) => k !== i))}
                    >
                      ×
                    </IconButton>
                  )}
                </Stack>
              ))}
              {policy && policy.unknownSettings.length > 0 && (
                <Alert severity="warning">
                  Not in the catalogue, kept as uploaded and exported again:{' '}
                  {policy.unknownSettings.map((s) => `${s.name} = ${valueText(s.value)}`).join('; ')}
                </Alert>
              )}
              {!readOnly && (
                <Autocomplete
                  options={unused}
                  getOptionLabel={(d) => d.name}
                  groupBy={(d) => d.category}
                  loading={catalogue.status === 'loading'}
                  value={null}
                  onChange={(_e, d) => d && setRows([...rows, { name: d.name, value: initialValue(d) }])}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      size="small"
                      label="Add a setting from the catalogue"
                      slotProps={{
                        ...params.slotProps,
                        htmlInput: { ...params.slotProps.htmlInput, 'data-testid': ids.editorAddSetting },
                      }}
                    />
                  )}
                />
              )}
            </>
          )}
          {general && (
            <Alert severity="error" data-testid={ids.editorError}>
              {general}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={ids.editorCancel}>
          {readOnly ? 'Close' : 'Cancel'}
        </Button>
        {!readOnly && (
          <Button
            variant="contained"
            disabled={busy || name.trim() === '' || (mode.kind === 'paste' && text.trim() === '')}
            onClick={() => void save()}
            data-testid={ids.editorSave}
          >
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
