/**
 * CRASH TEST (real server child processes, SIGKILL; ~20–30 s): the user database's bulk create
 * killed while requests are in flight. After a restart each request's rows are all there or all
 * absent, and nothing saved before (answered 200) is lost (issue 10). The audit trail holds
 * exactly one "Imported 500 users" event per committed batch, no more, no fewer: written in the
 * batch's transaction (the outbox), delivered once after the restart (issue 38).
 */
import {
  UDB_BULK_LIMIT,
  UDB_PATHS,
  type BulkCreateReply,
  type UserListReply,
} from '@workbench/common/api/contract/udb';
import { DEMO_END_USERS } from '../udb/seedEndUsers';
import {
  CHILD_TEST_TIMEOUT_MS,
  signInAdmin,
  startChildServer,
  crashDataDirPerTest,
  outboxDrained,
  storedAuditEvents,
  tenantIdOf,
  type SignedInClient,
} from './childServer';

const PASSWORD = 'crash-test-password';
const ENV = { WORKBENCH_DEMO_PASSWORD: PASSWORD, WORKBENCH_DEMO_EVENTS: '0' };
/**
 * Bulk calls sent at once: the kill comes when the first is answered, with the others in flight.
 * Sixteen: with eight, a loaded machine (CI beside the browser suite) once answered all of them
 * before this process got to the kill.
 */
const IN_FLIGHT = 16;

jest.setTimeout(CHILD_TEST_TIMEOUT_MS);

const dataDir = crashDataDirPerTest('udb');

/** A full bulk call's rows; `tag` appears in every username, so a search finds exactly them. */
function rows(tag: string): Record<string, unknown>[] {
  return Array.from({ length: UDB_BULK_LIMIT }, (_, i) => ({
    username: `${tag}.user${i}@acme.example`,
    first_name: `First${i}`,
    last_name: tag,
    email: `${tag}.user${i}@acme.example`,
    groups: ['Imported', `Batch ${tag}`],
  }));
}

async function countTagged(admin: SignedInClient, tag: string): Promise<number> {
  const reply = await admin.call('GET', `${UDB_PATHS.users}?search=${encodeURIComponent(`${tag}.`)}&limit=1`);
  expect(reply.status).toBe(200);
  return ((await reply.json()) as UserListReply).total;
}

test('bulk user creates killed in flight (SIGKILL): after a restart each is all in or all out, nothing saved before is lost', async () => {
  const first = await startChildServer(dataDir(), ENV);
  const admin = await signInAdmin(first, PASSWORD);
  const saved = await admin.call('POST', UDB_PATHS.bulkCreate, { user_list: rows('saved') });
  expect(saved.status).toBe(200);
  expect(((await saved.json()) as BulkCreateReply).created).toBe(UDB_BULK_LIMIT);

  const tags = Array.from({ length: IN_FLIGHT }, (_, k) => `inflight${k}`);
  let firstAnswer: () => void = () => undefined;
  const someAnswered = new Promise<void>((resolve) => (firstAnswer = resolve));
  const calls = tags.map(async (tag) => {
    try {
      const reply = await admin.call('POST', UDB_PATHS.bulkCreate, { user_list: rows(tag) });
      const created = reply.status === 200 ? ((await reply.json()) as BulkCreateReply).created : null;
      return { tag, status: reply.status, created };
    } catch {
      return { tag, status: 'cut off' as const, created: null };
    } finally {
      firstAnswer();
    }
  });
  // The first answer means the server is working through the others: kill it there.
  await someAnswered;
  await first.kill();
  const outcomes = await Promise.all(calls);
  const answered = new Set(outcomes.filter((o) => o.status === 200).map((o) => o.tag));
  for (const outcome of outcomes) {
    if (outcome.status !== 'cut off')
      expect(outcome).toEqual({ ...outcome, status: 200, created: UDB_BULK_LIMIT });
  }
  // The kill cut calls off (their connection closed unanswered): the crash was mid-import.
  expect(answered.size).toBeGreaterThan(0);
  expect(answered.size).toBeLessThan(IN_FLIGHT);

  const second = await startChildServer(dataDir(), ENV);
  const after = await signInAdmin(second, PASSWORD);
  expect(await countTagged(after, 'saved')).toBe(UDB_BULK_LIMIT);
  let kept = 0;
  for (const tag of tags) {
    const count = await countTagged(after, tag);
    expect({ tag, whole: count === 0 || count === UDB_BULK_LIMIT }).toEqual({ tag, whole: true });
    if (answered.has(tag)) expect({ tag, count }).toEqual({ tag, count: UDB_BULK_LIMIT });
    if (count > 0) kept += 1;
  }
  const all = (await (await after.call('GET', `${UDB_PATHS.users}?limit=1`)).json()) as UserListReply;
  expect(all.total).toBe(DEMO_END_USERS.acme + UDB_BULK_LIMIT * (1 + kept));
  // The restart delivers what the killed server owed the event store.
  await outboxDrained(dataDir());
  await second.stop();
  const imports = (await storedAuditEvents(dataDir(), tenantIdOf(dataDir(), 'acme'))).filter(
    (e) => e.fields.audit_action === 'add_user' && String(e.fields.details).startsWith('Imported '),
  );
  expect(imports.map((e) => e.fields.details)).toEqual(
    Array.from({ length: 1 + kept }, () => `Imported ${UDB_BULK_LIMIT} users.`),
  );
});
