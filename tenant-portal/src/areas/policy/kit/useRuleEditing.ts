import { useCallback, useState } from 'react';
import { newRuleId, upsert } from '../web/listEdits';
import { useRuleLink } from '../web/useRuleLink';

/** The open dialog of a list: the rule it edits (null for a new one) and the id it is applied under. */
export interface RuleEditingState<R> {
  rule: R | null;
  id: string;
}

export interface RuleEditing<R> {
  editing: RuleEditingState<R> | null;
  /** Opens the dialog of a new rule under a fresh id. */
  add: () => void;
  /** Opens a rule's dialog (read-only for readers). */
  edit: (rule: R) => void;
  close: () => void;
  /** Puts the rule in the list (replacing the one with its id, or appending it) and closes. */
  apply: (rule: R) => void;
}

/**
 * The open / apply / close of one list's rule dialog, shared by the policy sections whose entries
 * carry an id: Add opens a new rule under a fresh id, Edit the row, Apply upserts it into the list
 * by id, and a `?rule=<id>` link opens its rule once (`../web/useRuleLink.ts`).
 */
export function useRuleEditing<R extends { id: string }>(
  list: readonly R[],
  setList: (list: R[]) => void,
  link: { linkedKey?: string | null; onLinkOpened?: () => void } = {},
): RuleEditing<R> {
  const [editing, setEditing] = useState<RuleEditingState<R> | null>(null);
  const find = useCallback(
    (key: string) => {
      const rule = list.find((r) => r.id === key);
      return rule ? { rule, id: rule.id } : null;
    },
    [list],
  );
  useRuleLink(link.linkedKey, find, setEditing, link.onLinkOpened);
  return {
    editing,
    add: () => setEditing({ rule: null, id: newRuleId() }),
    edit: (rule) => setEditing({ rule, id: rule.id }),
    close: () => setEditing(null),
    apply: (rule) => {
      setList(upsert(list, rule, (r) => r.id));
      setEditing(null);
    },
  };
}

export interface LinkedRuleEditing<R> {
  /** The rule the page's `?rule=<id>` opens, when the list has it. */
  openRule: R | null;
  /** Its index in the list (-1 when none is open). */
  openIndex: number;
  /** The dialog to draw, if one is open: its React key, the rule (null for a new one) and the new id. */
  dialog: { key: string; rule: R | null; newId: string } | null;
  add: () => void;
  edit: (rule: R) => void;
  close: () => void;
  /** Puts the rule in the list (replacing the one with its id, or appending it) and closes. */
  apply: (rule: R) => void;
}

/**
 * The rule dialog of a list whose open rule is the page's `?rule=<id>` (so a link, Back and Forward
 * open and close it): Edit sets the link, a new rule is the list's own until applied or closed.
 */
export function useLinkedRuleEditing<R extends { id: string }>(
  rules: readonly R[],
  setRules: (rules: R[]) => void,
  openRuleId: string | null,
  onOpenRule: (id: string | null) => void,
): LinkedRuleEditing<R> {
  const [newId, setNewId] = useState<string | null>(null);
  const openRule = openRuleId === null ? null : (rules.find((r) => r.id === openRuleId) ?? null);
  const close = () => {
    setNewId(null);
    onOpenRule(null);
  };
  const open = newId !== null || openRule !== null;
  return {
    openRule,
    openIndex: openRule ? rules.indexOf(openRule) : -1,
    dialog: open ? { key: openRule?.id ?? newId ?? '', rule: openRule, newId: newId ?? '' } : null,
    add: () => setNewId(newRuleId()),
    edit: (rule) => onOpenRule(rule.id),
    close,
    apply: (rule) => {
      setRules(upsert(rules, rule, (r) => r.id));
      close();
    },
  };
}
