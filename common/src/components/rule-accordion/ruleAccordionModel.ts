/**
 * Rule accordion rules (docs/shared-ui.md §9 Rule accordion) as pure functions.
 * - The first panel opens at start.
 * - Non-edit mode (a new rule): only the first panel, and the optional panels that follow it, are
 *   enabled; opening a panel closes the others and enables the optional panels that follow it;
 *   Next opens (and enables) the following displayed panel. Panels that are not displayed are skipped.
 * - Edit mode: all panels are enabled and open independently.
 * - Next is disabled until the panel is valid; Save needs every displayed panel valid plus
 *   permission to save. A new rule's Save shows on the last panel (Next leads there); an edited
 *   rule's shows under the panels from the start (savePlace), so a change in any panel is applied
 *   at once (issue 31: renaming a rule took a Next click per panel before Apply showed).
 */

export interface AccordionPanelInfo {
  id: string;
  optional?: boolean;
  /** Not displayed (e.g. not relevant to the rule's type): skipped. */
  hidden?: boolean;
  valid: boolean;
}

export interface AccordionState {
  open: string[];
  enabled: string[];
}

export function displayedPanels<P extends AccordionPanelInfo>(panels: readonly P[]): P[] {
  return panels.filter((panel) => !panel.hidden);
}

/** The displayed optional panels right after `id` (up to the next required one). */
function followingOptional(panels: readonly AccordionPanelInfo[], id: string): string[] {
  const shown = displayedPanels(panels);
  const out: string[] = [];
  for (
    let i = shown.findIndex((p) => p.id === id) + 1;
    i > 0 && i < shown.length && shown[i].optional;
    i += 1
  )
    out.push(shown[i].id);
  return out;
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

export function initialAccordionState(
  panels: readonly AccordionPanelInfo[],
  editMode: boolean,
): AccordionState {
  const shown = displayedPanels(panels);
  const first = shown[0]?.id;
  if (!first) return { open: [], enabled: [] };
  return {
    open: [first],
    enabled: editMode ? shown.map((p) => p.id) : union([first], followingOptional(panels, first)),
  };
}

/** A click on a panel's header: opens it (non-edit: closing the others) or closes it; disabled panels do nothing. */
export function panelToggled(
  state: AccordionState,
  panels: readonly AccordionPanelInfo[],
  id: string,
  editMode: boolean,
): AccordionState {
  if (!state.enabled.includes(id) || !displayedPanels(panels).some((p) => p.id === id)) return state;
  if (state.open.includes(id)) return { ...state, open: state.open.filter((open) => open !== id) };
  if (editMode) return { ...state, open: [...state.open, id] };
  return { open: [id], enabled: union(state.enabled, followingOptional(panels, id)) };
}

/** The displayed panel after `id`, or null on the last. */
export function nextPanelId(panels: readonly AccordionPanelInfo[], id: string): string | null {
  const shown = displayedPanels(panels);
  const index = shown.findIndex((p) => p.id === id);
  return index >= 0 && index + 1 < shown.length ? shown[index + 1].id : null;
}

export function isLastPanel(panels: readonly AccordionPanelInfo[], id: string): boolean {
  const shown = displayedPanels(panels);
  return shown.length > 0 && shown[shown.length - 1].id === id;
}

/** Next is disabled until the panel is valid. */
export function nextEnabled(panels: readonly AccordionPanelInfo[], id: string): boolean {
  return Boolean(panels.find((p) => p.id === id)?.valid) && nextPanelId(panels, id) !== null;
}

/** Next: the following displayed panel opens (enabled, with the optional panels after it). */
export function nextClicked(
  state: AccordionState,
  panels: readonly AccordionPanelInfo[],
  id: string,
  editMode: boolean,
): AccordionState {
  const next = nextPanelId(panels, id);
  if (!next || !nextEnabled(panels, id)) return state;
  const enabled = union(state.enabled, [next]);
  return panelToggled({ open: editMode ? state.open : [], enabled }, panels, next, editMode);
}

/**
 * Where Save stands: on the last displayed panel of a new rule, under the panels (beside the
 * accordion's other actions, e.g. Cancel) when a stored rule is edited or viewed.
 */
export function savePlace(editMode: boolean): 'lastPanel' | 'footer' {
  return editMode ? 'footer' : 'lastPanel';
}

/** Save needs validity (every displayed panel) plus permission to save. */
export function saveEnabled(panels: readonly AccordionPanelInfo[], canSave: boolean): boolean {
  return canSave && displayedPanels(panels).every((p) => p.valid);
}
