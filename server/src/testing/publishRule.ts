/**
 * A tenant administrator's publish as the portal makes it (docs/policy.md: read the rules, save
 * a kind into the staged revision, publish it with a comment), written from that text: the
 * revision-window suites publish at known times with it.
 */
import type { CookieJar, TestServer } from './testServer';

/** Saves one web category rule (block `category`) into the staged revision and publishes it. */
export async function publishCategoryBlock(
  server: Pick<TestServer, 'call'>,
  jar: CookieJar,
  comment: string,
  category: number,
): Promise<void> {
  const rev = (await (await server.call('/api/policy/v1/rules', { jar })).json()) as {
    rev_id: number;
    staged_rev_id: number;
    state: string;
    updated_at: string;
  };
  const saved = await server.call(`/api/policy/v1/rules/cats/${rev.staged_rev_id}`, {
    method: 'PUT',
    jar,
    body: {
      rev_id: rev.rev_id,
      state: rev.state,
      updated_at: rev.updated_at,
      data: { list: [{ category_id: category, action: 'block' }] },
    },
  });
  if (saved.status !== 200) throw new Error(`saving cats failed: ${saved.status} ${await saved.text()}`);
  const staged = (await (await server.call('/api/policy/v1/rules', { jar })).json()) as {
    staged_rev_id: number;
    updated_at: string;
  };
  const published = await server.call(`/api/policy/v1/rules/${staged.staged_rev_id}`, {
    method: 'POST',
    jar,
    body: { updated_at: staged.updated_at, comment },
  });
  if (published.status !== 200)
    throw new Error(`publishing failed: ${published.status} ${await published.text()}`);
}
