/** Settings › API tokens against a fake server: the list, the create form's checks, the secret once, revoke. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import {
  API_TOKENS_PATHS,
  apiTokenAreaBeyondCreator,
  type ApiToken,
} from '@workbench/common/api/contract/apiTokens';
import { apiTokensIds as ids } from '@workbench/common/test-ids/apiTokensIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';
import { API_TOKEN_FORM_MSGS } from './apiTokenForm';
import { API_TOKENS_TEXTS } from './ApiTokensPage';

afterEach(resetPortalEnv);

// AG Grid draws no rows in jsdom: the table is a plain list driven by the same props.
jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const token = (n: number, extra: Partial<ApiToken> = {}): ApiToken => ({
  id: `tok-${n}`,
  name: `Script ${n}`,
  access: 'read',
  areas: ['logs'],
  expires_at: '2099-01-01T00:00:00.000Z',
  created_at: '2026-11-20T08:00:00.000Z',
  created_by: 'admin@acme.example',
  last4: `ab${n}${n}`,
  last_used_at: null,
  last_used_ip: null,
  ...extra,
});

const stubTokens = (tokens: ApiToken[]) => (m: MockAdapter) =>
  m.onGet(API_TOKENS_PATHS.list).reply(200, { tokens });
const tokenPosts = (mock: MockAdapter) => mock.history.post.filter((r) => r.url === API_TOKENS_PATHS.list);

const open = (role: 'admin' | 'auditor' | 'logs', tokens: ApiToken[]) =>
  renderPortal({ path: '/settings/api-tokens', user: demoUser(role), stubs: stubTokens(tokens) });

describe('API tokens page (settings/api-tokens)', () => {
  it('lists the tokens: name and last characters, scope, areas, expiry, last use, maker', async () => {
    open('admin', [
      token(1, { last_used_at: '2026-11-27T10:15:42.000Z', last_used_ip: '203.0.113.9' }),
      token(2, { access: 'write', areas: ['policy', 'users'], expires_at: null }),
      token(3, { expires_at: '2020-01-01T00:00:00.000Z' }),
    ]);
    const table = await screen.findByTestId(ids.table);
    expect(await within(table).findByText('Script 1')).toBeInTheDocument();
    expect(within(table).getByText('…ab11')).toBeInTheDocument();
    expect(within(table).getByText('2026-11-27 10:15 UTC from 203.0.113.9')).toBeInTheDocument();
    expect(within(table).getByText('Read and write')).toBeInTheDocument();
    expect(within(table).getByText('Policy, User database')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
    expect(within(table).getAllByText(API_TOKENS_TEXTS.notUsed)).toHaveLength(2);
    expect(within(table).getByText('Expired 2020-01-01')).toBeInTheDocument();
    expect(within(table).getAllByText('admin@acme.example, 2026-11-20')).toHaveLength(3);
    expect(screen.getByTestId(ids.total)).toHaveTextContent('3 tokens');
  });

  it('a reader (the demo auditor) sees the list and no write control', async () => {
    open('auditor', [token(1)]);
    expect(await screen.findByText('Script 1')).toBeInTheDocument();
    expect(screen.queryByTestId(ids.createButton)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.revokeButton}-tok-1`)).not.toBeInTheDocument();
  });

  it('bad input shows at its field and sends nothing', async () => {
    const { mock } = open('admin', []);
    await userEvent.click(await screen.findByTestId(ids.createButton));
    await userEvent.click(screen.getByTestId(ids.formSubmit));
    expect(await screen.findByText(API_TOKEN_FORM_MSGS.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(API_TOKEN_FORM_MSGS.areasRequired)).toBeInTheDocument();
    expect(tokenPosts(mock)).toHaveLength(0);
    expect(screen.getByTestId(ids.formDialog)).toBeInTheDocument();
  });

  it("the server's refusal shows at the field it names, and the form stays", async () => {
    const { mock } = open('admin', []);
    const msg = apiTokenAreaBeyondCreator('Policy', 'write');
    mock.onPost(API_TOKENS_PATHS.list).replyOnce(403, { statusCode: 403, message: msg, field: 'areas' });
    await userEvent.click(await screen.findByTestId(ids.createButton));
    await userEvent.type(screen.getByTestId(`${ids.formField}-name`), 'CI');
    await userEvent.click(screen.getByTestId(`${ids.formField}-areas-policy`));
    await userEvent.click(screen.getByTestId(ids.formSubmit));
    // At the areas' field (the message carries the call's name outside production builds).
    expect(
      await within(screen.getByTestId(ids.formDialog)).findByText(msg, { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByTestId(ids.formDialog)).toBeInTheDocument();
    expect(screen.queryByTestId(ids.secretDialog)).not.toBeInTheDocument();
  });

  it('creates a read-only logs token and shows its secret once, with the warning; Done forgets it', async () => {
    const { mock } = open('admin', []);
    mock
      .onPost(API_TOKENS_PATHS.list)
      .replyOnce(201, { ...token(9, { name: 'SIEM' }), token: 'wbt_secret-9' });
    await userEvent.click(await screen.findByTestId(ids.createButton));
    await userEvent.type(screen.getByTestId(`${ids.formField}-name`), '  SIEM ');
    await userEvent.click(screen.getByTestId(`${ids.formField}-areas-logs`));
    await userEvent.click(screen.getByTestId(ids.formSubmit));
    const secret = await screen.findByTestId(ids.secret);
    expect(secret).toHaveTextContent('wbt_secret-9');
    expect(screen.getByText(API_TOKENS_TEXTS.secretWarning)).toBeInTheDocument();
    const body = JSON.parse(tokenPosts(mock)[0].data as string) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'SIEM', access: 'read', areas: ['logs'] });
    // 90 days ahead by default: the expiry is always sent.
    const days = (Date.parse(body.expires_at as string) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    await userEvent.click(screen.getByTestId(ids.secretDone));
    await waitFor(() => expect(screen.queryByTestId(ids.secret)).not.toBeInTheDocument());
    expect(screen.queryByText('wbt_secret-9')).not.toBeInTheDocument();
  });

  it('offers only the areas the role allows at the chosen access', async () => {
    // The auditor reads but writes nothing: a read token of its areas, no write token.
    const auditor = demoUser('auditor');
    renderPortal({
      path: '/settings/api-tokens',
      user: { ...auditor, roles: { read: auditor.roles.read, write: ['settings:api_tokens'] } },
      stubs: stubTokens([]),
    });
    await userEvent.click(await screen.findByTestId(ids.createButton));
    expect(screen.getByTestId(`${ids.formField}-areas-logs`)).toBeEnabled();
    await userEvent.click(screen.getByTestId(`${ids.formField}-areas-logs`));
    await userEvent.click(screen.getByTestId(`${ids.formField}-access-write`));
    expect(screen.getByTestId(`${ids.formField}-areas-logs`)).toBeDisabled();
    expect(screen.getByTestId(`${ids.formField}-areas-logs`)).not.toBeChecked();
  });

  it('revokes after a confirmation and reads the list again', async () => {
    const { mock } = open('admin', [token(1)]);
    await userEvent.click(await screen.findByTestId(`${ids.revokeButton}-tok-1`));
    expect(screen.getByText(API_TOKENS_TEXTS.revokeTitle('Script 1'))).toBeInTheDocument();
    await userEvent.click(screen.getByTestId(ids.revokeCancel));
    expect(mock.history.delete).toHaveLength(0);
    mock.onDelete(API_TOKENS_PATHS.one('tok-1')).replyOnce(204);
    stubTokens([])(mock);
    await userEvent.click(screen.getByTestId(`${ids.revokeButton}-tok-1`));
    await userEvent.click(screen.getByTestId(ids.revokeConfirm));
    await waitFor(() => expect(screen.queryByText('Script 1')).not.toBeInTheDocument());
    expect(mock.history.delete.map((r) => r.url)).toEqual([API_TOKENS_PATHS.one('tok-1')]);
  });
});
