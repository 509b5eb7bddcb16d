/**
 * The reachability check of a settings item's `validate` (docs/settings.md §2): one HEAD request to
 * the endpoint the item names (an S3 bucket's, an Azure share's), with a time limit. Any HTTP
 * answer but 404 means the endpoint is there (a private bucket answers 403 to an unsigned request);
 * 404 means the bucket or share does not exist; no answer means it cannot be reached.
 *
 * WORKBENCH_STORAGE_ENDPOINT (tests, air-gapped demos) sends the request to a stand-in instead:
 * `<stand-in>/<host><path>`, so the stand-in sees which endpoint was meant. Only the hosts the
 * registry's rows build are ever asked (their names pass the schema's rules first), never a URL a
 * user typed.
 */
import type { SettingsCheck, SettingsEndpoint } from '@workbench/common/api/contract/tenantSettings';

export const PROBE_TIMEOUT_MS = 5000;

export async function probeEndpoint(
  endpoint: SettingsEndpoint,
  standIn: string | null,
): Promise<SettingsCheck> {
  const url = new URL(endpoint.url);
  const target = standIn ? `${standIn.replace(/\/$/, '')}/${url.host}${url.pathname}` : url.href;
  try {
    const answer = await fetch(target, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (answer.status === 404)
      return {
        field: endpoint.notFoundField ?? endpoint.field,
        ok: false,
        message: `${url.href} answered 404 Not Found: no such ${(endpoint.notFoundField ?? endpoint.field).split('.').pop()}.`,
      };
    return { field: endpoint.field, ok: true, message: `${url.host} answered (HTTP ${answer.status}).` };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    return {
      field: endpoint.field,
      ok: false,
      message: `${url.host} could not be reached (${cause}).`,
    };
  }
}
