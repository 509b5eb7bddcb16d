/**
 * Rollouts: the New rollout stepper through its four steps (the preview is the server's dry run)
 * to Start; a failed rollout's detail with its reason and, for operators, Resume and Roll back;
 * support sees the same detail with no button.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ROLLOUTS_PATH,
  ROLLOUT_DEPLOYMENTS_PATH,
  ROLLOUT_PREVIEW_PATH,
  ROLLOUT_TENANTS_PATH,
  rolloutActionPath,
  rolloutPath,
} from '@workbench/common/api/contract/providerRolloutPaths';
import type { Rollout } from '@workbench/common/api/contract/providerRollouts';
import type { PolicyTemplate } from '@workbench/common/api/contract/providerEntities';
import { rolloutCapabilityRowIds, rolloutIds } from '@workbench/common/test-ids/rolloutIds';
import { capabilityMeaning } from '@workbench/common/api/contract/providerCapabilityStates';
import { capabilityStateIds } from '@workbench/common/test-ids/capabilityStateIds';
import { operator, renderConsole, support } from '../testing/renderConsole';

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const failed: Rollout = {
  id: 'r1',
  name: 'Isolation beta',
  change: { kind: 'capabilities', set: { insights: true }, remove: [] },
  target: { tags: ['beta'], deployments: [], sku_ids: [], tids: [] },
  wave_size: 2,
  pause_seconds: 30,
  state: 'failed',
  reason: 'roll-b: The tenant is disabled.',
  waves: 2,
  waves_done: 0,
  counts: { pending: 2, applied: 1, failed: 1, rolled_back: 0 },
  created_at: '2026-11-22T08:00:00.000Z',
  created_by: operator.username,
  started_at: '2026-11-22T08:00:00.000Z',
  ended_at: '2026-11-22T08:00:01.000Z',
  next_wave_at: null,
  tenants: ['a', 'b', 'c', 'd'].map((n, i) => ({
    tid: n,
    name: `roll-${n}`,
    wave: i < 2 ? 1 : 2,
    status: i === 0 ? 'applied' : i === 1 ? 'failed' : 'pending',
    reason: i === 1 ? 'The tenant is disabled.' : null,
    changes: [{ item: 'insights', before: null, after: true }],
    applied_at: i === 0 ? '2026-11-22T08:00:00.500Z' : null,
    rolled_back_at: null,
  })),
};

const TEMPLATES = '/gdmanage/api/v1/templates';
const nightShift: PolicyTemplate = {
  template_id: 'night-shift',
  title: 'Night shift',
  description: 'The block page for the night shift.',
  documents: { 'customization/web': { list: [] } },
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

test('policy templates are the stored ones: the list names a rollout’s by its title; New rollout offers them', async () => {
  const user = userEvent.setup();
  renderConsole('/rollouts', {
    user: operator,
    stubs: (m) => {
      m.onGet(ROLLOUTS_PATH).reply(200, {
        rollouts: [{ ...failed, change: { kind: 'policy_template', template: 'night-shift' } }],
        total: 1,
      });
      m.onGet(TEMPLATES).reply(200, { templates: [nightShift], total: 1 });
      m.onGet(ROLLOUT_TENANTS_PATH).reply(200, { tenants: [] });
      m.onGet(ROLLOUT_DEPLOYMENTS_PATH).reply(200, { deployments: [], default_deployment: 'eu-1' });
      m.onGet('/gdmanage/api/v1/skus').reply(200, { skus: [], total: 0 });
    },
  });
  expect(await screen.findByText('Policy template: Night shift')).toBeTruthy();
  await user.click(screen.getByTestId(rolloutIds.add));
  fireEvent.change(await screen.findByTestId(rolloutIds.changeKind), {
    target: { value: 'policy_template' },
  });
  await user.click(await screen.findByRole('combobox', { name: /Policy template/ }));
  await user.click(await screen.findByRole('option', { name: 'Night shift' }));
  expect(await screen.findByText('The block page for the night shift.')).toBeTruthy();
});

test('the stepper: a capability, tenants by hand, the preview, the waves, then Start', async () => {
  const user = userEvent.setup();
  const { mock } = renderConsole('/rollouts', {
    user: operator,
    stubs: (m) => {
      m.onGet(ROLLOUTS_PATH).reply(200, { rollouts: [], total: 0 });
      m.onGet(ROLLOUT_TENANTS_PATH).reply(200, {
        tenants: ['a', 'b', 'c'].map((n) => ({
          tid: n,
          name: `roll-${n}`,
          status: n === 'c' ? 'disabled' : 'active',
          deployment: 'eu-1',
          tags: ['beta'],
          sku_ids: [],
        })),
      });
      m.onGet(ROLLOUT_DEPLOYMENTS_PATH).reply(200, { deployments: [], default_deployment: 'eu-1' });
      m.onGet('/gdmanage/api/v1/skus').reply(200, { skus: [], total: 0 });
      m.onGet(TEMPLATES).reply(200, { templates: [nightShift], total: 1 });
      m.onPost(ROLLOUT_PREVIEW_PATH).reply(200, {
        tenants: ['a', 'c'].map((n, i) => ({
          tid: n,
          name: `roll-${n}`,
          wave: i + 1,
          changes: [
            { item: 'insights', before: null, after: true },
            { item: 'webmail', before: true, after: null },
          ],
          problem: n === 'c' ? 'The tenant is disabled.' : null,
        })),
      });
      m.onPost(ROLLOUTS_PATH).reply(201, { ...failed, state: 'draft' });
      m.onPost(rolloutActionPath('r1', 'start')).reply(200, { ...failed, state: 'running', reason: null });
      m.onGet(rolloutPath('r1')).reply(200, failed);
    },
  });
  await user.click(await screen.findByTestId(rolloutIds.add));
  // Step 1: a name is required before the next step.
  await user.click(screen.getByTestId(rolloutIds.next));
  expect(await screen.findByText('Required.', { selector: '#rollout-form-name-helper-text' })).toBeTruthy();
  fireEvent.change(screen.getByTestId(rolloutIds.name), { target: { value: 'Isolation beta' } });
  // The capability is picked from the known ones: a made-up name finds none, and is not taken.
  await user.type(screen.getByTestId(rolloutIds.capabilityName), 'not_a_capability');
  expect(await screen.findByText('No options')).toBeTruthy();
  await user.click(screen.getByTestId(rolloutIds.next));
  expect(
    await screen.findByText('Required.', {
      selector: '#rollout-form-capabilities-0-name-helper-text',
    }),
  ).toBeTruthy();
  const pick = async (testId: string, name: string) => {
    await user.clear(screen.getByTestId(testId));
    await user.type(screen.getByTestId(testId), name);
    const option = await screen.findByTestId(`${capabilityStateIds.option}-${name}`);
    // Each option says what the capability gives the tenant.
    expect(option).toHaveTextContent(capabilityMeaning(name) ?? '');
    await user.click(option);
  };
  await pick(rolloutIds.capabilityName, 'insights');
  expect(screen.getByText(capabilityMeaning('insights') ?? '')).toBeTruthy();
  // A second capability in the same rollout: a deprecated one is warned about while it is set.
  await user.click(screen.getByTestId(rolloutCapabilityRowIds.addRow));
  await pick(`${rolloutIds.capabilityName}-1`, 'webmail');
  expect(screen.getByTestId(`${capabilityStateIds.warning}-1`)).toHaveTextContent(
    "The capability 'webmail' is deprecated: Superseded by safemailPolicy.",
  );
  fireEvent.change(screen.getByTestId(`${rolloutIds.capabilityValue}-1`), { target: { value: 'remove' } });
  expect(screen.queryByTestId(`${capabilityStateIds.warning}-1`)).toBeNull();
  await user.click(screen.getByTestId(rolloutIds.next));
  // Step 2: by hand, two tenants; the matching tenants are listed.
  await user.click(await screen.findByTestId(`${rolloutIds.targetBy}-tids`));
  await user.click(screen.getByTestId(`${rolloutIds.targetTenant}-a`));
  await user.click(screen.getByTestId(`${rolloutIds.targetTenant}-c`));
  expect(screen.getByTestId(rolloutIds.targetCount)).toHaveTextContent('2 tenants match: roll-a, roll-c');
  await user.click(screen.getByTestId(rolloutIds.next));
  // Step 3: every tenant's difference, and the one that would fail.
  const row = await screen.findByTestId(`${rolloutIds.previewRow}-c`);
  expect(screen.getByTestId(rolloutCapabilityRowIds.previewChange)).toHaveTextContent(
    'Capabilities insights on, webmail removed',
  );
  expect(row).toHaveTextContent('insights: — → on');
  expect(row).toHaveTextContent('webmail: on → —');
  expect(row).toHaveTextContent('The tenant is disabled.');
  expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({
    change: { kind: 'capabilities', set: { insights: true }, remove: ['webmail'] },
    target: { tags: [], deployments: [], sku_ids: [], tids: ['a', 'c'] },
  });
  await user.click(screen.getByTestId(rolloutIds.next));
  // Step 4: waves of one with a 5 s pause, then Start.
  fireEvent.change(screen.getByTestId(rolloutIds.waveSize), { target: { value: '1' } });
  fireEvent.change(screen.getByTestId(rolloutIds.pauseSeconds), { target: { value: '5' } });
  expect(await screen.findByText(/2 tenants in 2 waves of 1, 5 s between waves/)).toBeTruthy();
  await user.click(screen.getByTestId(rolloutIds.start));
  await waitFor(() =>
    expect(mock.history.post.map((r) => r.url)).toContain(rolloutActionPath('r1', 'start')),
  );
  const created = mock.history.post.find((r) => r.url === ROLLOUTS_PATH);
  expect(JSON.parse(String(created?.data))).toMatchObject({
    name: 'Isolation beta',
    wave_size: 1,
    pause_seconds: 5,
  });
  // The new rollout's detail opens.
  expect(await screen.findByTestId(rolloutIds.detailReason)).toHaveTextContent(
    'roll-b: The tenant is disabled.',
  );
});

test("a failed rollout's detail: the reason per tenant; operators resume, support only reads", async () => {
  const user = userEvent.setup();
  const first = renderConsole('/rollouts?rollout=r1', {
    user: operator,
    stubs: (m) => {
      m.onGet(rolloutPath('r1')).reply(200, failed);
      m.onPost(rolloutActionPath('r1', 'resume')).reply(200, { ...failed, state: 'completed', reason: null });
    },
  });
  expect(await screen.findByTestId(rolloutIds.detailState)).toHaveTextContent('Failed');
  expect(screen.getByTestId(`${rolloutIds.tenantStatus}-b`)).toHaveTextContent('Failed');
  expect(screen.getByTestId(`${rolloutIds.tenantReason}-b`)).toHaveTextContent('The tenant is disabled.');
  expect(screen.getByTestId(rolloutIds.rollback)).toBeEnabled();
  await user.click(screen.getByTestId(rolloutIds.resume));
  await waitFor(() => expect(screen.getByTestId(rolloutIds.detailState)).toHaveTextContent('Completed'));
  first.unmount();

  renderConsole('/rollouts?rollout=r1', {
    user: support,
    stubs: (m) => m.onGet(rolloutPath('r1')).reply(200, failed),
  });
  expect(await screen.findByTestId(rolloutIds.detailReason)).toBeTruthy();
  for (const id of [rolloutIds.resume, rolloutIds.rollback, rolloutIds.stop, rolloutIds.add])
    expect(screen.queryByTestId(id)).toBeNull();
});
