import {
  initialAccordionState,
  isLastPanel,
  nextClicked,
  nextEnabled,
  panelToggled,
  saveEnabled,
  savePlace,
  type AccordionPanelInfo,
} from './ruleAccordionModel';

const panels: AccordionPanelInfo[] = [
  { id: 'who', valid: true },
  { id: 'what', valid: true },
  { id: 'notes', optional: true, valid: true },
  { id: 'hiddenOpt', optional: true, hidden: true, valid: false },
  { id: 'schedule', optional: true, valid: true },
  { id: 'action', valid: false },
];

describe('rule accordion (docs/shared-ui.md §9)', () => {
  it('The first panel opens at start', () => {
    expect(initialAccordionState(panels, false).open).toEqual(['who']);
    expect(initialAccordionState(panels, true).open).toEqual(['who']);
  });

  it('Non-edit mode: opening a panel closes the others, enables the following optional panels, and skips panels that are not displayed', () => {
    let state = initialAccordionState(panels, false);
    expect(state.enabled).toEqual(['who']);
    expect(panelToggled(state, panels, 'what', false)).toBe(state);
    state = nextClicked(state, panels, 'who', false);
    expect(state.open).toEqual(['what']);
    expect(state.enabled).toEqual(['who', 'what', 'notes', 'schedule']);
    state = panelToggled(state, panels, 'schedule', false);
    expect(state.open).toEqual(['schedule']);
    expect(panelToggled(state, panels, 'hiddenOpt', false)).toBe(state);
    expect(nextClicked(state, panels, 'notes', false).open).toEqual(['schedule']);
  });

  it('Edit mode: all panels are enabled', () => {
    const state = initialAccordionState(panels, true);
    expect(state.enabled).toEqual(['who', 'what', 'notes', 'schedule', 'action']);
    expect(panelToggled(state, panels, 'action', true).open).toEqual(['who', 'action']);
  });

  it('Next is disabled until the panel is valid', () => {
    const invalid = panels.map((p) => (p.id === 'who' ? { ...p, valid: false } : p));
    expect(nextEnabled(invalid, 'who')).toBe(false);
    const state = initialAccordionState(invalid, false);
    expect(nextClicked(state, invalid, 'who', false)).toBe(state);
    expect(nextEnabled(panels, 'who')).toBe(true);
  });

  it('Save needs validity plus permission to save', () => {
    expect(saveEnabled(panels, true)).toBe(false);
    const valid = panels.map((p) => (p.id === 'action' ? { ...p, valid: true } : p));
    expect(saveEnabled(valid, false)).toBe(false);
    expect(saveEnabled(valid, true)).toBe(true);
  });

  it('the first displayed panel opens at start; no panels, nothing open', () => {
    const firstHidden = [{ id: 'gone', hidden: true, valid: true }, ...panels];
    expect(initialAccordionState(firstHidden, false).open).toEqual(['who']);
    expect(initialAccordionState([], false)).toEqual({ open: [], enabled: [] });
  });

  it('a click on the open panel closes it, in either mode', () => {
    const state = initialAccordionState(panels, false);
    expect(panelToggled(state, panels, 'who', false).open).toEqual([]);
    const edit = panelToggled(initialAccordionState(panels, true), panels, 'action', true);
    expect(panelToggled(edit, panels, 'who', true).open).toEqual(['action']);
  });

  it('optional panels right after the first are enabled at start; a required panel stops the run', () => {
    const optionalFirst: AccordionPanelInfo[] = [
      { id: 'who', valid: true },
      { id: 'notes', optional: true, valid: true },
      { id: 'hidden', optional: true, hidden: true, valid: true },
      { id: 'tags', optional: true, valid: true },
      { id: 'what', valid: true },
      { id: 'late', optional: true, valid: true },
    ];
    expect(initialAccordionState(optionalFirst, false).enabled).toEqual(['who', 'notes', 'tags']);
  });

  it('Next in edit mode opens the following panel and keeps the current one open', () => {
    const state = initialAccordionState(panels, true);
    expect(nextClicked(state, panels, 'who', true).open).toEqual(['who', 'what']);
  });

  it('Save shows on the last displayed panel (a hidden last panel does not count); no Next there', () => {
    const trailingHidden = [
      ...panels.map((p) => ({ ...p, valid: true })),
      { id: 'x', hidden: true, valid: false },
    ];
    expect(isLastPanel(trailingHidden, 'action')).toBe(true);
    expect(isLastPanel(trailingHidden, 'x')).toBe(false);
    expect(nextEnabled(trailingHidden, 'action')).toBe(false);
    expect(saveEnabled(trailingHidden, true)).toBe(true);
  });

  it("Save stands on a new rule's last panel, and under the panels from the start when editing", () => {
    expect(savePlace(false)).toBe('lastPanel');
    expect(savePlace(true)).toBe('footer');
  });
});
