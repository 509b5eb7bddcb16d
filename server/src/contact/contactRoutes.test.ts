/**
 * The contact form over real HTTP against a real server in a temp dir (issue 34 point 7): a message
 * is validated (400 naming the field, nothing stored), stored and audited, limited per account (429
 * with Retry-After, free again an hour on); the provider console lists the messages per tenant and
 * status, and only an operator marks one answered (audited with before and after).
 */
import {
  CONTACT_FORM_PATH,
  CONTACT_MESSAGES_PATHS,
  CONTACT_RATE_LIMIT,
  contactRateLimited,
  type ContactMessage,
  type ContactMessageList,
} from '@workbench/common/api/contract/contactForm';
import { PROVIDER_AUDIT_PATH } from '@workbench/common/api/contract/providerAudit';
import { startAuditedTestServer, type AuditedTestServer } from '../testing/auditedTestServer';
import {
  signIn,
  signInOperator,
  type OperatorSignedIn,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';

jest.setTimeout(120_000);

let audited: AuditedTestServer;
let server: TestServer;
let acme: SignedIn;
let auditor: SignedIn;
let globex: SignedIn;
let operator: OperatorSignedIn;
let support: OperatorSignedIn;

beforeAll(async () => {
  audited = await startAuditedTestServer('contact-form-');
  server = audited.server;
  acme = await signIn(server, 'admin@acme.example');
  auditor = await signIn(server, 'auditor@acme.example');
  globex = await signIn(server, 'admin@globex.example');
  operator = await signInOperator(server, 'operator@provider.example');
  support = await signInOperator(server, 'support@provider.example');
});
afterAll(() => audited.close());

const MESSAGE = {
  topic: 'support',
  subject: 'Isolated pages load slowly',
  message: 'Since Monday pages take ten seconds to show.',
  reply_to: 'admin@acme.example',
};
const send = (who: SignedIn, body: unknown) =>
  server.call(CONTACT_FORM_PATH, { method: 'POST', jar: who.jar, body });
async function listed(query = '', who: OperatorSignedIn = operator): Promise<ContactMessageList> {
  const r = await server.call(`${CONTACT_MESSAGES_PATHS.list}${query}`, { jar: who.jar });
  expect(r.status).toBe(200);
  return (await r.json()) as ContactMessageList;
}

describe('sending a message', () => {
  test('bad input is refused naming the field, and nothing is stored', async () => {
    const before = (await listed()).total;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...MESSAGE, subject: '' }, 'subject'],
      [{ ...MESSAGE, subject: '   ' }, 'subject'],
      [{ ...MESSAGE, message: 'x'.repeat(5001) }, 'message'],
      [{ ...MESSAGE, topic: 'complaint' }, 'topic'],
      [{ ...MESSAGE, reply_to: 'not an address' }, 'reply_to'],
      [{ topic: 'support', subject: 'a' }, 'message'],
      [{ ...MESSAGE, priority: 'urgent' }, 'priority'],
    ];
    for (const [body, field] of cases) {
      const r = await send(globex, body);
      expect(r.status).toBe(400);
      expect(((await r.json()) as { field: string }).field).toBe(field);
    }
    expect((await listed()).total).toBe(before);
  });

  test('a message is stored as sent, audited, and listed in the console under its tenant as new', async () => {
    const r = await send(globex, { ...MESSAGE, reply_to: 'admin@globex.example', subject: '  Hello  ' });
    expect(r.status).toBe(201);
    const sent = (await r.json()) as ContactMessage;
    expect(sent).toMatchObject({
      topic: 'support',
      subject: 'Hello',
      message: MESSAGE.message,
      reply_to: 'admin@globex.example',
      sent_by: 'admin@globex.example',
      tenant_name: expect.stringMatching(/globex/i),
      status: 'new',
      answered_by: null,
    });
    expect(sent).not.toHaveProperty('sent_by_uid');

    const ofGlobex = await listed(`?tenant=${sent.tid}`);
    expect(ofGlobex.messages.map((m) => m.id)).toContain(sent.id);
    expect(ofGlobex.messages.every((m) => m.tid === sent.tid)).toBe(true);
    const event = (await audited.auditEvents(globex.jar)).find(
      (e) => e.sub_event_type === 'contact_form' && e.object === 'Hello',
    );
    expect(event).toMatchObject({ audit_action: 'create', userid: 'admin@globex.example' });
    expect(JSON.parse(event?.after ?? '{}')).toMatchObject({ id: sent.id, subject: 'Hello' });
  });

  test('every signed-in administrator may write, a read-only one too; an API token may not', async () => {
    const { reply_to: _none, ...withoutReplyTo } = MESSAGE;
    const r0 = await send(auditor, withoutReplyTo);
    expect(r0.status).toBe(201);
    // Without a reply-to address, support answers the account's sign-in address.
    expect(((await r0.json()) as ContactMessage).reply_to).toBe('auditor@acme.example');
    const r = await server.call(CONTACT_FORM_PATH, {
      method: 'POST',
      body: MESSAGE,
      headers: { authorization: 'Bearer wbt_not-a-token' },
    });
    expect(r.status).toBe(401);
    expect((await server.call(CONTACT_FORM_PATH, { method: 'POST', body: MESSAGE })).status).toBe(401);
  });

  test(`at most ${CONTACT_RATE_LIMIT.max} per account and hour: then 429 with Retry-After; another account is not held back`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await send(acme, { ...MESSAGE, subject: `Message ${i}` })).status).toBe(201);
      server.clock.advance(60_000);
    }
    const before = (await listed()).total;
    const refused = await send(acme, MESSAGE);
    expect(refused.status).toBe(429);
    // The first of the five went 5 minutes ago: free again in 55 minutes.
    expect(refused.headers.get('retry-after')).toBe(String(55 * 60));
    expect(((await refused.json()) as { message: string }).message).toBe(contactRateLimited(55));
    expect((await listed()).total).toBe(before);
    expect((await send(globex, { ...MESSAGE, reply_to: 'admin@globex.example' })).status).toBe(201);

    server.clock.advance(55 * 60_000);
    expect((await send(acme, { ...MESSAGE, subject: 'After the hour' })).status).toBe(201);
  });
});

describe('the provider console', () => {
  // The hour the rate limit waited out ended the operators' sessions.
  beforeAll(async () => {
    operator = await signInOperator(server, 'operator@provider.example');
    support = await signInOperator(server, 'support@provider.example');
    acme = await signIn(server, 'admin@acme.example');
  });
  test("lists by tenant and status; a tenant's session reaches none of it", async () => {
    const all = await listed('?limit=200');
    const tids = new Set(all.messages.map((m) => m.tid));
    expect(tids.size).toBe(2);
    for (const tid of tids) {
      const one = await listed(`?tenant=${tid}&limit=200`);
      expect(one.total).toBe(all.messages.filter((m) => m.tid === tid).length);
    }
    const answered = await listed('?status=answered');
    expect(answered.messages.every((m) => m.status === 'answered')).toBe(true);
    expect(answered.total + (await listed('?status=new')).total).toBe(all.total);
    expect(
      (await server.call(`${CONTACT_MESSAGES_PATHS.list}?status=maybe`, { jar: operator.jar })).status,
    ).toBe(400);
    // Newest first.
    const times = all.messages.map((m) => m.sent_at);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await server.call(CONTACT_MESSAGES_PATHS.list, { jar: acme.jar })).status).toBe(401);
    // Support reads.
    expect((await listed('', support)).total).toBe(all.total);
  });

  test('an operator marks a message answered (audited with before and after); support may not', async () => {
    const [message] = (await listed('?status=new')).messages;
    const mark = (who: OperatorSignedIn, status: unknown, id = message.id) =>
      server.call(CONTACT_MESSAGES_PATHS.status(id), { method: 'PUT', jar: who.jar, body: { status } });

    expect((await mark(support, 'answered')).status).toBe(403);
    const bad = await mark(operator, 'done');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field: string }).field).toBe('status');
    expect((await mark(operator, 'answered', 'no-such-message')).status).toBe(404);
    const answeredBefore = (await listed('?status=answered')).messages.map((m) => m.id);
    expect(answeredBefore).not.toContain(message.id);

    const r = await mark(operator, 'answered');
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      id: message.id,
      status: 'answered',
      answered_by: 'operator@provider.example',
      answered_at: server.clock.now().toISOString(),
    });
    expect((await listed('?status=answered')).messages.map((m) => m.id).sort()).toEqual(
      [...answeredBefore, message.id].sort(),
    );

    server.clock.advance(1000);
    const trail = await server.call(`${PROVIDER_AUDIT_PATH}?limit=200`, { jar: operator.jar });
    expect(trail.status).toBe(200);
    const events = ((await trail.json()) as { events: Array<Record<string, unknown>> }).events;
    const event = events.find((e) => e.area === 'contact_form');
    expect(event).toMatchObject({
      action: 'update',
      actor: 'operator@provider.example',
      tenant: message.tid,
    });
    expect(JSON.parse(String(event?.before))).toMatchObject({ id: message.id, status: 'new' });
    expect(JSON.parse(String(event?.after))).toMatchObject({ id: message.id, status: 'answered' });
  });
});
