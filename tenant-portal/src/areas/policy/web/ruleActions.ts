import { WEB_RULE_ACTIONS, type WebRuleAction } from '@workbench/common/api/contract/policy-kinds/webKinds';
import { POLICY_ENFORCEMENT_ACTIONS, vocabularyLabel } from '@workbench/common/vocabularies/index';
import { readableMinWidth } from '@workbench/common';

/** The actions a web rule may take, labelled as the policy-enforcement vocabulary does ('safeview' is Isolate). */
export const RULE_ACTION_OPTIONS: ReadonlyArray<{ code: WebRuleAction; label: string }> =
  WEB_RULE_ACTIONS.map((code) => ({ code, label: vocabularyLabel(POLICY_ENFORCEMENT_ACTIONS, code) }));

export const actionLabel = (code: string): string => vocabularyLabel(POLICY_ENFORCEMENT_ACTIONS, code);

/**
 * The rules tables' Action column is as wide as its longest label: at its old 100 px "Isolate
 * Read-Only" showed as "Isolate Re…" even at 1400 px (the sweep's screenshots, wdio/support/sweep.ts).
 */
export const ACTION_COLUMN_MIN_WIDTH = Math.max(
  ...RULE_ACTION_OPTIONS.map((option) => readableMinWidth(option.label, false)),
);
