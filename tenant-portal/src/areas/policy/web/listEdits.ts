/** Pure edits of the rule lists the web policy sections change (each returns a new list). */

/** Moves the item at `from` to `to` (0-based); out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Replaces the item with the key of `item`, or appends it when none has that key. */
export function upsert<T>(list: readonly T[], item: T, key: (t: T) => string): T[] {
  const i = list.findIndex((t) => key(t) === key(item));
  return i < 0 ? [...list, item] : list.map((t, j) => (j === i ? item : t));
}

export function removeKey<T>(list: readonly T[], id: string, key: (t: T) => string): T[] {
  return list.filter((t) => key(t) !== id);
}

/** Non-empty trimmed lines of a text (one value per line). */
export const lines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** A new rule id: the schema's RuleId (letters, digits, _ and -, at most 64). */
export function newRuleId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `r-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The index and rest of a 400's path inside a list (`list.2.conditions.domain.0` under `list`:
 * { index: 2, rest: 'conditions.domain.0' }), or null when the path is elsewhere.
 */
export function pathInList(path: string | null, list: string): { index: number; rest: string } | null {
  if (path === null) return null;
  const m = new RegExp(`^${list.replace(/\./g, '\\.')}\\.(\\d+)(?:\\.(.*))?$`).exec(path);
  return m ? { index: Number(m[1]), rest: m[2] ?? '' } : null;
}
