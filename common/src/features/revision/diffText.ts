/**
 * The structured revision diff (contract policy.ts PolicyDiff) as sentences a person reads
 * (issue 12): kinds by their titles, codes by their vocabularies' labels (docs/glossary.md §2:
 * 'safeview' is Isolate, risk Y is Medium), rules by their names and by their positions as people
 * count them (1-based), categories by name when the caller can look them up.
 *
 *   Categories: Block for category 23 added
 *   Domain rules and exceptions: rule 3 “Block gambling” added (Block)
 *   Domain rules and exceptions: rule “Allow news” moved from 2 to 5
 *   Domain rules and exceptions: rule “Allow news”: action changed from Allow to Block
 *   Risk levels: Medium changed from Isolate to Block
 */
import type { KindDiff, PolicyChange, PolicyDiff } from '../../api/contract/policy';
import { POLICY_KIND_REGISTRY, type PolicyKindDef } from '../../api/contract/policyKinds';
import { COUNTRIES } from '../../vocabularies/countries';
import {
  FIREWALL_REQUEST_TYPES,
  FREQUENCIES,
  INSPECTION_TYPES,
  POLICY_ENFORCEMENT_ACTIONS,
  RISKS,
  THREAT_CLASSES,
} from '../../vocabularies/logFilterVocabularies';
import { vocabularyLabel, type Vocabulary } from '../../vocabularies/vocabulary';
import { POSTURE_CHECK_VOCABULARY, sessionText } from '../../vocabularies/privateAccessVocabularies';
import { contentTypeDisplayName } from '../policy-reference/contentTypeDisplayName';
import {
  actionVocabulary,
  entryNoun,
  fieldLabel,
  policyKindTitle,
  policyKindView,
  type PolicyKindView,
} from '../policy-view/policyKindViews';
import type { DiffEntries } from './revisionSlice';

export interface DiffTextOptions {
  /** A category's name from the category tree; without one (or unknown) it reads "category 23". */
  categoryName?: (id: number) => string | undefined;
  /** Entries of the `to` revision by kind, list path and key: names rules the diff gives by key only. */
  entries?: DiffEntries;
}

/** One kind's changes as sentences (lower-case as they follow "Title: "), under the kind's title. */
export interface ReadableKindDiff {
  kind: string;
  title: string;
  lines: string[];
}

type Item = Record<string, unknown>;
const isItem = (v: unknown): v is Item => typeof v === 'object' && v !== null && !Array.isArray(v);

const STRING_MATCH_LABELS: Vocabulary = [
  { code: 'starts_with', label: 'starts with' },
  { code: 'ends_with', label: 'ends with' },
  { code: 'contains', label: 'contains' },
  { code: 'equal', label: 'equals' },
  { code: 'regex', label: 'matches' },
];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Transfer directions and risk levels (docs/glossary.md §3 Enumerations) as read in a sentence. */
const DIRECTION_LABELS: Vocabulary = [
  { code: 'all', label: 'all transfers' },
  { code: 'uploads', label: 'uploads' },
  { code: 'downloads', label: 'downloads' },
  { code: 'uploadsAndDownloads', label: 'uploads and downloads' },
];
const RISK_LEVEL_LABELS: Vocabulary = [
  { code: 'disabled', label: 'Disabled' },
  { code: 'relaxed', label: 'Relaxed' },
  { code: 'moderate', label: 'Moderate' },
  { code: 'aggressive', label: 'Aggressive' },
  { code: 'custom', label: 'Custom' },
];
const PASSWORD_PROTECTED_LABELS: Vocabulary = [
  { code: 'allow', label: 'Allow' },
  { code: 'block', label: 'Block' },
  { code: 'prompt', label: 'Ask for the password' },
];

/** The first letter upper-case: a diff line shown on its own under its kind's title. */
export const capitalise = (s: string): string => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** How a list's entries are named: what they are, and whether their order decides. */
interface ListStyle {
  noun: string;
  /** Entries of an ordered list (first match wins) are numbered by position. */
  ordered: boolean;
  /** Which of a kind's lists, when it has several (bnb: checked first, checked last). */
  where: string;
}

const LIST_WHERE: Readonly<Record<string, string>> = {
  'pre.list': ' (checked first)',
  'post.list': ' (checked last)',
  // The global exceptions' lists wrap the policy (globalKinds.ts).
  pre: ' (before the policy)',
  post: ' (after the policy)',
};

/** Fields whose values a diff never shows (a shared secret): it says that they changed. */
const SECRET_FIELDS = new Set(['password']);

class Describer {
  private readonly def: PolicyKindDef | undefined;
  /** How the kind reads (its view row: labels, nouns, vocabularies, how its entries are named). */
  private readonly view: PolicyKindView;

  constructor(
    private readonly kind: string,
    private readonly options: DiffTextOptions,
  ) {
    this.def = (POLICY_KIND_REGISTRY as Record<string, PolicyKindDef>)[kind];
    this.view = policyKindView(kind);
  }

  private label(path: string): string {
    return fieldLabel(this.kind, path);
  }

  private style(path: string): ListStyle {
    return {
      noun: entryNoun(this.kind, path),
      ordered: this.def?.orderedLists?.includes(path) ?? false,
      where: LIST_WHERE[path] ?? '',
    };
  }

  private category(id: unknown): string {
    const n = Number(id);
    return this.options.categoryName?.(n) ?? `category ${String(id)}`;
  }

  private actionLabel(code: unknown): string {
    return vocabularyLabel(actionVocabulary(this.kind), String(code));
  }

  /** One value of a field, as a person reads it. */
  private one(field: string, value: unknown): string {
    const leaf = field.split('.').pop() ?? field;
    if (value === null || value === undefined || value === '') return 'none';
    if (leaf === 'action' || leaf === 'unsupported_or_non_browsers' || leaf === 'notify_on')
      return this.actionLabel(value);
    if (leaf === 'risk') return vocabularyLabel(RISKS, String(value));
    if (leaf === 'request_type') return vocabularyLabel(FIREWALL_REQUEST_TYPES, String(value));
    if (leaf === 'categories' || leaf === 'category_id') return this.category(value);
    if (leaf === 'threats') return vocabularyLabel(THREAT_CLASSES, String(value));
    if (leaf === 'geo_ip' || leaf === 'countries') return vocabularyLabel(COUNTRIES, String(value));
    if (leaf === 'match') return vocabularyLabel(STRING_MATCH_LABELS, String(value));
    const own = this.view.values?.[leaf];
    // The kind's own codes (copy/paste's allow and block, the e-mail lists' fields) before the shared ones.
    if (own && typeof value === 'string') return vocabularyLabel(own, value);
    if (leaf === 'days' && typeof value === 'number') return DAYS[value] ?? String(value);
    if (leaf === 'digest_frequency_ms' && typeof value === 'number')
      return FREQUENCIES.find((f) => f.ms === value)?.label ?? `${value} ms`;
    if (leaf === 'posture_checks' && typeof value === 'string')
      return vocabularyLabel(POSTURE_CHECK_VOCABULARY, value);
    const ref = this.view.references?.[leaf];
    if (ref && typeof value === 'string') {
      const entry = this.options.entries?.[ref.kind]?.[ref.path]?.[value];
      return isItem(entry) && typeof entry.name === 'string' ? `“${entry.name}”` : `${ref.noun} ${value}`;
    }
    if (leaf === 'inspection_types') return vocabularyLabel(INSPECTION_TYPES, String(value));
    if (leaf === 'direction') return vocabularyLabel(DIRECTION_LABELS, String(value));
    if (leaf === 'risk_level') return vocabularyLabel(RISK_LEVEL_LABELS, String(value));
    if (leaf === 'password_protected') return vocabularyLabel(PASSWORD_PROTECTED_LABELS, String(value));
    if (leaf.endsWith('_action') && typeof value === 'string')
      return vocabularyLabel(POLICY_ENFORCEMENT_ACTIONS, value);
    if (leaf === 'file_types' && typeof value === 'string') return `.${value}`;
    if (leaf === 'sha256' && typeof value === 'string') return `${value.slice(0, 12)}…`;
    if (leaf === 'content_types' && isItem(value) && typeof value.name === 'string') {
      const entries = Array.isArray(value.entries) ? value.entries : [];
      const name = contentTypeDisplayName(value.name);
      return entries.length ? `${name} (${entries.map(String).join(', ')})` : name;
    }
    if (typeof value === 'boolean') return value ? 'on' : 'off';
    if (typeof value === 'number') return String(value);
    if (typeof value === 'string') return `“${value}”`;
    if (Array.isArray(value))
      return value.length === 0 ? 'none' : value.map((v) => this.one(field, v)).join(', ');
    if (isItem(value)) {
      if (leaf === 'session' && typeof value.mode === 'string')
        return sessionText(
          value as { mode: string; duration?: { value: number; unit: string } },
        ).toLowerCase();
      if ('match' in value && 'value' in value)
        return `${this.one('match', value.match)} “${String(value.value)}”`;
      if ('days' in value && 'from' in value && 'to' in value) {
        const days = Array.isArray(value.days) ? value.days.map((d) => DAYS[Number(d)] ?? d).join(', ') : '';
        return `${days} ${String(value.from)}–${String(value.to)} (${String(value.time_zone)})`;
      }
      return Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${this.label(k)} ${this.one(k, v)}`)
        .join(', ');
    }
    return String(value);
  }

  /** An entry of a keyed list by what it holds (its name, risk level, category, hash, domain). */
  private entryName(path: string, key: string, item: unknown, position: number | null): string {
    const style = this.style(path);
    const at = style.ordered && position !== null ? ` ${position + 1}` : '';
    switch (this.view.entries) {
      case 'risk':
        return vocabularyLabel(RISKS, key);
      case 'category':
        return this.category(key);
      case 'hash':
        return `hash ${key.slice(0, 12)}…`;
      case 'key-label':
        return this.view.keyLabels?.[key] ?? `${style.noun} ${key}`;
    }
    if (this.view.keyNamedLists?.includes(path)) return `${style.noun} ${key}`;
    if (isItem(item) && typeof item.name === 'string')
      return `${style.noun}${at} “${item.name}”${style.where}`;
    if (isItem(item) && typeof item.domain === 'string') return `${style.noun} of ${item.domain}`;
    // The allow list's entries are their sender.
    if (isItem(item) && typeof item.value === 'string') return `${style.noun} “${item.value}”`;
    if (isItem(item) && item.category_id !== undefined)
      return `${style.noun} of ${this.category(item.category_id)}`;
    // Nothing names it: its position does (a key is an id no person chose).
    return `${style.noun}${position !== null ? ` ${position + 1}` : ''}${style.where}`;
  }

  /** Entries that are a value with an action (risk levels, categories, hashes): "Block for X added". */
  private isActionEntry(): boolean {
    const naming = this.view.entries;
    return naming === 'risk' || naming === 'category' || naming === 'hash';
  }

  private known(path: string, key: string): unknown {
    return this.options.entries?.[this.kind]?.[path]?.[key];
  }

  describe(change: PolicyChange): string {
    switch (change.op) {
      case 'added':
      case 'removed': {
        const item = change.item;
        const verb = change.op;
        if (this.isActionEntry() && isItem(item) && item.action !== undefined)
          return `${this.actionLabel(item.action)} for ${this.entryName(change.path, change.key, item, null)} ${verb}`;
        const action = isItem(item) && item.action !== undefined ? ` (${this.actionLabel(item.action)})` : '';
        const name = this.entryName(change.path, change.key, item, change.index);
        return `${name} ${verb}${verb === 'added' ? action : ''}`;
      }
      case 'moved': {
        const name = this.entryName(change.path, change.key, this.known(change.path, change.key), null);
        return `${name} moved from ${change.from + 1} to ${change.to + 1}`;
      }
      case 'changed':
        return change.key === undefined ? this.documentChange(change) : this.entryChange(change);
    }
  }

  /** A value of the document changed (not an entry of a keyed list). */
  private documentChange(change: Extract<PolicyChange, { op: 'changed' }>): string {
    const label = capitalise(this.label(change.path));
    return this.valueChange(label, change.path, change.from, change.to);
  }

  private entryChange(change: Extract<PolicyChange, { op: 'changed' }>): string {
    const key = change.key as string;
    const field = change.field ?? '';
    const known = this.known(change.path, key);
    const position = change.index ?? null;
    if (field === 'name' && typeof change.from === 'string') {
      const before = this.entryName(
        change.path,
        key,
        { ...(isItem(known) ? known : {}), name: change.from },
        null,
      );
      return `${before} renamed to “${String(change.to)}”`;
    }
    const name = this.entryName(change.path, key, known, isItem(known) ? null : position);
    if (this.isActionEntry() && field === 'action')
      return `${name} changed from ${this.one(field, change.from)} to ${this.one(field, change.to)}`;
    if (field === 'enabled' && typeof change.to === 'boolean')
      return `${name} ${change.to ? 'enabled' : 'disabled'}`;
    return this.valueChange(`${name}: ${this.label(field)}`, field, change.from, change.to);
  }

  /** "X changed from A to B"; lists say what was added and removed; switches say on or off. */
  private valueChange(label: string, field: string, from: unknown, to: unknown): string {
    if (SECRET_FIELDS.has(field.split('.').pop() ?? field)) {
      if (from === null || from === undefined || from === '') return `${label} set`;
      return to === null || to === undefined || to === '' ? `${label} removed` : `${label} changed`;
    }
    if (typeof to === 'boolean' && (typeof from === 'boolean' || from === null))
      return `${label} turned ${to ? 'on' : 'off'}`;
    const listish = (v: unknown) => Array.isArray(v) || v === null || v === undefined;
    if (listish(from) && listish(to) && (Array.isArray(from) || Array.isArray(to))) {
      const before = (from as unknown[] | null) ?? [];
      const after = (to as unknown[] | null) ?? [];
      const keyOf = (v: unknown) => JSON.stringify(v);
      const beforeKeys = new Set(before.map(keyOf));
      const afterKeys = new Set(after.map(keyOf));
      const added = after.filter((v) => !beforeKeys.has(keyOf(v)));
      const removed = before.filter((v) => !afterKeys.has(keyOf(v)));
      const parts = [
        ...(added.length ? [`${this.one(field, added)} added`] : []),
        ...(removed.length ? [`${this.one(field, removed)} removed`] : []),
      ];
      return parts.length ? `${label} ${parts.join('; ')}` : `${label} reordered`;
    }
    if (from === null || from === undefined || from === '') return `${label} set to ${this.one(field, to)}`;
    if (to === null || to === undefined || to === '')
      return `${label} removed (was ${this.one(field, from)})`;
    return `${label} changed from ${this.one(field, from)} to ${this.one(field, to)}`;
  }
}

/** One change of a kind as a sentence (without the kind's title). */
export function changeText(
  kindDiff: Pick<KindDiff, 'kind'>,
  change: PolicyChange,
  options: DiffTextOptions = {},
): string {
  return new Describer(kindDiff.kind, options).describe(change);
}

/** Every kind that changed, with its changes as sentences, in the diff's order. */
export function diffText(diff: PolicyDiff, options: DiffTextOptions = {}): ReadableKindDiff[] {
  return diff.kinds
    .filter((k) => k.changes.length > 0)
    .map((k) => {
      const describer = new Describer(k.kind, options);
      return {
        kind: k.kind,
        title: k.title || policyKindTitle(k.kind),
        lines: k.changes.map((c) => describer.describe(c)),
      };
    });
}

/** The diff as one list of "Title: sentence" lines (for a plain-text summary). */
export function diffLines(diff: PolicyDiff, options: DiffTextOptions = {}): string[] {
  return diffText(diff, options).flatMap((k) => k.lines.map((line) => `${k.title}: ${line}`));
}
