import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CheckboxGroup } from './CheckboxGroup';
import type { CheckboxGroupItem } from './checkboxGroupModel';

const initial: CheckboxGroupItem[] = [
  { name: 'Gambling', checked: [true, false] },
  { name: 'News', checked: [false, false] },
];

function setup() {
  const onHeaderChange = jest.fn();
  const onContentChange = jest.fn();
  function Harness() {
    const [items, setItems] = useState(initial);
    return (
      <CheckboxGroup
        title="Web"
        columns={['Read', 'Write']}
        items={items}
        onHeaderChange={(next, column) => {
          onHeaderChange(next, column);
          setItems(next);
        }}
        onContentChange={(next, index, column) => {
          onContentChange(next, index, column);
          setItems(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { onHeaderChange, onContentChange, user: userEvent.setup() };
}

describe('CheckboxGroup', () => {
  it('shows each parent as checked, indeterminate or unchecked', () => {
    setup();
    expect(screen.getByRole('checkbox', { name: 'Web: Read' })).toHaveAttribute('data-indeterminate', 'true');
    expect(screen.getByRole('checkbox', { name: 'Web: Write' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Web: Write' })).toHaveAttribute(
      'data-indeterminate',
      'false',
    );
  });

  it('Only one of the header-change and content-change notifications fires, carrying the updated sub-categories', async () => {
    const { user, onHeaderChange, onContentChange } = setup();
    await user.click(screen.getByRole('checkbox', { name: 'Web: Read' }));
    expect(onHeaderChange).toHaveBeenCalledTimes(1);
    expect(onContentChange).not.toHaveBeenCalled();
    expect(onHeaderChange.mock.calls[0][0].map((i: CheckboxGroupItem) => i.checked[0])).toEqual([true, true]);
    expect(screen.getByRole('checkbox', { name: 'Web: Read' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'show 2 items' }));
    await user.click(screen.getByRole('checkbox', { name: 'News: Write' }));
    expect(onContentChange).toHaveBeenCalledTimes(1);
    expect(onHeaderChange).toHaveBeenCalledTimes(1);
    expect(onContentChange.mock.calls[0][0][1].checked).toEqual([true, true]);
    expect(screen.getByRole('checkbox', { name: 'Web: Write' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
  });

  it("A group can be expanded or collapsed and shows a 'show N items' or 'hide N items' link", async () => {
    const { user } = setup();
    expect(screen.queryByRole('checkbox', { name: 'News: Read' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'show 2 items' }));
    expect(screen.getByRole('checkbox', { name: 'News: Read' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'hide 2 items' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('collapses again with the hide link, hiding the sub-items', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'show 2 items' }));
    await user.click(screen.getByRole('button', { name: 'hide 2 items' }));
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: 'News: Read' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'show 2 items' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('a parent that is checked clears all its sub-items, with only the header notification', async () => {
    const { user, onHeaderChange, onContentChange } = setup();
    await user.click(screen.getByRole('checkbox', { name: 'Web: Read' }));
    await user.click(screen.getByRole('checkbox', { name: 'Web: Read' }));
    expect(onHeaderChange).toHaveBeenCalledTimes(2);
    expect(onContentChange).not.toHaveBeenCalled();
    expect(onHeaderChange.mock.calls[1][0].map((i: CheckboxGroupItem) => i.checked[0])).toEqual([
      false,
      false,
    ]);
    expect(onHeaderChange.mock.calls[1][1]).toBe(0);
    expect(screen.getByRole('checkbox', { name: 'Web: Read' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Web: Read' })).toHaveAttribute(
      'data-indeterminate',
      'false',
    );
  });

  it('checking the last unchecked sub-item checks the parent', async () => {
    const { user, onContentChange } = setup();
    await user.click(screen.getByRole('button', { name: 'show 2 items' }));
    await user.click(screen.getByRole('checkbox', { name: 'News: Read' }));
    expect(onContentChange).toHaveBeenCalledWith(expect.any(Array), 1, 0);
    expect(screen.getByRole('checkbox', { name: 'Web: Read' })).toBeChecked();
  });

  it('a group without sub-items shows no link', () => {
    render(
      <CheckboxGroup
        title="Empty"
        columns={['Read']}
        items={[]}
        onHeaderChange={jest.fn()}
        onContentChange={jest.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: /items$/ })).not.toBeInTheDocument();
  });
});
