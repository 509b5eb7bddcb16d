import { Switch } from '@mui/material';
import type { DataTableColumn } from '@workbench/common';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';

/** A rule the enabled switch can flip: its id keys it, its name labels the switch. */
export interface SwitchableRule {
  id: string;
  name: string;
  /** Absent reads as on (a casb rule saved before the field existed). */
  enabled?: boolean;
}

export interface EnabledColumnOptions {
  /** The switch's test id prefix (`<testId>-<id>`; default the web policy's ruleEnabled). */
  testId?: string;
  /** The column's header: the policy pages' "On", the firewall's "Enabled". */
  header?: string;
  minWidth?: number;
  /** Also give the column a text value ("Yes" / "No") for sorting and exports. */
  withValue?: boolean;
}

/**
 * The "enabled" column of every rule table of the policy pages (issue 32 point 1: one column, not a
 * copy per section): a switch writers flip in the row; the rule stays where it is.
 */
export function enabledColumn<R extends SwitchableRule>(
  rules: readonly R[],
  setRules: (rules: R[]) => void,
  readOnly: boolean,
  {
    testId = webPolicyIds.ruleEnabled,
    header = 'On',
    minWidth = 70,
    withValue = false,
  }: EnabledColumnOptions = {},
): DataTableColumn<R> {
  return {
    name: 'enabled',
    header,
    minWidth,
    center: true,
    ...(withValue ? { value: (r: R) => (r.enabled !== false ? 'Yes' : 'No') } : {}),
    render: (r) => (
      <Switch
        size="small"
        checked={r.enabled !== false}
        disabled={readOnly}
        onChange={(e) =>
          setRules(rules.map((x) => (x.id === r.id ? { ...r, enabled: e.target.checked } : x)))
        }
        slotProps={{
          input: { 'aria-label': `${r.name} enabled`, 'data-testid': `${testId}-${r.id}` } as object,
        }}
      />
    ),
  };
}

/**
 * The "On" column as text ("Yes" / "No"), for the lists whose rules are switched on and off in
 * their dialog rather than in the row.
 */
export function enabledTextColumn<R extends { enabled: boolean }>(): DataTableColumn<R> {
  return { name: 'enabled', header: 'On', minWidth: 60, value: (r) => (r.enabled ? 'Yes' : 'No') };
}
