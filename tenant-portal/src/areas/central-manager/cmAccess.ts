/**
 * What the central-manager pages share: who may read and change them (the server checks the same
 * rules), the appliance states in words with their colours and row markers.
 */
import { selectAccessController, useAppSelector } from '@workbench/common';
import type { RowState } from '@workbench/common/components/data-table/tableModel';
import {
  CM_READ_PERMISSION,
  CM_WRITE_PERMISSION,
  type ApplianceState,
} from '@workbench/common/api/contract/centralManager';
import type { StatusColour } from '@workbench/common/components/status-chip/index';

export function useCmAccess(): { canRead: boolean; canWrite: boolean } {
  const access = useAppSelector(selectAccessController);
  return { canRead: access.allows(CM_READ_PERMISSION), canWrite: access.allows(CM_WRITE_PERMISSION) };
}

/** An appliance state as the table says it, its chip's colour and its row's marker. */
export const APPLIANCE_STATE_VIEW: Record<
  ApplianceState,
  { label: string; colour: StatusColour; row?: RowState }
> = {
  online: { label: 'Online', colour: 'success' },
  maintenance: { label: 'Maintenance', colour: 'info', row: 'info' },
  down: { label: 'Down', colour: 'error', row: 'error' },
  slow: { label: 'Not answering', colour: 'warning', row: 'warning' },
  error: { label: 'Error', colour: 'error', row: 'error' },
  certificate_changed: { label: 'Certificate changed', colour: 'error', row: 'error' },
};

export const CM_TEXTS = {
  noAccess: 'You do not have permission to see the managed appliances.',
} as const;
