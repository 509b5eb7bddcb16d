/**
 * CRASH TEST (real server child process, SIGKILL; ~20–30 s): policy publishes killed in flight.
 * A client stages a note into each revision and publishes it, over and over; the server is killed
 * mid-loop. After a restart the revision is whole: the published history ends at the current
 * rev_id with each revision's own note, the staged state matches staged_rev_id, and every publish
 * the client saw answered is there (issue 10, crash tests; publish is one transaction). And the
 * audit trail holds exactly one "published" event per published revision, no more, no fewer: the
 * event is written in the publish's transaction (the outbox) and delivered once after the restart
 * (issue 38).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { POLICY_PATHS, type Revision } from '@workbench/common/api/contract/policy';
import { policyDocPath } from '@workbench/common/api/contract/policyKinds';
import {
  CHILD_TEST_TIMEOUT_MS,
  crashDataDirPerTest,
  outboxDrained,
  signInAdmin,
  startChildServer,
  storedAuditEvents,
} from './childServer';

const PASSWORD = 'crash-test-password';
const ENV = { WORKBENCH_DEMO_PASSWORD: PASSWORD, WORKBENCH_DEMO_EVENTS: '0' };
/** Publishes answered before the kill. */
const PUBLISHES_BEFORE_KILL = 15;

jest.setTimeout(CHILD_TEST_TIMEOUT_MS);

const dataDir = crashDataDirPerTest('publish');

const noteOf = (rev: number) => `note of revision ${rev}`;

test('a publish killed in flight leaves the revision whole: published or still staged, never half', async () => {
  const first = await startChildServer(dataDir(), ENV);
  const admin = await signInAdmin(first, PASSWORD);
  const published: number[] = [];
  let killed = false;

  // Stage and publish in a tight loop; the kill comes while the loop runs.
  let failure: unknown;
  const loop = (async () => {
    while (!killed) {
      try {
        const current = (await (await admin.call('GET', POLICY_PATHS.rules)).json()) as Revision;
        // The note goes into the staged revision: the next one after a publish.
        const rev = current.state === 'staged' ? current.staged_rev_id : current.rev_id + 1;
        const staged = await admin.call('PUT', policyDocPath('portal_note', current.staged_rev_id), {
          rev_id: current.rev_id,
          state: current.state,
          updated_at: current.updated_at,
          data: { note: noteOf(rev) },
        });
        if (staged.status !== 200) throw new Error(`staging answered ${staged.status}`);
        const publish = await admin.call('POST', POLICY_PATHS.publish(rev));
        if (publish.status === 200) published.push(rev);
        else throw new Error(`publish answered ${publish.status}`);
      } catch (error) {
        if (!killed) failure = error;
        return;
      }
    }
  })();
  while (published.length < PUBLISHES_BEFORE_KILL && failure === undefined) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(failure).toBeUndefined();
  // The next publish is in flight (or about to be) when the process dies.
  killed = true;
  await first.kill();
  await loop;

  const second = await startChildServer(dataDir(), ENV);
  const current = (await (
    await (await signInAdmin(second, PASSWORD)).call('GET', POLICY_PATHS.rules)
  ).json()) as Revision;
  // The restart delivers what the killed server owed the event store.
  await outboxDrained(dataDir());
  await second.stop();

  const db = new Database(path.join(dataDir(), 'config.sqlite'), { readonly: true });
  try {
    const tid = (db.prepare("SELECT tid FROM tenants WHERE name = 'acme'").get() as { tid: string }).tid;
    // Revision 1 is the first start's (the initial policy); the loop's publishes follow it.
    const history = db
      .prepare('SELECT rev_id, note FROM published_revisions WHERE tid = ? AND rev_id > 1 ORDER BY rev_id')
      .all(tid) as { rev_id: number; note: string | null }[];
    // Every answered publish is there; the history is contiguous up to the current revision.
    expect(history.map((h) => h.rev_id)).toEqual(Array.from({ length: current.rev_id - 1 }, (_, i) => i + 2));
    expect(current.rev_id).toBeGreaterThanOrEqual(Math.max(...published));
    for (const h of history) expect(h.note).toBe(noteOf(h.rev_id));
    // The state matches the staged id: staged means the next revision with its note saved.
    if (current.state === 'staged') {
      expect(current.staged_rev_id).toBe(current.rev_id + 1);
      const doc = db
        .prepare("SELECT data FROM policy_docs WHERE tid = ? AND kind = 'portal_note' AND rev_id = ?")
        .get(tid, current.staged_rev_id) as { data: string } | undefined;
      expect(doc && (JSON.parse(doc.data) as { note: string }).note).toBe(noteOf(current.staged_rev_id));
    } else {
      expect(current.staged_rev_id).toBe(current.rev_id);
    }
    // One "published" event per published revision (each saved only the note: one area).
    const publishEvents = (await storedAuditEvents(dataDir(), tid)).filter(
      (e) => e.fields.audit_action === 'published' && e.fields.object !== 'revision 1',
    );
    expect(publishEvents.map((e) => e.fields.object).sort()).toEqual(
      history.map((h) => `revision ${h.rev_id}`).sort(),
    );
  } finally {
    db.close();
  }
});
