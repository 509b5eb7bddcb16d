/**
 * An appliance's settings now (current_settings, read from the appliance when the dialog opens):
 * each document with its fields. An appliance that cannot say shows why.
 */
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import type { ManagedSystem } from '@workbench/common/api/contract/centralManager';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { useEntityRead } from './centralManagerRequests';

/** A field's value as one line: text as it is, anything else as JSON. */
export const settingText = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

export function CurrentSettingsDialog({ system, onClose }: { system: ManagedSystem; onClose: () => void }) {
  const read = useEntityRead('getCurrentSettings', [system.id]);
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
          {read.status === 'failed' ? (
            <LoadFailed
              message={read.error?.message ?? 'The settings were not read.'}
              onRetry={read.reload}
            />
          ) : read.data === null ? (
            <Loading label={`Reading the settings of ${system.name}`} />
          ) : (
            Object.entries(read.data).map(([doc, fields]) => (
              <Box key={doc} sx={{ mb: 2 }}>
                <Typography variant="subtitle2">{doc}</Typography>
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
