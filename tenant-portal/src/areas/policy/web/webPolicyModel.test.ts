// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import {
  applyGroupChange,
  groupItems,
  setCategoryAction,
  withUnknownCategories,
  OTHER_GROUP,
  type CategoryGroupOption,
} from './categoryModel';
import { lines, moveItem, pathInList, upsert } from './listEdits';
import {
  conditionsSummary,
  formFieldOf,
  ruleFormSchema,
  ruleFormValues,
  ruleFromForm,
  type WebRule,
} from './ruleForm';

const leisure: CategoryGroupOption = {
  name: 'Leisure',
  categories: [
    { id: 11, name: 'Gambling' },
    { id: 12, name: 'Games' },
  ],
};

describe('categories', () => {
  test('a group parent checked in a column gives each category that action; unchecked allows', () => {
    const doc = { list: [{ category_id: 12, action: 'safeview' as const }] };
    const items = groupItems(leisure, new Map([[12, 'safeview']]), '');
    expect(items.map((i) => i.checked)).toEqual([
      [false, false],
      [false, true],
    ]);
    const blocked = applyGroupChange(
      doc,
      leisure,
      items,
      items.map((i) => ({ ...i, checked: [true, i.checked[1]] })),
      0,
    );
    expect(blocked.list).toEqual([
      { category_id: 12, action: 'block' },
      { category_id: 11, action: 'block' },
    ]);
    const after = groupItems(leisure, new Map(blocked.list.map((e) => [e.category_id, e.action])), '');
    const cleared = applyGroupChange(
      blocked,
      leisure,
      after,
      after.map((i) => ({ ...i, checked: [false, false] })),
      0,
    );
    expect(cleared.list).toEqual([]);
  });

  test('setCategoryAction keeps other actions (e.g. bypass) and drops allow', () => {
    const doc = { list: [{ category_id: 5, action: 'bypass' as const }] };
    expect(setCategoryAction(doc, 6, 'block').list).toEqual([
      ...doc.list,
      { category_id: 6, action: 'block' },
    ]);
    expect(setCategoryAction(doc, 5, 'allow').list).toEqual([]);
  });

  test('categories the tree does not know are shown by id; the filter hides the others', () => {
    const shown = withUnknownCategories([leisure], { list: [{ category_id: 99, action: 'block' }] });
    expect(shown[1]).toEqual({ name: OTHER_GROUP, categories: [{ id: 99, name: 'Category 99' }] });
    expect(groupItems(leisure, new Map(), 'gam').map((i) => i.isHide)).toEqual([false, false]);
    expect(groupItems(leisure, new Map(), 'gamb').map((i) => i.isHide)).toEqual([false, true]);
    expect(groupItems(leisure, new Map(), 'leis').map((i) => i.isHide)).toEqual([false, false]);
  });
});

describe('rule form', () => {
  const rule: WebRule = {
    id: 'r1',
    name: 'Block casinos',
    enabled: true,
    action: 'block',
    conditions: { domain: ['casino.example'], user_agent: [{ match: 'contains', value: 'curl' }] },
    comment: 'ticket 12',
  };

  test('round-trips a rule and keeps conditions the form does not show', () => {
    expect(ruleFromForm(ruleFormValues(rule), rule, 'r1')).toEqual(rule);
    const values = {
      ...ruleFormValues(rule),
      sourceIps: '10.0.0.1-10.0.0.9\n',
      countries: ['DE'],
      comment: ' ',
    };
    expect(ruleFromForm(values, rule, 'r1')).toEqual({
      ...rule,
      conditions: { ...rule.conditions, source_ip_ranges: ['10.0.0.1-10.0.0.9'], geo_ip: ['DE'] },
      comment: undefined,
    });
  });

  test('a schedule is kept only when switched on', () => {
    const values = {
      ...ruleFormValues(null),
      name: 'Work hours',
      scheduleOn: true,
      days: [5, 1],
      timeZone: 'UTC',
    };
    expect(ruleFromForm(values, null, 'n1').schedule).toEqual({
      days: [1, 5],
      from: '09:00',
      to: '17:00',
      time_zone: 'UTC',
    });
  });

  test('validation names the line of a bad domain or address, and checks the schedule', async () => {
    const base = { ...ruleFormValues(null), name: 'x' };
    const errorsOf = (values: object) =>
      ruleFormSchema.validate({ ...base, ...values }, { abortEarly: false }).then(
        () => [],
        (e: { errors: string[] }) => e.errors,
      );
    expect(await errorsOf({ domains: 'ok.example\n*.fine.example' })).toEqual([]);
    expect(await errorsOf({ domains: 'ok.example\nbad domain' })).toEqual([
      'Line 2: Enter a domain like example.com or *.example.com.',
    ]);
    expect(await errorsOf({ sourceIps: '10.0.0.9-10.0.0.1' })).toEqual([
      'Line 1: The range must start lower than it ends.',
    ]);
    expect(await errorsOf({ name: '' })).toEqual(['required']);
    expect(await errorsOf({ uri: [{ match: 'regex', value: '(' }] })).toEqual(['invalidRegex']);
    expect(
      await errorsOf({ scheduleOn: true, from: '10:00', to: '09:00', timeZone: 'Nowhere/City', days: [] }),
    ).toEqual(expect.arrayContaining(['noDays', 'toAfterFrom', 'invalidTimeZone']));
  });

  test('a 400 path inside a rule maps to its form field', () => {
    expect(formFieldOf('conditions.domain.0')).toBe('domains');
    expect(formFieldOf('conditions.source_ip_ranges.3')).toBe('sourceIps');
    expect(formFieldOf('schedule.time_zone')).toBe('timeZone');
    expect(formFieldOf('name')).toBe('name');
    expect(formFieldOf('conditions.fileTypes.0')).toBeNull();
  });

  test('the summary says what a rule matches', () => {
    expect(conditionsSummary(rule, String)).toBe('casino.example; user agent curl');
    expect(conditionsSummary({ ...rule, conditions: {} }, String)).toBe('Every request');
    expect(
      conditionsSummary(
        { ...rule, conditions: { domain: ['a.x', 'b.x', 'c.x'], categories: [11] } },
        (id) => `Cat ${id}`,
      ),
    ).toBe('a.x, b.x +1; Cat 11');
  });
});

describe('list edits and sections', () => {
  test('moveItem, upsert, lines, pathInList', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(upsert([{ id: 'a', v: 1 }], { id: 'a', v: 2 }, (x) => x.id)).toEqual([{ id: 'a', v: 2 }]);
    expect(upsert([{ id: 'a', v: 1 }], { id: 'b', v: 2 }, (x) => x.id)).toHaveLength(2);
    expect(lines(' a \n\n b\r\n')).toEqual(['a', 'b']);
    expect(pathInList('list.2.conditions.domain.0', 'list')).toEqual({
      index: 2,
      rest: 'conditions.domain.0',
    });
    expect(pathInList('pre.list.1', 'pre.list')).toEqual({ index: 1, rest: '' });
    expect(pathInList('bypass.0', 'list')).toBeNull();
  });
});
