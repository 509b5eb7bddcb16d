/** Which extensions the server serves (contract/extensions.ts, docs/api.md). */
import type { HttpClient } from './http';
import { SKIP_403_HEADER } from './contract/wire';
import { ApiCallError } from './ApiCallError';
import {
  EXTENSIONS_PATHS,
  extensionsOf,
  type ExtensionId,
  type ExtensionsReply,
} from './contract/extensions';

/**
 * The world's extensions the server lists, known to this client (an id it does not know is of a
 * newer server: it has no control to show for it). A backend without the listing (404, or a 403
 * for a path it does not know) serves none; other failures reject.
 */
export async function listExtensions(http: HttpClient, world: 'tenant' | 'provider'): Promise<ExtensionId[]> {
  try {
    const r = await http.get<ExtensionsReply>(EXTENSIONS_PATHS[world], {
      callName: 'listExtensions',
      headers: { [SKIP_403_HEADER]: '1' },
    });
    const listed = new Set(Array.isArray(r.data?.extensions) ? r.data.extensions : []);
    return extensionsOf(world).filter((id) => listed.has(id));
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 403)) return [];
    throw error;
  }
}
