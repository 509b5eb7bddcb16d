import {
  initialAccordionState,
  nextClicked,
  nextEnabled,
  panelToggled,
  saveEnabled,
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

describe('rule accordion (§4)', () => {
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
});
