import { browser } from '@wdio/globals';
import { XSRF_COOKIE, XSRF_HEADER } from '@workbench/common/api/contract/wire';

/**
 * Discards whatever policy changes are staged, through the API with the signed-in browser's
 * session (POST /api/policy/v1/rules/{rev}/discard). The specs share one server: a spec that
 * stages changes calls it when it ends, and a spec that needs a published-only revision calls it
 * when it starts, so no spec depends on the order they run in.
 */
export async function discardStagedPolicy(): Promise<void> {
  const status = await browser.execute(
    async (xsrfCookie: string, xsrfHeader: string) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${xsrfCookie}=`))
          ?.split('=')[1] ?? '',
      );
      const revision = await (await fetch(`/api/policy/v1/rules?timestamp=${Date.now()}`)).json();
      if (revision.state !== 'staged') return 200;
      const r = await fetch(`/api/policy/v1/rules/${revision.staged_rev_id}/discard`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [xsrfHeader]: xsrf },
        body: JSON.stringify({
          rev_id: revision.rev_id,
          state: revision.state,
          updated_at: revision.updated_at,
        }),
      });
      return r.status;
    },
    XSRF_COOKIE,
    XSRF_HEADER,
  );
  if (status !== 200) throw new Error(`Discarding the staged policy answered HTTP ${status}.`);
}

/**
 * Turns the tenant's two-person approval of publishes on or off through the API
 * (PUT /api/settings/v1/tenants/policy_approval), with the signed-in browser's session. A spec
 * that turns it on turns it off when it ends: the specs share one server.
 */
export async function setPublishApproval(on: boolean): Promise<void> {
  const status = await browser.execute(
    async (xsrfCookie: string, xsrfHeader: string, value: boolean) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${xsrfCookie}=`))
          ?.split('=')[1] ?? '',
      );
      const r = await fetch('/api/settings/v1/tenants/policy_approval', {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [xsrfHeader]: xsrf },
        body: JSON.stringify({ two_person_approval: value }),
      });
      return r.status;
    },
    XSRF_COOKIE,
    XSRF_HEADER,
    on,
  );
  if (status !== 200) throw new Error(`Setting the publish approval answered HTTP ${status}.`);
}
