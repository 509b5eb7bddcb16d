import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useSearchParams } from 'react-router-dom';
import { componentIds } from '../../test-ids';
import { FilterBar, FILTER_MENU_MAX_HEIGHT, useFilterValues } from './FilterBar';
import type { FilterSchema } from './filterQuery';

const schema: FilterSchema = {
  action: {
    label: 'Action',
    multiple: true,
    description: 'What the gateway did',
    options: [
      { code: 'block', label: 'Block' },
      { code: 'allow', label: 'Allow' },
      { code: 'spam', label: 'Junk' },
      { code: 'phish', label: 'Junk' },
    ],
    toggles: [{ key: 'exact', label: 'Exact match' }],
  },
  country: {
    label: 'Country',
    searchPlaceholder: 'Find a country',
    options: ['France', 'Germany', 'Italy', 'Spain', 'Sweden', 'Norway'].map((label) => ({
      code: label.slice(0, 2).toLowerCase(),
      label,
    })),
  },
};

function Query() {
  const location = useLocation();
  return <output data-testid="query">{decodeURIComponent(location.search)}</output>;
}

function renderBar(initial = '/logs') {
  return render(
    <MemoryRouter initialEntries={[initial]}>
      <FilterBar schema={schema} />
      <Query />
    </MemoryRouter>,
  );
}

const query = () => screen.getByTestId('query').textContent;

describe('FilterBar', () => {
  it('writes multiple values comma-joined to the query string and resets page to 0', async () => {
    const user = userEvent.setup();
    renderBar('/logs?page=3&pageSize=25');
    await user.click(screen.getByRole('button', { name: 'Action' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Block' }));
    expect(query()).toBe('?page=0&pageSize=25&action=block');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Junk' }));
    expect(query()).toBe('?page=0&pageSize=25&action=block,spam+phish');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Block' }));
    expect(query()).toBe('?page=0&pageSize=25&action=spam+phish');
  });

  it('shows the chosen options as checked and the description and toggles in the menu', async () => {
    const user = userEvent.setup();
    renderBar('/logs?action=allow');
    expect(screen.getByRole('button', { name: 'Action: Allow' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Action: Allow' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Allow' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Block' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('What the gateway did')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Exact match' }));
    expect(query()).toBe('?action=allow&exact=true&page=0');
  });

  it('a single-value filter replaces its value and closes the menu', async () => {
    const user = userEvent.setup();
    renderBar('/logs?country=fr');
    await user.click(screen.getByRole('button', { name: 'Country: France' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Spain' }));
    expect(query()).toBe('?country=sp&page=0');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Country: Spain' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Any' }));
    expect(query()).toBe('?page=0');
  });

  it('Filter menus show a search box above 5 options and scroll above 5', async () => {
    const user = userEvent.setup();
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Country' }));
    const search = screen.getByPlaceholderText('Find a country');
    await user.type(search, 'sw');
    expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['Any', 'Sweden']);
    const paper = screen.getByRole('menu').parentElement as HTMLElement;
    expect(paper).toHaveStyle({ maxHeight: `${FILTER_MENU_MAX_HEIGHT}px` });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Action' }));
    expect(within(screen.getByRole('menu')).queryByTestId(componentIds.filterSearch)).not.toBeInTheDocument();
  });

  it('useFilterValues keeps its result while only page or pageSize change', () => {
    const seen: unknown[] = [];
    function Probe() {
      const values = useFilterValues(schema);
      const [, setParams] = useSearchParams();
      useEffect(() => {
        seen.push(values);
      }, [values]);
      return (
        <>
          <button onClick={() => setParams({ action: 'block', page: '2' })}>page</button>
          <button onClick={() => setParams({ action: 'allow', page: '2' })}>filter</button>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/?action=block&page=1']}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => screen.getByRole('button', { name: 'page' }).click());
    expect(seen).toHaveLength(1);
    act(() => screen.getByRole('button', { name: 'filter' }).click());
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual({ action: ['block'], country: [] });
  });

  it('a menu of exactly 5 options has no search box and does not scroll; 6 options have both', async () => {
    const user = userEvent.setup();
    const options = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ code: `c${i}`, label: `Option ${i}` }));
    render(
      <MemoryRouter>
        <FilterBar
          schema={{
            five: { label: 'Five', multiple: true, options: options(5) },
            six: { label: 'Six', multiple: true, options: options(6), searchPlaceholder: 'Find' },
          }}
        />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Five' }));
    expect(within(screen.getByRole('menu')).queryByTestId(componentIds.filterSearch)).not.toBeInTheDocument();
    expect(screen.getByRole('menu').parentElement).not.toHaveStyle({
      maxHeight: `${FILTER_MENU_MAX_HEIGHT}px`,
    });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Six' }));
    expect(within(screen.getByRole('menu')).getByTestId(componentIds.filterSearch)).toHaveAttribute(
      'placeholder',
      'Find',
    );
    expect(screen.getByRole('menu').parentElement).toHaveStyle({ maxHeight: `${FILTER_MENU_MAX_HEIGHT}px` });
  });

  it('choosing options that share a label writes them plus-joined; the query is read back as chosen', async () => {
    const user = userEvent.setup();
    renderBar('/logs?action=spam%2Bphish&page=2');
    await user.click(screen.getByRole('button', { name: 'Action: Junk' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Junk' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Allow' }));
    expect(query()).toBe('?action=allow,spam+phish&page=0');
  });
});
