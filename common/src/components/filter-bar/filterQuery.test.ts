import {
  decodeFilterValue,
  encodeFilterValue,
  filterMenuItems,
  filtersChanged,
  readFilterValues,
  withFilterValue,
  withToggle,
  type FilterSchema,
} from './filterQuery';

const schema: FilterSchema = {
  action: {
    label: 'Action',
    multiple: true,
    options: [
      { code: 'block', label: 'Block' },
      { code: 'allow', label: 'Allow' },
      { code: 'spam', label: 'Junk' },
      { code: 'phish', label: 'Junk' },
    ],
  },
  risk: {
    label: 'Risk',
    options: [
      { code: 'high', label: 'High' },
      { code: 'low', label: 'Low' },
    ],
    defaultValue: 'high',
  },
};

describe('filter bar encoding (docs/shared-ui.md §6)', () => {
  it('Multiple values are comma-joined in the query', () => {
    const next = withFilterValue(new URLSearchParams(), schema, 'action', ['block', 'allow']);
    expect(next.get('action')).toBe('block,allow');
  });

  it('options sharing a label are joined with a plus sign', () => {
    expect(filterMenuItems(schema.action).map((item) => item.value)).toEqual([
      'block',
      'allow',
      'spam+phish',
    ]);
    const next = withFilterValue(new URLSearchParams(), schema, 'action', ['block', 'spam', 'phish']);
    expect(next.get('action')).toBe('block,spam+phish');
    expect(decodeFilterValue(next.get('action') ?? '')).toEqual(['block', 'spam', 'phish']);
  });

  it('reads the query back into codes, and falls back to the default value when the filter is absent', () => {
    const params = new URLSearchParams('action=allow,spam%2Bphish');
    expect(readFilterValues(params, schema)).toEqual({ action: ['allow', 'spam', 'phish'], risk: ['high'] });
  });

  it('codes not in the menu are kept as they are', () => {
    expect(encodeFilterValue(schema.action, ['zzz', 'allow'])).toBe('allow,zzz');
  });

  it('sortable menus list their options by label, case-insensitively', () => {
    const items = filterMenuItems({
      label: 'X',
      sortable: true,
      options: [
        { code: 'b', label: 'beta' },
        { code: 'a', label: 'Alpha' },
      ],
    });
    expect(items.map((item) => item.label)).toEqual(['Alpha', 'beta']);
  });
});

describe('filter bar state (docs/shared-ui.md §6)', () => {
  it('Changing filters resets page to 0', () => {
    const next = withFilterValue(new URLSearchParams('page=4&pageSize=50'), schema, 'action', ['block']);
    expect(next.get('page')).toBe('0');
    expect(next.get('pageSize')).toBe('50');
    expect(withToggle(new URLSearchParams('page=3'), 'exact', true).get('page')).toBe('0');
  });

  it('choosing what is already chosen does not reset the page', () => {
    const next = withFilterValue(new URLSearchParams('action=block&page=4'), schema, 'action', ['block']);
    expect(next.get('page')).toBe('4');
  });

  it('page and pageSize are ignored when comparing changes', () => {
    expect(
      filtersChanged(
        new URLSearchParams('action=block&page=1'),
        new URLSearchParams('page=7&pageSize=25&action=block'),
      ),
    ).toBe(false);
    expect(filtersChanged(new URLSearchParams('action=block'), new URLSearchParams('action=allow'))).toBe(
      true,
    );
  });

  it('clearing a filter without a default removes it; with a default writes it empty (none)', () => {
    expect(withFilterValue(new URLSearchParams('action=block'), schema, 'action', []).has('action')).toBe(
      false,
    );
    const risk = withFilterValue(new URLSearchParams(), schema, 'risk', []);
    expect(risk.get('risk')).toBe('');
    expect(readFilterValues(risk, schema).risk).toEqual([]);
  });

  it('a required menu always has a value: an empty one in the query reads as its default', () => {
    const required: FilterSchema = { ...schema, risk: { ...schema.risk, required: true } };
    expect(readFilterValues(new URLSearchParams('risk='), required).risk).toEqual(['high']);
    expect(readFilterValues(new URLSearchParams('risk=low'), required).risk).toEqual(['low']);
  });

  it('an unknown filter key is refused and changes nothing', () => {
    const params = new URLSearchParams('action=block');
    expect(() => withFilterValue(params, schema, 'nope', ['x'])).toThrow("Unknown filter 'nope'");
    expect(params.toString()).toBe('action=block');
  });
});
