/**
 * The structured diff of a policy document between two revisions (issue 12): entries of keyed
 * lists (PolicyKindDef.keyedLists) are matched by their key and reported added, removed, changed
 * field by field, or moved; every other difference is a changed value at its dotted path.
 */
import type { PolicyChange } from '@workbench/common/api/contract/policy';
import type { PolicyKindDef } from '@workbench/common/api/contract/policyKinds';

type Json = unknown;

const isPlainObject = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at a dotted path ('' is the value itself). */
export function valueAt(value: Json, path: string): Json {
  if (path === '') return value;
  let v: Json = value;
  for (const part of path.split('.')) {
    if (!isPlainObject(v)) return undefined;
    v = v[part];
  }
  return v;
}

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Keys in first-seen order over both objects. */
const unionKeys = (a: Record<string, Json>, b: Record<string, Json>): string[] => [
  ...new Set([...Object.keys(a), ...Object.keys(b)]),
];

/** Leaf differences between two values: objects are walked, anything else compared whole. */
function fieldChanges(a: Json, b: Json, field: string, out: Array<{ field: string; from: Json; to: Json }>) {
  if (isPlainObject(a) && isPlainObject(b)) {
    for (const k of unionKeys(a, b)) fieldChanges(a[k], b[k], join(field, k), out);
    return;
  }
  if (!deepEqual(a, b)) out.push({ field, from: a ?? null, to: b ?? null });
}

/**
 * The positions (in `seq`) of a longest increasing subsequence: the entries that kept their
 * relative order; the others are the ones that moved.
 */
function longestIncreasing(seq: readonly number[]): Set<number> {
  const tails: number[] = []; // index into seq of the smallest tail of each length
  const prev: number[] = new Array<number>(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]] < seq[i]) lo = mid + 1;
      else hi = mid;
    }
    prev[i] = lo > 0 ? tails[lo - 1] : -1;
    tails[lo] = i;
  }
  const kept = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) kept.add(i);
  return kept;
}

function keyedListChanges(a: Json, b: Json, path: string, keyField: string, out: PolicyChange[]) {
  const entries = (list: Json) =>
    (Array.isArray(list) ? list : []).map((item, index) => ({
      item,
      index,
      key: String(isPlainObject(item) ? item[keyField] : item),
    }));
  const before = entries(a);
  const after = entries(b);
  const beforeByKey = new Map(before.map((e) => [e.key, e]));
  const afterByKey = new Map(after.map((e) => [e.key, e]));

  for (const e of before)
    if (!afterByKey.has(e.key)) out.push({ op: 'removed', path, key: e.key, index: e.index, item: e.item });
  for (const e of after)
    if (!beforeByKey.has(e.key)) out.push({ op: 'added', path, key: e.key, index: e.index, item: e.item });

  const kept = after.filter((e) => beforeByKey.has(e.key));
  for (const e of kept) {
    const fields: Array<{ field: string; from: Json; to: Json }> = [];
    fieldChanges(beforeByKey.get(e.key)!.item, e.item, '', fields);
    for (const f of fields) out.push({ op: 'changed', path, key: e.key, index: e.index, ...f });
  }
  // Moved: kept entries outside the longest run that kept its relative order.
  const keptBefore = before.filter((e) => afterByKey.has(e.key)).map((e) => e.key);
  const rankBefore = new Map(keptBefore.map((k, i) => [k, i]));
  const inOrder = longestIncreasing(kept.map((e) => rankBefore.get(e.key)!));
  kept.forEach((e, i) => {
    if (!inOrder.has(i))
      out.push({ op: 'moved', path, key: e.key, from: beforeByKey.get(e.key)!.index, to: e.index });
  });
}

function walk(def: PolicyKindDef, a: Json, b: Json, path: string, out: PolicyChange[]) {
  const keyField = def.keyedLists?.[path];
  if (keyField !== undefined) {
    keyedListChanges(a, b, path, keyField, out);
    return;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    for (const k of unionKeys(a, b)) walk(def, a[k], b[k], join(path, k), out);
    return;
  }
  if (!deepEqual(a, b)) out.push({ op: 'changed', path, from: a ?? null, to: b ?? null });
}

/** What changed in a kind's document from `before` to `after`, in document order. */
export function diffPolicyDoc(def: PolicyKindDef, before: Json, after: Json): PolicyChange[] {
  const out: PolicyChange[] = [];
  walk(def, before, after, '', out);
  return out;
}
