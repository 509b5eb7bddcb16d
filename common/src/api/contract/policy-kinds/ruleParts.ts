/** Schema parts the rule lists of several families share (built on the web rules' parts). */
import { Type, type TProperties } from 'typebox';
import type { ValidationErrorKey } from '../../../validators/errorKeys';
import { Comment, RULES_MAX, RuleId, RuleName, closed, invalidValue, type KindCheckIssue } from './kindDef';
import { ReorderingEvent, Schedule, WebConditions } from './webKinds';

/**
 * The reorders a client reports with the save of an ordered list (docs/reports.md §4 reorderingEvents):
 * audited, never stored.
 */
export const Reordering = Type.Optional(Type.Array(ReorderingEvent, { maxItems: RULES_MAX }));

/**
 * A rule of who and where something applies (the web rules' conditions and optional schedule),
 * with its own fields: the shape checkWebRules (webKinds.ts) checks.
 */
export const scopedRule = <P extends TProperties>(fields: P) =>
  Type.Object(
    {
      id: RuleId,
      name: RuleName,
      enabled: Type.Boolean(),
      conditions: WebConditions,
      schedule: Type.Optional(Schedule),
      ...fields,
      comment: Type.Optional(Comment),
    },
    closed,
  );

/** The first entry whose `field` the validator refuses, as an issue at `<path>.<index>.<field>`. */
export function firstInvalidAt<T>(
  items: readonly T[],
  path: string,
  field: keyof T & string,
  validator: (value: string) => ValidationErrorKey | null,
): KindCheckIssue | null {
  for (const [i, item] of items.entries()) {
    const value = item[field];
    const key = typeof value === 'string' ? validator(value) : null;
    if (key) return invalidValue(`${path}.${i}.${field}`, key);
  }
  return null;
}
