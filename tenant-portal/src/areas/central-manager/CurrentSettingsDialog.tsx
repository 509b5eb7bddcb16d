/**
 * An appliance's settings now (current_settings, read from the appliance when the dialog opens):
 * each document with its fields. An appliance that cannot say shows why. Who may write changes a
 * document's fields here (cr_update, docs/central-manager.md §12) with the document's own form
 * (the appliance settings registry's, as on an appliance): only the fields changed are sent, the
 * appliance checks the whole result, and what is shown after is what it answered; a refusal shows
 * the appliance's own words at the field it names and nothing changes.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import {
  APPLIANCE_SETTINGS,
  type ApplianceSettingsKey,
} from '@workbench/common/api/contract/appliance/applianceSettings';
import { CR_UPDATE_EXCLUDED_FIELDS, type ManagedSystem } from '@workbench/common/api/contract/centralManager';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { useEntityCall, useEntityRead } from './centralManagerRequests';
import { ApplianceDocumentForm } from '../appliance-settings/ApplianceDocumentForm';

type Settings = Record<string, Record<string, unknown>>;

/** A field's value as one line: text as it is, anything else as JSON. */
export const settingText = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

export const CR_UPDATE_TEXTS = {
  edit: (title: string) => `Change ${title}`,
  nothingChanged: 'Nothing changed: change a field first.',
} as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What a document's form changed, as cr_update takes it: the top-level fields whose value differs
 * from what the appliance holds (a nested object merged over the one held, so its other fields
 * stay), never the document's own bookkeeping (updated_at, updated_by).
 */
export function crUpdateFields(
  held: Record<string, unknown>,
  formValue: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(formValue)) {
    if (CR_UPDATE_EXCLUDED_FIELDS.includes(field)) continue;
    const before = held[field];
    const after = isObject(value) && isObject(before) ? { ...before, ...value } : value;
    if (JSON.stringify(after) !== JSON.stringify(before)) out[field] = after;
  }
  return out;
}

const isApplianceKey = (key: string): key is ApplianceSettingsKey => key in APPLIANCE_SETTINGS;

export function CurrentSettingsDialog({
  system,
  canWrite,
  onClose,
}: {
  system: ManagedSystem;
  canWrite: boolean;
  onClose: () => void;
}) {
  const read = useEntityRead('getCurrentSettings', [system.id]);
  const crUpdate = useEntityCall('crUpdate');
  // What the appliance answered after a change, shown instead of the first read.
  const [answered, setAnswered] = useState<Settings | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const settings = answered ?? read.data;
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="cm-settings-title"
      data-testid={ids.settingsDialog}
    >
      <DialogTitle id="cm-settings-title">Settings of {system.name} now</DialogTitle>
      <DialogContent>
        <Box data-testid={ids.settingsBody}>
          {saved && (
            <Alert severity="success" sx={{ mb: 2 }} data-testid={ids.settingsSaved}>
              {saved}
            </Alert>
          )}
          {read.status === 'failed' && answered === null ? (
            <LoadFailed
              message={read.error?.message ?? 'The settings were not read.'}
              onRetry={read.reload}
            />
          ) : settings === null ? (
            <Loading label={`Reading the settings of ${system.name}`} />
          ) : (
            Object.entries(settings).map(([doc, fields]) => (
              <Box key={doc} sx={{ mb: 2 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="subtitle2" sx={{ flex: 1 }}>
                    {doc}
                  </Typography>
                  {canWrite && editing !== doc && isApplianceKey(doc) && (
                    <Button
                      size="small"
                      disabled={editing !== null}
                      onClick={() => {
                        setSaved(null);
                        setEditing(doc);
                      }}
                      data-testid={`${ids.settingsEdit}-${doc}`}
                    >
                      {CR_UPDATE_TEXTS.edit(APPLIANCE_SETTINGS[doc].title)}
                    </Button>
                  )}
                </Stack>
                {editing === doc && isApplianceKey(doc) ? (
                  <Stack spacing={1} sx={{ mt: 1 }}>
                    <ApplianceDocumentForm
                      docKey={doc}
                      doc={{ updated_at: null, updated_by: null, ...fields }}
                      canWrite
                      save={async (key, value) => {
                        const changes = crUpdateFields(fields, value);
                        if (Object.keys(changes).length === 0)
                          throw new Error(CR_UPDATE_TEXTS.nothingChanged);
                        setAnswered(await crUpdate(system.id, { [key]: changes }));
                        setSaved(
                          `Changed ${Object.keys(changes).join(', ')} of ${APPLIANCE_SETTINGS[key].title} on ${system.name}.`,
                        );
                      }}
                      onReload={() => setEditing(null)}
                    />
                    <Box>
                      <Button onClick={() => setEditing(null)} data-testid={ids.settingsCancel}>
                        Cancel
                      </Button>
                    </Box>
                  </Stack>
                ) : (
                  <Table size="small" aria-label={doc}>
                    <TableBody>
                      {Object.entries(fields).map(([field, value]) => (
                        <TableRow key={field}>
                          <TableCell sx={{ width: '35%' }}>{field}</TableCell>
                          <TableCell sx={{ wordBreak: 'break-all' }}>{settingText(value)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </Box>
            ))
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={ids.settingsClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
