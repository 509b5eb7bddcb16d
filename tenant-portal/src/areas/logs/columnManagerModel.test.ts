import { appliedColumns, columnChoices, moveChoice, toggleChoice } from './columnManagerModel';

const FIELDS = ['userid', 'domain', 'category', 'action', 'risk'];

describe('column manager rules', () => {
  it('lists the shown columns in their URL order, then the hidden ones in the type order', () => {
    expect(columnChoices(FIELDS, ['action', 'userid', 'bogus'])).toEqual([
      { field: 'action', shown: true },
      { field: 'userid', shown: true },
      { field: 'domain', shown: false },
      { field: 'category', shown: false },
      { field: 'risk', shown: false },
    ]);
  });

  it('a position change (1-based, current → next) moves that row and shifts the rows between', () => {
    const choices = columnChoices(FIELDS, FIELDS);
    expect(moveChoice(choices, 1, 3).map((c) => c.field)).toEqual([
      'domain',
      'category',
      'userid',
      'action',
      'risk',
    ]);
    expect(moveChoice(choices, 5, 1).map((c) => c.field)).toEqual([
      'risk',
      'userid',
      'domain',
      'category',
      'action',
    ]);
  });

  it('a position out of range changes nothing', () => {
    const choices = columnChoices(FIELDS, FIELDS);
    expect(moveChoice(choices, 1, 6)).toEqual(choices);
    expect(moveChoice(choices, 0, 2)).toEqual(choices);
  });

  it('Apply writes the shown columns in list order; with none shown there is nothing to apply', () => {
    let choices = columnChoices(FIELDS, ['userid', 'domain']);
    choices = toggleChoice(choices, 'risk');
    choices = moveChoice(choices, 5, 1);
    expect(appliedColumns(choices)).toEqual(['risk', 'userid', 'domain']);
    const none = ['risk', 'userid', 'domain'].reduce(toggleChoice, choices);
    expect(appliedColumns(none)).toBeNull();
  });
});
