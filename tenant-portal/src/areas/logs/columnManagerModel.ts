/**
 * The rules of the logs explorer's column manager: one row per field of the log type, in the grid's
 * order (the shown columns in their URL order, then the hidden ones in the type's field order);
 * a checkbox shows or hides a column, a row moves by drag or typed position. Time is not in the
 * list: it is always shown, first (the grid pages by it).
 */

export interface ColumnChoice {
  field: string;
  shown: boolean;
}

export const NO_COLUMN_SHOWN_MESSAGE = 'Show at least one column.';

/** The list the manager opens with: the shown columns in their order, then the hidden ones. */
export function columnChoices(fields: readonly string[], visible: readonly string[]): ColumnChoice[] {
  const shown = visible.filter((f) => fields.includes(f));
  return [
    ...shown.map((field) => ({ field, shown: true })),
    ...fields.filter((f) => !shown.includes(f)).map((field) => ({ field, shown: false })),
  ];
}

/** Moves the row at 1-based position `current` to position `next` (the DataTable's position-change event). */
export function moveChoice(choices: readonly ColumnChoice[], current: number, next: number): ColumnChoice[] {
  const from = current - 1;
  const to = next - 1;
  if (from === to || from < 0 || to < 0 || from >= choices.length || to >= choices.length)
    return [...choices];
  const out = [...choices];
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved);
  return out;
}

export function toggleChoice(choices: readonly ColumnChoice[], field: string): ColumnChoice[] {
  return choices.map((c) => (c.field === field ? { ...c, shown: !c.shown } : c));
}

/** What Apply writes to the URL's `columns`: the shown fields in list order; null when none is shown. */
export function appliedColumns(choices: readonly ColumnChoice[]): string[] | null {
  const shown = choices.filter((c) => c.shown).map((c) => c.field);
  return shown.length ? shown : null;
}
