import { browser } from '@wdio/globals';
import { rolloutIds } from '@workbench/common/test-ids/rolloutIds';
import { PROVIDER_XSRF_COOKIE, XSRF_HEADER } from '@workbench/common/api/contract/wire';
import { byTestId } from './testId';

/** The provider console's Rollouts page: the list, the New rollout stepper and a rollout's detail. */
export class RolloutsPage {
  readonly ids = rolloutIds;
  get root() {
    return byTestId(rolloutIds.page);
  }
  get newButton() {
    return byTestId(rolloutIds.add);
  }
  get dialog() {
    return byTestId(rolloutIds.dialog);
  }
  get next() {
    return byTestId(rolloutIds.next);
  }
  get start() {
    return byTestId(rolloutIds.start);
  }
  get detailState() {
    return byTestId(rolloutIds.detailState);
  }
  get detailReason() {
    return byTestId(rolloutIds.detailReason);
  }
  tenantStatus(tid: string) {
    return byTestId(`${rolloutIds.tenantStatus}-${tid}`);
  }
  tenantReason(tid: string) {
    return byTestId(`${rolloutIds.tenantReason}-${tid}`);
  }

  async waitForDisplayed(): Promise<void> {
    await this.root.waitForDisplayed({ timeoutMsg: 'The Rollouts page did not show.' });
  }

  /** Waits until the detail's state is `state` (the page polls the running rollout every second). */
  async waitForState(state: string, timeout = 20_000): Promise<void> {
    await browser.waitUntil(async () => (await this.detailState.getAttribute('data-state')) === state, {
      timeout,
      timeoutMsg: `The rollout did not become ${state}.`,
    });
  }

  async waitForTenantStatus(tid: string, status: string, timeout = 20_000): Promise<void> {
    await browser.waitUntil(
      async () => (await this.tenantStatus(tid).getAttribute('data-status')) === status,
      {
        timeout,
        timeoutMsg: `The tenant ${tid} did not become ${status}.`,
      },
    );
  }

  /** Replaces a text field's value (select all, type). */
  async fill(testId: string, value: string): Promise<void> {
    const input = byTestId(testId);
    await input.click();
    await browser.keys(['Control', 'a']);
    await browser.keys('Delete');
    await input.setValue(value);
  }
}

export const rolloutsPage = new RolloutsPage();

/**
 * A provider API call with the signed-in operator's browser session (the gd_sid cookie and the
 * xsrf token of its session): answers the status and the JSON body.
 */
export async function providerApi<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const reply = await browser.execute(
    async (m: string, p: string, b: string | null, xsrfCookie: string, xsrfHeader: string) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${xsrfCookie}=`))
          ?.split('=')[1] ?? '',
      );
      const r = await fetch(p, {
        method: m,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [xsrfHeader]: xsrf },
        body: b ?? undefined,
      });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : null };
    },
    method,
    path,
    body === undefined ? null : JSON.stringify(body),
    PROVIDER_XSRF_COOKIE,
    XSRF_HEADER,
  );
  return reply as unknown as { status: number; body: T };
}
