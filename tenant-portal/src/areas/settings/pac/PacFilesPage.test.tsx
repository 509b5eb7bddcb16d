/**
 * Settings › PAC Files against a fake server: the served URL (copied), the file in the CodeMirror
 * editor, the server's syntax error shown with its line, the template loaded from the form's
 * values, the tester's answer and error, and a reader without write controls.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { PAC_PATHS as PATHS, PAC_DEFAULTS } from '@workbench/common/api/contract/pacSettings';
import { pacSettingsIds as ids } from '@workbench/common/test-ids/pacSettingsIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';
import { PAC_TEXTS } from './PacFilesPage';

afterEach(resetPortalEnv);

const FILE = 'function FindProxyForURL(url, host) {\n  return "PROXY proxy1.acme.example:8080";\n}\n';
const TEMPLATE = 'function FindProxyForURL(url, host) {\n  return "PROXY p9.example:3128; DIRECT";\n}\n';
const LINE_ERROR = 'Line 2, column 10: Unexpected token. The PAC file does not parse.';

const stubs = (m: MockAdapter) => {
  m.onGet(PATHS.settings).reply(200, {
    pac: FILE,
    filename: 'acme.pac',
    url: '/pac/k3y/proxy.pac',
    updated_at: '2026-11-20T10:00:00.000Z',
    updated_by: 'admin@acme.example',
  });
  m.onGet(PATHS.proxyIps).reply(200, { proxy_ips: ['proxy1.acme.example:8080'] });
  m.onGet(PATHS.defaults).reply(200, { ...PAC_DEFAULTS, bypass_domains: ['corp.acme.example'] });
  m.onGet(PATHS.version).reply(200, { pac_v2: true, updated_at: null, updated_by: null });
};
const CAPS = { rbac: true, pac: true };
const open = (role: 'admin' | 'auditor' = 'admin') =>
  renderPortal({ path: '/settings/pac', user: demoUser(role, CAPS), stubs });
const posts = (mock: MockAdapter, url: string) => mock.history.post.filter((r) => r.url === url);
const editorText = () => screen.getByTestId(ids.editor).textContent ?? '';

describe('PAC Files page (settings/pac)', () => {
  it('shows the served URL (copied on request), the version, the file in the editor and the proxies', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open();
    const url = await screen.findByTestId(ids.url);
    expect(url).toHaveTextContent(`${window.location.origin}/pac/k3y/proxy.pac`);
    await waitFor(() => expect(editorText()).toContain('PROXY proxy1.acme.example:8080'));
    expect(screen.getByRole('radio', { name: PAC_TEXTS.v2 })).toBeChecked();
    expect(screen.getByTestId(ids.proxies)).toHaveValue('proxy1.acme.example:8080');
    expect(screen.getByTestId(`${ids.defaultsField}-bypass_domains`)).toHaveValue('corp.acme.example');
    await userEvent.click(screen.getByTestId(ids.copyUrl));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/pac/k3y/proxy.pac`);
  });

  it("save sends the file; the server's syntax error shows with its line", async () => {
    const { mock } = open();
    mock
      .onPatch(PATHS.settings)
      .reply(400, { statusCode: 400, error: 'Bad Request', message: LINE_ERROR, field: 'pac' });
    await waitFor(() => expect(editorText()).toContain('proxy1'));
    await userEvent.click(screen.getByTestId(ids.save));
    expect(await screen.findByTestId(ids.editorError)).toHaveTextContent(LINE_ERROR);
    expect(JSON.parse(String(mock.history.patch[0].data))).toEqual({
      pac: FILE,
      filename: 'acme.pac',
      updated_at: '2026-11-20T10:00:00.000Z',
    });
  });

  it('load template asks for the template of the values in the form and puts it in the editor', async () => {
    const { mock } = open();
    mock.onPost(PATHS.template).reply(200, { pac: TEMPLATE });
    const proxies = await screen.findByTestId(ids.proxies);
    await userEvent.clear(proxies);
    await userEvent.type(proxies, 'p9.example:3128');
    await userEvent.click(screen.getByTestId(`${ids.defaultsField}-fail_open`));
    await userEvent.click(screen.getByTestId(ids.loadTemplate));
    await waitFor(() => expect(editorText()).toContain('p9.example:3128; DIRECT'));
    expect(JSON.parse(String(posts(mock, PATHS.template)[0].data))).toEqual({
      proxy_ips: ['p9.example:3128'],
      defaults: { ...PAC_DEFAULTS, bypass_domains: ['corp.acme.example'], fail_open: true },
    });
  });

  it('a proxy the server refuses shows at its line of the proxies', async () => {
    const { mock } = open();
    mock.onPut(PATHS.proxyIps).reply(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: '"p2" is not host:port (a name or IP address, and a port).',
      field: 'proxy_ips.1',
    });
    const proxies = await screen.findByTestId(ids.proxies);
    await userEvent.type(proxies, '\np2');
    await userEvent.click(screen.getByTestId(ids.saveTemplateSettings));
    expect(await screen.findByText(/^Line 2: "p2" is not host:port/)).toBeInTheDocument();
    expect(mock.history.put.filter((r) => r.url === PATHS.defaults)).toHaveLength(0);
  });

  it('the tester sends the editor’s file, the URL, the client address and the hosts, and shows the answer or the error', async () => {
    const { mock } = open();
    mock
      .onPost(PATHS.test)
      .replyOnce(200, {
        result: 'PROXY proxy1.acme.example:8080',
        url: 'https://www.example.com/',
        host: 'www.example.com',
        client_ip: '10.0.0.5',
      })
      .onPost(PATHS.test)
      .replyOnce(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: '"x" is not an IP address.',
        field: 'client_ip',
      });
    await waitFor(() => expect(editorText()).toContain('proxy1'));
    await userEvent.type(screen.getByTestId(ids.testUrl), 'https://www.example.com/');
    await userEvent.type(screen.getByTestId(ids.testClientIp), '10.0.0.5');
    await userEvent.type(screen.getByTestId(ids.testHosts), 'www.example.com = 93.184.216.34');
    await userEvent.click(screen.getByTestId(ids.test));
    expect(await screen.findByTestId(ids.testResult)).toHaveTextContent('PROXY proxy1.acme.example:8080');
    expect(JSON.parse(String(posts(mock, PATHS.test)[0].data))).toEqual({
      url: 'https://www.example.com/',
      client_ip: '10.0.0.5',
      hosts: { 'www.example.com': '93.184.216.34' },
      pac: FILE,
    });
    await userEvent.click(screen.getByTestId(ids.test));
    expect(await screen.findByTestId(ids.testError)).toHaveTextContent(
      'Client IP address: "x" is not an IP address.',
    );
    // A host line that is not "host = address" is said at once, and nothing is sent.
    await userEvent.type(screen.getByTestId(ids.testHosts), '\nnonsense');
    await userEvent.click(screen.getByTestId(ids.test));
    expect(await screen.findByTestId(ids.testError)).toHaveTextContent(/^Line 2: write "host = address"/);
    expect(posts(mock, PATHS.test)).toHaveLength(2);
  });

  it('a reader (the demo auditor) sees the file and may test, with no write control', async () => {
    open('auditor');
    await screen.findByTestId(ids.url);
    expect(screen.getByText(PAC_TEXTS.readOnly)).toBeInTheDocument();
    expect(screen.queryByTestId(ids.save)).not.toBeInTheDocument();
    expect(screen.queryByTestId(ids.loadTemplate)).not.toBeInTheDocument();
    expect(screen.queryByTestId(ids.saveTemplateSettings)).not.toBeInTheDocument();
    expect(screen.getByTestId(ids.proxies)).toBeDisabled();
    expect(screen.getByRole('radio', { name: PAC_TEXTS.v1 })).toBeDisabled();
    expect(screen.getByTestId(ids.test)).toBeEnabled();
  });
});
