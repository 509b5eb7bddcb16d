/**
 * What the management station says of itself (GET /api/v1/cm/about, docs/central-manager.md §13):
 * product, version, mode, host, since when it runs, its runtime and how much it manages. Shown on
 * Settings › Management Station and in the user menu's About dialog.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
} from '@mui/material';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { localDateTime } from '@workbench/common/formatting/localTime';
import { filterMenuLabel } from '@workbench/common/vocabularies/sharedUiMaps';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { useEntityRead } from './centralManagerRequests';

export const ABOUT_TEXTS = {
  title: 'About this management station',
  menuItem: 'About',
} as const;

export function StationAbout() {
  const about = useEntityRead('getCmAbout', []);
  if (about.status === 'failed')
    return <LoadFailed message={about.error?.message ?? 'The station did not say.'} onRetry={about.reload} />;
  const a = about.data;
  if (a === null) return <Loading label="Reading what the station runs" />;
  const lines: [string, string, string][] = [
    ['product', 'Product', a.product],
    ['version', 'Version', a.version],
    ['mode', 'Mode', filterMenuLabel(a.mode)],
    ['hostname', 'Host name', a.hostname],
    ['started_at', 'Running since', localDateTime(a.started_at)],
    ['runtime', 'Runtime', a.runtime],
    ['managed_systems', 'Managed appliances', String(a.managed_systems)],
    ['groups', 'Groups', String(a.groups)],
    ['templates', 'Templates', String(a.templates)],
  ];
  return (
    <Table size="small" aria-label={ABOUT_TEXTS.title}>
      <TableBody>
        {lines.map(([key, label, value]) => (
          <TableRow key={key}>
            <TableCell component="th" scope="row" sx={{ width: '40%' }}>
              {label}
            </TableCell>
            <TableCell data-testid={`${ids.about}-${key}`}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function StationAboutDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="cm-about-title"
      data-testid={ids.aboutDialog}
    >
      <DialogTitle id="cm-about-title">{ABOUT_TEXTS.title}</DialogTitle>
      <DialogContent>
        <StationAbout />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={ids.aboutClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
