import { constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress, { type FastifyCompressRouteOptions } from '@fastify/compress';

type RouteCompressOptions = Exclude<FastifyCompressRouteOptions['compress'], false | undefined>;

/**
 * Compression of the API's large JSON answers (the logs block, the report results): a route opts
 * in with `compress: JSON_ANSWER_COMPRESSION` (measured in server/src/events/README.md, "The
 * logs block under load"). Not global: small answers cost more to pack than they save, streamed
 * exports would spend a core on it, and the built apps' assets are compressed by the build
 * (static/staticApps.ts). Request bodies are never inflated (no zip bombs in the API).
 */
export const JSON_ANSWER_COMPRESSION: RouteCompressOptions = {
  // Below this an answer fits in a few TCP packets whatever its encoding.
  threshold: 2048,
  // Chromium and Firefox take both; brotli is smaller at the same CPU (quality 4, text mode).
  encodings: ['br', 'gzip'],
  brotliOptions: {
    params: {
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
    },
  },
  zlibOptions: { level: 5 },
};

/** Registers the compress plugin for the routes that opt in; call it before any route registers. */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: false });
}
