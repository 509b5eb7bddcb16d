/**
 * Contact Us against a fake server: the message form's checks, what was sent confirmed, the
 * server's refusals (a field's 400 at the field, the hourly 429 above the form); the connectivity
 * test fetching each site, showing pass or fail with times, storing the run and listing the runs.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import {
  CONTACT_FORM_PATH,
  contactRateLimited,
  type ContactMessage,
} from '@workbench/common/api/contract/contactForm';
import {
  CONNECTIVITY_PATHS,
  type ConnectivityRun,
  type ConnectivitySite,
} from '@workbench/common/api/contract/connectivity';
import { contactIds as ids } from '@workbench/common/test-ids/contactIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { CONTACT_FORM_MSGS } from './contactMessageForm';
import { CONNECTIVITY_TEXTS } from './ConnectivitySection';

const SITES: ConnectivitySite[] = [
  {
    id: 'isolation',
    name: 'Isolation service',
    description: 'Rendering',
    url: '/connectivity/site/isolation/status',
  },
  {
    id: 'auth',
    name: 'Authentication server',
    description: 'Sign-in',
    url: '/connectivity/site/auth/status',
  },
];
const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
  resetPortalEnv();
});

const sentReply = (body: Record<string, string>): ContactMessage => ({
  id: 'm-1',
  tid: 't-1',
  tenant_name: 'Acme',
  sent_by: 'admin@acme.example',
  sent_at: '2026-11-29T09:30:00.000Z',
  topic: body.topic as ContactMessage['topic'],
  subject: body.subject,
  message: body.message,
  reply_to: body.reply_to ?? 'admin@acme.example',
  status: 'new',
  answered_by: null,
  answered_at: null,
});

function stubs(runs: ConnectivityRun[] = []) {
  return (m: MockAdapter) => {
    m.onGet(CONNECTIVITY_PATHS.sites).reply(200, { data: SITES });
    m.onGet(CONNECTIVITY_PATHS.results).reply(() => [200, { data: runs }]);
  };
}
const open = (more?: (m: MockAdapter) => void, runs: ConnectivityRun[] = [], extensions?: readonly []) =>
  renderPortal({
    path: '/contact-form',
    user: demoUser('auditor'),
    ...(extensions ? { extensions } : {}),
    stubs: (m) => {
      stubs(runs)(m);
      more?.(m);
    },
  });
const field = (name: string) => screen.getByTestId(`${ids.field}-${name}`);
const posts = (mock: MockAdapter, url: string) => mock.history.post.filter((r) => r.url === url);

describe('Contact Us: the message', () => {
  it('bad input shows at its field and sends nothing', async () => {
    const { mock } = open();
    await userEvent.click(await screen.findByTestId(ids.submit));
    expect(await screen.findByText(CONTACT_FORM_MSGS.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_FORM_MSGS.messageRequired)).toBeInTheDocument();
    await userEvent.type(field('reply_to'), 'not-an-address');
    await userEvent.click(screen.getByTestId(ids.submit));
    expect(await screen.findByText(CONTACT_FORM_MSGS.replyTo)).toBeInTheDocument();
    expect(posts(mock, CONTACT_FORM_PATH)).toHaveLength(0);
  });

  it('a message is sent (any signed-in role) and the page confirms with what was sent', async () => {
    const { mock } = open((m) =>
      m
        .onPost(CONTACT_FORM_PATH)
        .reply((c) => [201, sentReply(JSON.parse(String(c.data)) as Record<string, string>)]),
    );
    await userEvent.type(await screen.findByTestId(`${ids.field}-subject`), '  Slow pages ');
    await userEvent.type(field('message'), 'Pages take ten seconds.');
    await userEvent.click(screen.getByTestId(ids.submit));
    const sent = await screen.findByTestId(ids.sent);
    expect(JSON.parse(String(posts(mock, CONTACT_FORM_PATH)[0].data))).toEqual({
      topic: 'support',
      subject: 'Slow pages',
      message: 'Pages take ten seconds.',
    });
    expect(sent).toHaveTextContent('Your message was sent. Support will answer admin@acme.example.');
    expect(sent).toHaveTextContent('Technical support');
    expect(sent).toHaveTextContent('Slow pages');
    expect(sent).toHaveTextContent('Pages take ten seconds.');
    expect(sent).toHaveTextContent('2026-11-29 09:30 UTC');
    await userEvent.click(screen.getByTestId(ids.sendAnother));
    expect(await screen.findByTestId(ids.form)).toBeInTheDocument();
  });

  it("the hourly limit's refusal shows above the form, which keeps its text; a field's 400 shows at the field", async () => {
    let answer: [number, unknown] = [
      429,
      { statusCode: 429, error: 'Too Many Requests', message: contactRateLimited(42) },
    ];
    open((m) => m.onPost(CONTACT_FORM_PATH).reply(() => answer));
    await userEvent.type(await screen.findByTestId(`${ids.field}-subject`), 'Hello');
    await userEvent.type(field('message'), 'Body');
    await userEvent.click(screen.getByTestId(ids.submit));
    expect(await screen.findByTestId(ids.error)).toHaveTextContent(contactRateLimited(42));
    expect(field('subject')).toHaveValue('Hello');

    answer = [
      400,
      { statusCode: 400, error: 'Bad Request', message: 'subject is too long.', field: 'subject' },
    ];
    await userEvent.click(screen.getByTestId(ids.submit));
    expect(await screen.findByText(/^subject is too long\./)).toBeInTheDocument();
  });
});

describe('Contact Us: the connectivity test', () => {
  it('tests each site no-cors with one testId, shows pass or fail with times, stores the run and lists it', async () => {
    const stored: ConnectivityRun[] = [];
    const fetched: Array<[string, RequestInit | undefined]> = [];
    global.fetch = jest.fn((url: string, init?: RequestInit) => {
      fetched.push([url, init]);
      return url.includes('/auth/')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve({ type: 'basic', ok: true, status: 204 } as Response);
    }) as unknown as typeof fetch;
    const { mock } = open(
      (m) =>
        m.onPost(CONNECTIVITY_PATHS.results).reply((c) => {
          const body = JSON.parse(String(c.data)) as Omit<ConnectivityRun, 'id' | 'ran_at' | 'ran_by'>;
          stored.unshift({
            ...body,
            id: 'r-1',
            ran_at: '2026-11-29T09:31:00.000Z',
            ran_by: 'auditor@acme.example',
          });
          return [201, stored[0]];
        }),
      stored,
    );
    const section = await screen.findByTestId(ids.connectivity);
    expect(within(section).getByText(CONNECTIVITY_TEXTS.noRuns)).toBeInTheDocument();
    await userEvent.click(await within(section).findByRole('button', { name: CONNECTIVITY_TEXTS.run }));

    await waitFor(() => expect(screen.getByTestId(ids.summary)).toHaveTextContent('1 of 2 sites reached'));
    expect(screen.getByTestId(`${ids.siteRow}-isolation`)).toHaveTextContent(/Passed in [\d.]+ ms/);
    expect(screen.getByTestId(`${ids.siteRow}-auth`)).toHaveTextContent(
      /Failed after [\d.]+ ms: Not reached: Failed to fetch/,
    );
    const testId = new URL(fetched[0][0], 'http://x').searchParams.get('testId');
    expect(fetched.map(([url]) => url)).toEqual([
      `/connectivity/site/isolation/status?testId=${testId}`,
      `/connectivity/site/auth/status?testId=${testId}`,
    ]);
    expect(fetched[0][1]).toMatchObject({ mode: 'no-cors' });
    const body = JSON.parse(String(posts(mock, CONNECTIVITY_PATHS.results)[0].data)) as ConnectivityRun;
    expect(body.test_id).toBe(testId);
    expect(body.results.map((r) => [r.site_id, r.passed])).toEqual([
      ['isolation', true],
      ['auth', false],
    ]);
    const runs = screen.getByTestId(ids.runs);
    expect(await within(runs).findByText('auditor@acme.example')).toBeInTheDocument();
    expect(within(runs).getByText('1 of 2 sites reached')).toBeInTheDocument();
  });

  it("without the server's connectivity-history extension the test runs and stores, and no last runs are listed", async () => {
    global.fetch = jest.fn(() =>
      Promise.resolve({ type: 'basic', ok: true, status: 204 } as Response),
    ) as unknown as typeof fetch;
    const { mock } = open((m) => m.onPost(CONNECTIVITY_PATHS.results).reply(201, {}), [], []);
    await userEvent.click(await screen.findByRole('button', { name: CONNECTIVITY_TEXTS.run }));
    await waitFor(() => expect(screen.getByTestId(ids.summary)).toHaveTextContent('2 of 2 sites reached'));
    expect(posts(mock, CONNECTIVITY_PATHS.results)).toHaveLength(1);
    expect(screen.queryByTestId(ids.runs)).toBeNull();
    expect(mock.history.get.filter((r) => r.url === CONNECTIVITY_PATHS.results)).toHaveLength(0);
  });
});
