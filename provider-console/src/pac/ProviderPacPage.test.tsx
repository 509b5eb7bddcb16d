/** The console's provider PAC page: the file in the shared editor, saved with its parse error shown, tested; support reads and tests. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROVIDER_PAC_PATHS as PATHS, type ProviderPac } from '@workbench/common/api/contract/providerPac';
import { pacSettingsIds } from '@workbench/common/test-ids/pacSettingsIds';
import { providerPacIds as ids } from '@workbench/common/test-ids/providerPacIds';
import { operator, renderConsole, support } from '../testing/renderConsole';

const FILE = 'function FindProxyForURL(url, host) {\n  return "PROXY gw.provider.example:3128; DIRECT";\n}\n';
const saved: ProviderPac = {
  pac: FILE,
  filename: 'provider.pac',
  builtin: false,
  tenants_served: 3,
  updated_at: '2026-11-29T05:00:00.000Z',
  updated_by: 'operator@provider.example',
};
const LINE_ERROR = 'Line 2, column 10: Unexpected token. The PAC file does not parse.';
const editorText = () => screen.getByTestId(pacSettingsIds.editor).textContent ?? '';

test('an operator saves the file: the parse error shows with its line; the saved file shows who and how many tenants', async () => {
  let current: ProviderPac = {
    ...saved,
    builtin: true,
    tenants_served: 0,
    updated_at: null,
    updated_by: null,
  };
  let refuse = true;
  const { mock } = renderConsole('/pac', {
    user: operator,
    stubs: (m) => {
      m.onGet(PATHS.settings).reply(() => [200, current]);
      m.onPut(PATHS.settings).reply(() => {
        if (refuse)
          return [400, { statusCode: 400, error: 'Bad Request', message: LINE_ERROR, field: 'pac' }];
        current = saved;
        return [200, saved];
      });
    },
  });
  expect(await screen.findByTestId(ids.status)).toHaveTextContent('built-in one');
  await waitFor(() => expect(editorText()).toContain('gw.provider.example'));
  await userEvent.click(screen.getByTestId(ids.save));
  expect(await screen.findByTestId(ids.editorError)).toHaveTextContent(LINE_ERROR);
  expect(JSON.parse(String(mock.history.put[0].data))).toEqual({
    pac: FILE,
    filename: 'provider.pac',
    updated_at: null,
  });
  refuse = false;
  await userEvent.click(screen.getByTestId(ids.save));
  await waitFor(() =>
    expect(screen.getByTestId(ids.status)).toHaveTextContent(
      'Saved by operator@provider.example at 2026-11-29 05:00 UTC. 3 tenants are served it now',
    ),
  );
});

test('support reads and tests the file, without a save', async () => {
  const { mock } = renderConsole('/pac', {
    user: support,
    stubs: (m) => {
      m.onGet(PATHS.settings).reply(200, saved);
      m.onPost(PATHS.test).reply(200, {
        result: 'PROXY gw.provider.example:3128; DIRECT',
        url: 'https://www.example.com/',
        host: 'www.example.com',
        client_ip: '10.0.0.5',
      });
    },
  });
  await waitFor(() => expect(editorText()).toContain('gw.provider.example'));
  expect(screen.queryByTestId(ids.save)).toBeNull();
  await userEvent.type(screen.getByTestId(pacSettingsIds.testUrl), 'https://www.example.com/');
  await userEvent.type(screen.getByTestId(pacSettingsIds.testClientIp), '10.0.0.5');
  await userEvent.type(screen.getByTestId(pacSettingsIds.testHosts), 'intranet = 10.1.2.3');
  await userEvent.click(screen.getByTestId(pacSettingsIds.test));
  expect(await screen.findByTestId(pacSettingsIds.testResult)).toHaveTextContent(
    'PROXY gw.provider.example:3128; DIRECT',
  );
  expect(JSON.parse(String(mock.history.post[0].data))).toEqual({
    url: 'https://www.example.com/',
    client_ip: '10.0.0.5',
    hosts: { intranet: '10.1.2.3' },
    pac: FILE,
  });
});
