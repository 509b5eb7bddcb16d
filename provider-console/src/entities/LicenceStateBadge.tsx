import { LICENCE_STATE_LABELS, type LicenceState } from '@workbench/common/api/contract/providerOps';
import { StatusChip, type StatusColour } from '@workbench/common/components/status-chip/index';

const STATE_COLOURS: Record<LicenceState, StatusColour> = {
  none: 'default',
  active: 'success',
  about_to_expire: 'warning',
  expired: 'error',
};

/** A licence state as a badge (colour and words, so it reads without colour too). */
export function LicenceStateBadge({ state, testId }: { state: LicenceState; testId?: string }) {
  return (
    <StatusChip
      label={LICENCE_STATE_LABELS[state]}
      colour={STATE_COLOURS[state]}
      data-testid={testId}
      data-state={state}
    />
  );
}
