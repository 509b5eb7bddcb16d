import { fireEvent, screen, waitFor } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { boardsIds } from '@workbench/common/test-ids/boardsIds';
import type { Board, BoardInput } from '@workbench/common/api/contract/customDashboards';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';

/**
 * ECharts draws on a canvas jsdom does not have: the chart is its label and its option's first
 * series' point count. The option builders are tested in charts/, the drawn charts in the browser.
 */
jest.mock('@workbench/charts/EChart', () => ({
  EChart: ({
    option,
    label,
    testId,
  }: {
    option: { series: { data: unknown[] }[] };
    label: string;
    testId?: string;
  }) => (
    <div role="img" aria-label={label} data-testid={testId}>
      {`${option.series[0].data.length} points`}
    </div>
  ),
}));

afterEach(() => resetPortalEnv());

// The first render loads the page's chunk (react-grid-layout, MUI): on a busy machine that takes
// longer than the default wait.
const LOADED = { timeout: 20_000 };

const board: Board = {
  id: 'b1',
  name: 'Team view',
  interval: '7d',
  variables: [{ name: 'user', value: '' }],
  panels: [
    {
      id: 'p1',
      title: 'Top domains',
      source: { kind: 'query', query: 'top_domains', limit: 10 },
      chart: 'pie',
      layout: { x: 0, y: 0, w: 6, h: 4 },
    },
  ],
  created_at: '2026-11-29T00:00:00.000Z',
  created_by: 'admin@acme.example',
  updated_at: '2026-11-29T00:00:00.000Z',
  updated_by: 'admin@acme.example',
};

/** The boards API over an in-memory list, and every report query answering two groups. */
function serveBoards(m: MockAdapter, boards: Board[]) {
  const posted: BoardInput[] = [];
  m.onGet('/api/dashboards/v1/boards').reply(() => [200, { boards, start_board: null }]);
  m.onPost('/api/dashboards/v1/boards').reply((config) => {
    const input = JSON.parse(String(config.data)) as BoardInput;
    posted.push(input);
    const made = { ...board, ...input, id: `b${boards.length + 1}` };
    boards.push(made);
    return [200, made];
  });
  m.onGet(/^\/api\/rep\/v1\/query\/[a-z_]+$/).reply((config) => [
    200,
    {
      name: String(config.url).split('/').at(-1),
      start: Number(config.params.start),
      end: Number(config.params.end),
      rows: [
        { key: 'news.example', value: 30 },
        { key: 'mail.example', value: 12 },
      ],
    },
  ]);
  return posted;
}

describe('dashboards people build', () => {
  it('lists the boards; Copy makes a board of a report dashboard and opens it', async () => {
    let posted: BoardInput[] = [];
    renderPortal({
      path: '/boards',
      user: demoUser('admin'),
      stubs: (m) => {
        posted = serveBoards(m, [board]);
      },
    });
    // The link's target (the test's router writes it without the hash the app's router adds).
    expect(await screen.findByTestId(`${boardsIds.open}-Team view`, {}, LOADED)).toHaveAttribute(
      'href',
      expect.stringMatching(/^#?\/boards\?board=b1$/),
    );
    fireEvent.click(screen.getByTestId(`${boardsIds.template}-web`));
    expect(screen.getByTestId(boardsIds.newName)).toHaveValue('Web traffic (copy)');
    fireEvent.click(screen.getByTestId(boardsIds.newCreate));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].panels.map((p) => p.source.kind === 'query' && p.source.query)).toContain('top_domains');
    expect(await screen.findByTestId(boardsIds.view)).toBeInTheDocument();
  });

  it("a board shows its panels with the URL's variable applied; a read-only role has no Edit", async () => {
    const view = renderPortal({
      path: '/boards?board=b1&user=alice',
      user: demoUser('auditor'),
      stubs: (m) => void serveBoards(m, [board]),
    });
    expect(await screen.findByTestId(`${boardsIds.chart}-p1`, {}, LOADED)).toHaveTextContent('2 points');
    const asked = view.mock.history.get.filter((r) => r.url === '/api/rep/v1/query/top_domains');
    expect(asked.at(-1)?.params).toMatchObject({ userid: 'alice' });
    expect(screen.queryByTestId(boardsIds.edit)).not.toBeInTheDocument();
    expect(screen.queryByTestId(boardsIds.newButton)).not.toBeInTheDocument();
  });

  it('the administrator edits: Edit, then Cancel leaves the saved board', async () => {
    renderPortal({
      path: '/boards?board=b1',
      user: demoUser('admin'),
      stubs: (m) => void serveBoards(m, [board]),
    });
    fireEvent.click(await screen.findByTestId(boardsIds.edit, {}, LOADED));
    expect(screen.getByTestId(`${boardsIds.variableToggle}-user`)).toBeChecked();
    expect(screen.getByTestId(`${boardsIds.removePanel}-p1`)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId(boardsIds.cancel));
    expect(await screen.findByTestId(boardsIds.edit)).toBeInTheDocument();
    expect(screen.queryByTestId(`${boardsIds.removePanel}-p1`)).not.toBeInTheDocument();
  });
});
