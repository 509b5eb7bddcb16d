/**
 * A NUL character (U+0000) in a path parameter or a query string value is refused with a 400
 * naming the parameter, before validation and the handler: no name or id of this API holds one,
 * and PostgreSQL's text cannot (it answered such a lookup with an error, a 500, where SQLite
 * found nothing: the request fuzzer's `%00` on the scaled topology, issue 16). One answer on
 * both engines.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiHttpError } from './errors';

export const nulCharacterMessage = (field: string): string => `${field} must not contain a NUL character.`;

function nulField(values: unknown): string | null {
  if (typeof values !== 'object' || values === null) return null;
  for (const [name, value] of Object.entries(values)) {
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((t) => typeof t === 'string' && t.includes('\u0000'))) return name;
  }
  return null;
}

export function installNulRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const field = nulField(request.params) ?? nulField(request.query);
    if (field !== null) throw new ApiHttpError(400, nulCharacterMessage(field), field);
  });
}
