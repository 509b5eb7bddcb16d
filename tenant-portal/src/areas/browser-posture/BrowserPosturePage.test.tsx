/**
 * The Browser Posture Manager against a fake server (docs/browser-posture.md): the empty state says
 * what to do first; a .reg upload goes as multipart and its mapped and unknown settings are said;
 * the server's refusal of a file shows its line; the editor's typed control changes a setting and
 * saves the list with the updatedAt read; an assessment's score, trend, re-assess and review; a
 * reader sees no write controls.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { componentIds } from '@workbench/common';
import {
  BROWSER_POSTURE_PATHS as PATHS,
  SETTING_DEFINITIONS,
  type Assessment,
  type ConfigPolicy,
} from '@workbench/common/api/contract/browser-posture/browserPosture';
import { browserPostureIds as ids } from '@workbench/common/test-ids/browserPostureIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { BRW_TEXTS } from './browserPostureTexts';

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

afterEach(resetPortalEnv);

const CAPS = { rbac: true, browser_posture: true };
const policy: ConfigPolicy = {
  id: 'p1',
  name: 'Office Chrome',
  description: '',
  browser: 'chrome',
  platform: 'windows',
  settings: [
    { name: 'SSLVersionMin', value: 'tls1' },
    { name: 'SitePerProcess', value: true },
  ],
  unknownSettings: [{ name: 'SomeFuturePolicy', value: 1, line: 9 }],
  uploadedFile: { filename: 'office.reg', format: 'registry', size: 300 },
  createdBy: 'admin@acme.example',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedBy: 'admin@acme.example',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const assessment: Assessment = {
  id: 'a1',
  configPolicyId: 'p1',
  configPolicyName: 'Office Chrome',
  benchmarkPolicyId: 'chrome-security-baseline',
  benchmarkPolicyName: 'Chrome security baseline',
  browser: 'chrome',
  score: 60,
  passed: 6,
  failed: 1,
  notConfigured: 3,
  results: [
    {
      ruleId: 'tls-min',
      setting: 'SSLVersionMin',
      comparator: 'equal',
      expected: ['tls1.2'],
      actual: 'tls1',
      status: 'fail',
      rationale: '',
    },
  ],
  assessedAt: '2026-11-20T11:00:00.000Z',
  assessedBy: 'admin@acme.example',
  history: [
    { assessedAt: '2026-11-20T10:30:00.000Z', assessedBy: 'admin@acme.example', score: 30 },
    { assessedAt: '2026-11-20T11:00:00.000Z', assessedBy: 'admin@acme.example', score: 60 },
  ],
  trend: 30,
  reviewStatus: 'unreviewed',
  reviewedBy: null,
  reviewedAt: null,
  reviewComment: '',
};
const chrome = SETTING_DEFINITIONS.filter((d) => d.browser === 'chrome');

const stubs = (policies: ConfigPolicy[]) => (m: MockAdapter) => {
  m.onGet(PATHS.configPolicies).reply(200, { configPolicies: policies });
  m.onGet(PATHS.settingDefinitions).reply(200, { definitions: chrome, total: chrome.length });
  m.onGet(PATHS.assessments).reply(200, { assessments: [assessment] });
};
const open = (policies: ConfigPolicy[], role: 'admin' | 'auditor' = 'admin') =>
  renderPortal({ path: '/browser-management', user: demoUser(role, CAPS), stubs: stubs(policies) });

describe('Browser Posture Manager (browser-management)', () => {
  it('says what to do first; a .reg upload goes as multipart and says what was mapped and what is unknown', async () => {
    const { mock } = open([]);
    expect(await screen.findByTestId(ids.empty)).toHaveTextContent(BRW_TEXTS.policiesEmpty);
    mock.onPost(PATHS.configPolicies).reply(201, policy);
    const file = new File(['Windows Registry Editor Version 5.00\r\n'], 'office.reg', { type: '' });
    await userEvent.upload(screen.getByTestId(componentIds.uploadInput), file);
    const result = await screen.findByTestId(ids.uploadResult);
    expect(result).toHaveTextContent('Office Chrome: 2 settings mapped onto the catalogue');
    expect(result).toHaveTextContent('SomeFuturePolicy (line 9)');
    const sent = mock.history.post.find((r) => r.url === PATHS.configPolicies)?.data as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get('file') as File).name).toBe('office.reg');
    expect(sent.get('browser')).toBe('chrome');
  });

  it('a file the server cannot read shows its line', async () => {
    const { mock } = open([]);
    await screen.findByTestId(ids.empty);
    const message =
      'The policy file was not read: line 6: SSLVersionMin takes one of "tls1", "tls1.1", "tls1.2".';
    mock
      .onPost(PATHS.configPolicies)
      .reply(400, { statusCode: 400, error: 'Bad Request', message, field: 'file' });
    await userEvent.upload(
      screen.getByTestId(componentIds.uploadInput),
      new File(['x'], 'bad.reg', { type: '' }),
    );
    expect(await screen.findByTestId(ids.uploadError)).toHaveTextContent('line 6');
  });

  it('the editor changes a setting with its typed control and saves the list with the updatedAt read; a refused value shows under it', async () => {
    const { mock } = open([policy]);
    await userEvent.click(await screen.findByTestId(`${ids.editPolicy}-Office Chrome`));
    const editor = await screen.findByTestId(ids.editor);
    // SSLVersionMin is an enum: a select of its allowed values.
    await userEvent.click(within(editor).getByRole('combobox', { name: 'Value' }));
    await userEvent.click(await screen.findByRole('option', { name: 'TLS 1.2 (tls1.2)' }));
    mock.onPatch(PATHS.configPolicies).replyOnce(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'SitePerProcess takes true or false.',
      field: 'settings.1.value',
    });
    await userEvent.click(screen.getByTestId(ids.editorSave));
    // Under the setting the server named (settings.1.value), not above the form.
    expect(await within(editor).findByText(/^SitePerProcess takes true or false\./)).toBeInTheDocument();
    expect(screen.queryByTestId(ids.editorError)).not.toBeInTheDocument();
    expect(JSON.parse(String(mock.history.patch[0].data))).toEqual({
      id: 'p1',
      name: 'Office Chrome',
      platform: 'windows',
      settings: [
        { name: 'SSLVersionMin', value: 'tls1.2' },
        { name: 'SitePerProcess', value: true },
      ],
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    mock.onPatch(PATHS.configPolicies).replyOnce(200, policy);
    await userEvent.click(screen.getByTestId(ids.editorSave));
    await waitFor(() => expect(screen.queryByTestId(ids.editor)).not.toBeInTheDocument());
  });

  it('assessments show the score, the trend and the rules; re-assess and the review status are sent', async () => {
    const { mock } = open([policy]);
    await userEvent.click(await screen.findByTestId(`${ids.tab}-assessments`));
    expect(await screen.findByTestId(`${ids.score}-a1`)).toHaveTextContent('60%');
    expect(screen.getByTestId(`${ids.trend}-a1`)).toHaveTextContent('▲ +30');
    mock.onPost(`${PATHS.configPolicies}/reassess/a1`).reply(200, assessment);
    await userEvent.click(screen.getByTestId(`${ids.reassess}-a1`));
    await waitFor(() =>
      expect(mock.history.post.some((r) => r.url === `${PATHS.configPolicies}/reassess/a1`)).toBe(true),
    );
    mock
      .onPut(`${PATHS.configPolicies}/assessments/a1/reviewStatus`)
      .reply(200, { ...assessment, reviewStatus: 'reviewed' });
    await userEvent.click(
      within(screen.getByTestId(ids.assessmentsTable)).getByRole('combobox', { name: 'Review' }),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Reviewed' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put[0].data))).toEqual({ reviewStatus: 'reviewed' });
  });

  it('a reader sees the policies without write controls', async () => {
    open([policy], 'auditor');
    expect(await screen.findByText(BRW_TEXTS.readOnly)).toBeInTheDocument();
    expect(screen.queryByTestId(ids.upload)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.deletePolicy}-Office Chrome`)).not.toBeInTheDocument();
    expect(screen.getByTestId(`${ids.editPolicy}-Office Chrome`)).toHaveTextContent('View');
  });
});
