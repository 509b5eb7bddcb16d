/**
 * The Catalogue tab (docs/browser-posture.md §2): the setting definitions, filtered on the server
 * by browser, platform, version and text, in the shared data table: name, browser, type and
 * allowed values, the version that introduced it, the platforms, whether it bears on security.
 */
import { useEffect, useState } from 'react';
import { Alert, Box, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { selectCan, useAppSelector } from '@workbench/common';
import {
  BROWSER_POSTURE_PERMISSIONS as PERM,
  POSTURE_BROWSERS,
  POSTURE_PLATFORMS,
  type PostureBrowser,
  type PosturePlatform,
  type SettingDefinition,
} from '@workbench/common/api/contract/browser-posture/browserPosture';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { LoadFailed, Loading } from '@workbench/common/components/page-states/index';
import { browserPostureIds as ids } from '@workbench/common/test-ids/browserPostureIds';
import { useEntityRead } from './browserPostureRequests';
import { BRW_TEXTS, BROWSER_LABELS, PLATFORM_LABELS } from './browserPostureTexts';

const valuesText = (d: SettingDefinition): string =>
  d.allowedValues
    ? d.allowedValues.map((a) => `${String(a.value)}: ${a.label}`).join('; ')
    : d.type === 'integer' && d.min !== undefined
      ? `${d.min}–${d.max}`
      : '';

const columns: DataTableColumn<SettingDefinition>[] = [
  { name: 'name', header: 'Setting', flex: 2, minWidth: 200, sortable: true, wrap: true },
  {
    name: 'browser',
    header: 'Browser',
    minWidth: 130,
    value: (d) => BROWSER_LABELS[d.browser],
    sortable: true,
  },
  { name: 'type', header: 'Type', minWidth: 90, sortable: true },
  {
    name: 'values',
    header: 'Allowed values',
    flex: 2,
    minWidth: 160,
    optional: true,
    wrap: true,
    value: valuesText,
  },
  {
    name: 'introduced',
    header: 'Since',
    minWidth: 80,
    center: true,
    value: (d) => Number(d.introduced),
    sortable: true,
  },
  {
    name: 'platforms',
    header: 'Platforms',
    minWidth: 130,
    optional: true,
    value: (d) => d.platforms.map((p) => PLATFORM_LABELS[p]).join(', '),
  },
  {
    name: 'securityRelevant',
    header: 'Security',
    minWidth: 100,
    center: true,
    sortable: true,
    value: (d) => (d.securityRelevant ? 'Yes' : ''),
    render: (d) =>
      d.securityRelevant ? <Chip size="small" label="Security" color="warning" variant="outlined" /> : null,
  },
  { name: 'description', header: 'Description', flex: 3, minWidth: 200, optional: true, wrap: true },
];

const definitionKey = (d: SettingDefinition) => d.id;

export function CatalogueTab() {
  const canRead = useAppSelector(selectCan(PERM.settingDefinitionsRead));
  const [browser, setBrowser] = useState<PostureBrowser | ''>('');
  const [platform, setPlatform] = useState<PosturePlatform | ''>('');
  const [version, setVersion] = useState('');
  const [q, setQ] = useState('');
  // The typed filters are asked for once typing pauses, not at every key.
  const [typed, setTyped] = useState({ version: '', q: '' });
  useEffect(() => {
    const timer = setTimeout(() => setTyped({ version, q: q.trim() }), 300);
    return () => clearTimeout(timer);
  }, [version, q]);
  const query = {
    ...(browser ? { browser } : {}),
    ...(platform ? { platform } : {}),
    ...(typed.version ? { version: typed.version } : {}),
    ...(typed.q ? { q: typed.q } : {}),
  };
  const definitions = useEntityRead('listSettingDefinitions', [query], {
    enabled: canRead,
    keepPrevious: true,
  });
  if (!canRead) return <Alert severity="info">{BRW_TEXTS.noPermission}</Alert>;
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Browser"
          value={browser}
          onChange={(e) => setBrowser(e.target.value as PostureBrowser | '')}
          sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': ids.catalogueBrowser } }}
        >
          <MenuItem value="">All browsers</MenuItem>
          {POSTURE_BROWSERS.map((b) => (
            <MenuItem key={b} value={b}>
              {BROWSER_LABELS[b]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Platform"
          value={platform}
          onChange={(e) => setPlatform(e.target.value as PosturePlatform | '')}
          sx={{ minWidth: 150 }}
          slotProps={{ htmlInput: { 'data-testid': ids.cataloguePlatform } }}
        >
          <MenuItem value="">All platforms</MenuItem>
          {POSTURE_PLATFORMS.map((p) => (
            <MenuItem key={p} value={p}>
              {PLATFORM_LABELS[p]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Browser version"
          helperText="Settings this major version has"
          value={version}
          onChange={(e) => setVersion(e.target.value.replace(/[^0-9]/g, '').slice(0, 4))}
          slotProps={{ htmlInput: { 'data-testid': ids.catalogueVersion, inputMode: 'numeric' } }}
        />
        <TextField
          size="small"
          label="Search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          sx={{ flexGrow: 1 }}
          slotProps={{ htmlInput: { 'data-testid': ids.catalogueSearch, maxLength: 100 } }}
        />
      </Stack>
      {definitions.status === 'failed' ? (
        <Box data-testid={ids.loadError}>
          <LoadFailed
            message={definitions.error?.message ?? 'The catalogue was not loaded.'}
            onRetry={definitions.reload}
          />
        </Box>
      ) : definitions.data === null ? (
        <Loading label="Loading the catalogue" />
      ) : (
        <Box data-testid={ids.catalogueTable}>
          <Typography color="text.secondary" sx={{ mb: 1 }} data-testid={ids.catalogueCount}>
            {definitions.data.total} settings
          </Typography>
          <DataTable
            rows={definitions.data.definitions}
            rowKey={definitionKey}
            columns={columns}
            label="Setting definitions"
            pageSize={25}
            emptyText="No setting matches these filters."
          />
        </Box>
      )}
    </Box>
  );
}
