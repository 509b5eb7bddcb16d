/**
 * The key→label maps of docs/glossary.md §4. Both are vocabularies, so they fit a
 * FilterBar schema entry's options as they are.
 */
import { vocabularyLabel, type Vocabulary } from './vocabulary';

/** Filter menu map (docs/glossary.md §4): a node role key → its label. */
export const FILTER_MENU_LABELS: Vocabulary = [
  { code: 'management_station', label: 'Central Manager' },
  { code: 'safemail', label: 'Email Processor' },
  { code: 'safemail_worker', label: 'Attachment Worker' },
  { code: 'safeview_proxy', label: 'Isolation Master' },
  { code: 'safeview_isolation', label: 'Isolation Worker' },
  { code: 'safeview', label: 'Isolation Standalone' },
];
export const UNKNOWN_FILTER_MENU_LABEL = 'Unknown';

/** The filter menu label of a key; anything else is 'Unknown' (docs/glossary.md §4). */
export function filterMenuLabel(key: string): string {
  return FILTER_MENU_LABELS.find((entry) => entry.code === key)?.label ?? UNKNOWN_FILTER_MENU_LABEL;
}

/** Config type mapping (docs/glossary.md §4): image_download = Download; upgrade_image = Install; rollback_image = Rollback. */
export const CONFIG_TYPE_LABELS: Vocabulary = [
  { code: 'image_download', label: 'Download' },
  { code: 'upgrade_image', label: 'Install' },
  { code: 'rollback_image', label: 'Rollback' },
];

/** The label of a config type; the spec names no fallback, so an unknown type is shown as itself. */
export function configTypeLabel(type: string): string {
  return vocabularyLabel(CONFIG_TYPE_LABELS, type);
}
