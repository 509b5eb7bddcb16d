/**
 * A capability's schema state where capabilities are chosen (rollout stepper, tenant
 * capabilities tab, capability state page): a small chip, and the warning a deprecated one
 * carries (README.md here).
 */
import {
  SCHEMA_STATE_DESCRIPTIONS,
  SCHEMA_STATE_LABELS,
  capabilityOn,
  deprecatedCapabilityWarning,
  obsoleteCapabilityMessage,
  schemaStateOf,
  type SchemaState,
} from '@workbench/common/api/contract/providerCapabilityStates';
import { capabilityStateIds } from '@workbench/common/test-ids/capabilityStateIds';
import { StatusChip } from '@workbench/common/components/status-chip/index';

const COLOURS: Record<SchemaState, 'success' | 'info' | 'warning' | 'error'> = {
  ga: 'success',
  controlled: 'info',
  deprecated: 'warning',
  obsolete: 'error',
};

export function SchemaStateChip({ state, testId }: { state: SchemaState; testId?: string }) {
  // The rollouts' status chip: its text keeps AA contrast in both modes.
  return (
    <StatusChip
      colour={COLOURS[state]}
      label={SCHEMA_STATE_LABELS[state]}
      title={SCHEMA_STATE_DESCRIPTIONS[state]}
      data-testid={testId ?? `${capabilityStateIds.stateChip}-${state}`}
    />
  );
}

/** A stored capability past its valid-until day (by the server's clock). */
export function ExpiredChip({ testId }: { testId?: string }) {
  return (
    <StatusChip
      colour="error"
      label="expired"
      title="Past its valid-until day: not in effect for the tenant."
      data-testid={testId}
    />
  );
}

/** The chip of a capability the service knows; nothing for any other name. */
export function CapabilityStateChip({ capability }: { capability: string }) {
  const state = schemaStateOf(capability);
  return state ? <SchemaStateChip state={state} /> : null;
}

/**
 * What to tell whoever is about to set a capability to `value`: a deprecated one turned on is
 * warned about (turning it off is what it asks for); an obsolete one is refused whatever the
 * value (the server refuses it too: remove it instead); else nothing.
 */
export function settingWarning(
  capability: string,
  value: unknown,
): { severity: 'warning' | 'error'; text: string } | null {
  const state = schemaStateOf(capability);
  if (state === 'deprecated' && capabilityOn(value))
    return { severity: 'warning', text: deprecatedCapabilityWarning(capability) };
  if (state === 'obsolete') return { severity: 'error', text: obsoleteCapabilityMessage(capability) };
  return null;
}
