// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { policyTesterIds } from '@workbench/common';
import type { TesterReply } from '@workbench/common/api/contract/policy';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../testing/renderPortal';
import { testerRequestOf } from './PolicyTesterPage';

afterEach(resetPortalEnv);

const TESTER = '/api/policy/v1/tester';
const REPLY: TesterReply = {
  staged: {
    rev_id: 12,
    category: { id: 27, name: 'Gambling', source: 'request', domain: null },
    action: 'block',
    rule: { kind: 'web/exceptions', key: 'casino', index: 0, name: 'Block casinos' },
    reason: 'Rule 1 “Block casinos” matched.',
  },
  published: {
    rev_id: 11,
    category: { id: 27, name: 'Gambling', source: 'request', domain: null },
    action: 'allow',
    rule: null,
    reason: 'No rule matched; the default allows.',
  },
};

const CATS = {
  groups: [{ key: 'legal_liability', name: 'Legal Liability' }],
  categories: [{ id: 27, name: 'Gambling', group: 'legal_liability' }],
};

function render(reply: TesterReply = REPLY) {
  return renderPortal({
    path: '/policy/tester',
    user: demoUser('admin'),
    revision: revision('staged', 12),
    stubs: (m) => {
      m.onGet('/api/policy/v1/revisions/diff').reply(200, { from: 11, to: 12, kinds: [] });
      m.onGet('/api/policy/v1/category_version').reply(200, { version: 1 });
      m.onGet('/api/policy/v1/cats').reply(200, CATS);
      m.onPost(TESTER).reply(200, reply);
    },
  });
}

test('the request is built from the filled fields only, the time in UTC', () => {
  expect(
    testerRequestOf({
      url: ' https://a.example/ ',
      user: '',
      groups: 'Sales, , Finance',
      categoryId: 27,
      risk: 'Y',
      time: '',
      userAgent: '',
      sourceIp: '10.1.2.3',
      destIp: ' 203.0.113.9 ',
    }),
  ).toEqual({
    url: 'https://a.example/',
    groups: ['Sales', 'Finance'],
    category_id: 27,
    risk: 'Y',
    source_ip: '10.1.2.3',
    dest_ip: '203.0.113.9',
  });
});

test('a request shows both decisions, that the staged policy changes it, and links the deciding rule', async () => {
  const { mock } = render();
  const url = await screen.findByTestId(policyTesterIds.url);
  await userEvent.type(url, 'https://www.casino.example/poker');
  await userEvent.type(screen.getByTestId(policyTesterIds.groups), 'Sales');
  await userEvent.click(screen.getByTestId(policyTesterIds.category));
  await userEvent.click(await screen.findByRole('option', { name: 'Gambling' }));
  await userEvent.click(screen.getByTestId(policyTesterIds.submit));

  const staged = await screen.findByTestId(`${policyTesterIds.decision}-staged`);
  expect(staged).toHaveAttribute('data-action', 'block');
  expect(within(staged).getByText('Block')).toBeInTheDocument();
  expect(within(staged).getByTestId(policyTesterIds.ruleLink)).toHaveAttribute(
    'href',
    '/policy/web/exceptions?rule=casino',
  );
  const published = screen.getByTestId(`${policyTesterIds.decision}-published`);
  expect(published).toHaveTextContent('No rule matched; the default allows.');
  expect(within(published).queryByTestId(policyTesterIds.ruleLink)).not.toBeInTheDocument();
  expect(screen.getByTestId(policyTesterIds.changed)).toBeInTheDocument();
  expect(within(staged).getByTestId(policyTesterIds.categoryUsed)).toHaveTextContent(
    'Site category: Gambling (as picked).',
  );
  expect(JSON.parse(String(mock.history.post.find((r) => r.url === TESTER)?.data))).toEqual({
    url: 'https://www.casino.example/poker',
    groups: ['Sales'],
    category_id: 27,
  });
});

test('a URL that is not http(s) is refused in the form and nothing is sent', async () => {
  const { mock } = render();
  await userEvent.type(await screen.findByTestId(policyTesterIds.url), 'ftp://files.example');
  await userEvent.click(screen.getByTestId(policyTesterIds.submit));
  expect(await screen.findByText(/Enter an http or https URL/)).toBeInTheDocument();
  await waitFor(() => expect(mock.history.post.some((r) => r.url === TESTER)).toBe(false));
});

test('with no category picked, each decision says the category the server looked up (issue 31)', async () => {
  const lookedUp = { id: 25, name: 'Streaming Media', source: 'lookup', domain: 'netflix.com' } as const;
  const { mock } = render({
    staged: {
      rev_id: 12,
      category: lookedUp,
      action: 'block',
      rule: { kind: 'cats', key: '25', name: 'Streaming Media' },
      reason: 'The action for the category Streaming Media applies.',
    },
    published: {
      rev_id: 11,
      category: { id: 84, name: 'Unknown', source: 'lookup', domain: null },
      action: 'allow',
      rule: null,
      reason: 'No rule matched; the default allows.',
    },
  });
  await userEvent.type(await screen.findByTestId(policyTesterIds.url), 'https://www.netflix.com/');
  expect(screen.getByText('Leave empty to look the site up in the category database.')).toBeInTheDocument();
  await userEvent.click(screen.getByTestId(policyTesterIds.submit));
  const staged = await screen.findByTestId(`${policyTesterIds.decision}-staged`);
  expect(within(staged).getByTestId(policyTesterIds.categoryUsed)).toHaveTextContent(
    'Site category: Streaming Media (looked up in the category database: netflix.com).',
  );
  expect(
    within(screen.getByTestId(`${policyTesterIds.decision}-published`)).getByTestId(
      policyTesterIds.categoryUsed,
    ),
  ).toHaveTextContent('Site category: Unknown (the category database does not list this site).');
  expect(JSON.parse(String(mock.history.post.find((r) => r.url === TESTER)?.data))).toEqual({
    url: 'https://www.netflix.com/',
  });
});
