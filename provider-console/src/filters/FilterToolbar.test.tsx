/** The console's filter bar: a wrapping row of labelled filters; a select filter with its "All" item. */
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchField } from '@workbench/common';
import { FilterToolbar, SelectFilter } from './FilterToolbar';

const STATES = [
  { value: 'ga', label: 'GA' },
  { value: 'deprecated', label: 'Deprecated' },
];

function Bar({ onState, allLabel }: { onState: (v: string) => void; allLabel?: string }) {
  const [state, setState] = useState('');
  const [q, setQ] = useState('');
  return (
    <FilterToolbar>
      <SearchField label="Search capabilities" value={q} onChange={setQ} testId="search" />
      <SelectFilter
        label="Schema state"
        value={state}
        onChange={(v) => {
          setState(v);
          onState(v);
        }}
        allLabel={allLabel}
        options={STATES}
        testId="state"
      />
    </FilterToolbar>
  );
}

describe('FilterToolbar and SelectFilter', () => {
  it('wraps its filters onto a next line in a narrow window', () => {
    render(<Bar onState={jest.fn()} allLabel="All states" />);
    const bar = screen.getByTestId('state').closest('.MuiStack-root');
    expect(bar).toHaveStyle({ flexWrap: 'wrap' });
    expect(bar).toContainElement(screen.getByTestId('search'));
  });

  it('is a labelled select showing its "All" item while nothing is chosen; choosing sends the value', async () => {
    const user = userEvent.setup();
    const onState = jest.fn();
    render(<Bar onState={onState} allLabel="All states" />);
    const select = screen.getByRole('combobox', { name: 'Schema state' });
    expect(select).toBe(screen.getByTestId('state'));
    expect(select).toHaveTextContent('All states');

    await user.click(select);
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All states', 'GA', 'Deprecated']);
    await user.click(screen.getByRole('option', { name: 'Deprecated' }));
    expect(onState).toHaveBeenLastCalledWith('deprecated');
    expect(select).toHaveTextContent('Deprecated');

    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'All states' }));
    expect(onState).toHaveBeenLastCalledWith('');
  });

  it('without an "All" item it offers only the options (a choice, not a filter)', async () => {
    const user = userEvent.setup();
    render(<Bar onState={jest.fn()} />);
    await user.click(screen.getByRole('combobox', { name: 'Schema state' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['GA', 'Deprecated']);
  });
});
