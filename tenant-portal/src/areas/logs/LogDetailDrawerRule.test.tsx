// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { policyRuleLinkId } from '@workbench/common';
import type { LogEvent } from '@workbench/common/api/contract/logs';
import { LogDetailDrawer } from './LogDetailDrawer';

// A web log row names its deciding rule by policy option and key (docs/logs.md §7): the details
// drawer links to the rule in its editor.
const event = (policy_rule: string, rule_name: string): LogEvent =>
  ({
    index: 0,
    time: Date.UTC(2026, 10, 23, 12),
    log_type: 'scan_web',
    userid: 'carol@acme.example',
    domain: 'bets.example',
    action: 'block',
    rule_name,
    policy_rule,
  }) as unknown as LogEvent;

function renderDrawer(logEvent: LogEvent) {
  const router = createMemoryRouter(
    [
      { path: '/logs/web', element: <LogDetailDrawer event={logEvent} onClose={() => undefined} /> },
      { path: '/policy/web/:tab', element: <p>Rule editor</p> },
    ],
    { initialEntries: ['/logs/web'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

test.each([
  [
    'exceptions:block-gambling',
    'Block gambling',
    'Domain rules and exceptions',
    '/policy/web/exceptions',
    '?rule=block-gambling',
  ],
  ['cats:12', 'Gambling', 'Categories', '/policy/web/categories', '?category=12'],
  ['top_level_risks:R', 'Risk level High', 'Risk levels', '/policy/web/threats', ''],
  [
    'domain:*.bank.example',
    'Bypass *.bank.example',
    'Domain (SSL and inspection bypass)',
    '/policy/web/exceptions',
    '',
  ],
])(
  '%s: the drawer names the option and its link opens the rule in its editor',
  async (reference, name, option, pathname, search) => {
    const user = userEvent.setup();
    const router = renderDrawer(event(reference, name));
    const link = screen.getByTestId(policyRuleLinkId);
    expect(link).toHaveTextContent(`Open rule “${name}”`);
    expect(screen.getByText(`(${option})`)).toBeInTheDocument();
    await user.click(link);
    expect(router.state.location.pathname).toBe(pathname);
    expect(router.state.location.search).toBe(search);
    expect(await screen.findByText('Rule editor')).toBeInTheDocument();
  },
);

test('an option without a rule list (the access mode) shows its reference without a link', () => {
  renderDrawer(event('access_mode:isolation', 'Isolation'));
  expect(screen.queryByTestId(policyRuleLinkId)).not.toBeInTheDocument();
  expect(screen.getByText('access_mode:isolation')).toBeInTheDocument();
});
