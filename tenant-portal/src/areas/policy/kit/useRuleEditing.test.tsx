import { act, renderHook } from '@testing-library/react';
import { useLinkedRuleEditing, useRuleEditing } from './useRuleEditing';

interface Rule {
  id: string;
  name: string;
}
const a: Rule = { id: 'a', name: 'A' };
const b: Rule = { id: 'b', name: 'B' };
// The lists live outside the hooks' renders, as a section's draft does (a new list each render
// would make the ?rule= link reopen its rule on every render).
const justA = [a];
const both = [a, b];

describe('useRuleEditing', () => {
  it('opens a new rule under a fresh id, applies it at the end and closes', () => {
    const setList = jest.fn();
    const { result } = renderHook(() => useRuleEditing(justA, setList));
    act(() => result.current.add());
    expect(result.current.editing?.rule).toBeNull();
    const id = result.current.editing?.id ?? '';
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    act(() => result.current.apply({ id, name: 'New' }));
    expect(setList).toHaveBeenCalledWith([a, { id, name: 'New' }]);
    expect(result.current.editing).toBeNull();
  });

  it('edits a rule in place and opens the rule a ?rule= link names, once', () => {
    const setList = jest.fn();
    const done = jest.fn();
    const { result } = renderHook(() =>
      useRuleEditing(both, setList, { linkedKey: 'b', onLinkOpened: done }),
    );
    expect(result.current.editing).toEqual({ rule: b, id: 'b' });
    expect(done).toHaveBeenCalledTimes(1);
    act(() => result.current.apply({ id: 'b', name: 'B2' }));
    expect(setList).toHaveBeenCalledWith([a, { id: 'b', name: 'B2' }]);
    act(() => result.current.edit(a));
    expect(result.current.editing).toEqual({ rule: a, id: 'a' });
    act(() => result.current.close());
    expect(result.current.editing).toBeNull();
  });
});

describe('useLinkedRuleEditing', () => {
  it('follows the linked id, keeps a new rule its own and drops the link on apply and close', () => {
    const setRules = jest.fn();
    const onOpenRule = jest.fn();
    const { result, rerender } = renderHook(
      ({ open }) => useLinkedRuleEditing(both, setRules, open, onOpenRule),
      {
        initialProps: { open: null as string | null },
      },
    );
    expect(result.current.dialog).toBeNull();
    act(() => result.current.edit(b));
    expect(onOpenRule).toHaveBeenLastCalledWith('b');
    rerender({ open: 'b' });
    expect(result.current.dialog).toEqual({ key: 'b', rule: b, newId: '' });
    expect(result.current.openIndex).toBe(1);
    act(() => result.current.apply({ id: 'b', name: 'B2' }));
    expect(setRules).toHaveBeenCalledWith([a, { id: 'b', name: 'B2' }]);
    expect(onOpenRule).toHaveBeenLastCalledWith(null);
    rerender({ open: null });
    act(() => result.current.add());
    const dialog = result.current.dialog;
    expect(dialog?.rule).toBeNull();
    expect(dialog?.key).toBe(dialog?.newId);
    act(() => result.current.close());
    expect(result.current.dialog).toBeNull();
  });

  it('has no open rule when the link names none of the list', () => {
    const { result } = renderHook(() => useLinkedRuleEditing(justA, jest.fn(), 'gone', jest.fn()));
    expect(result.current.openRule).toBeNull();
    expect(result.current.openIndex).toBe(-1);
    expect(result.current.dialog).toBeNull();
  });
});
