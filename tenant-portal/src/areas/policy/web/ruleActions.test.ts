import { readableMinWidth } from '@workbench/common';
import { ACTION_COLUMN_MIN_WIDTH, RULE_ACTION_OPTIONS } from './ruleActions';

describe('rule actions', () => {
  test('the Action column is wide enough for every label (Isolate Read-Only was cut to "Isolate Re…")', () => {
    expect(RULE_ACTION_OPTIONS.map((o) => o.label)).toContain('Isolate Read-Only');
    for (const { label } of RULE_ACTION_OPTIONS) {
      expect(ACTION_COLUMN_MIN_WIDTH).toBeGreaterThanOrEqual(readableMinWidth(label, false));
    }
  });
});
