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
  // Up to this size the answer is packed in one synchronous call on the request's thread. The
  // plugin's default on 2 cores is 8 KiB, which sent a block of 100 web events (~80 KiB) through
  // a zlib stream on libuv's pool: the stream, its pipeline and its chunked writes cost ~4 ms of
  // CPU per block, ten times the packing itself (server/src/events/README.md, "The logs block
  // under load"). Larger answers (blocks of up to 1,000 events, big report results) still stream.
  syncThreshold: 256 * 1024,
  // Chromium and Firefox take both; brotli is smaller at the same CPU. Quality 3 and gzip level 3:
  // on a block of 100 web events (~80 KiB) brotli 4 → 3 costs 0.41 → 0.23 ms for 8,443 → 8,988
  // bytes, gzip 5 → 3 0.30 → 0.11 ms for 8,882 → 9,924 bytes (same README section): the server's
  // CPU is what limits a block under load, not the few hundred bytes.
  encodings: ['br', 'gzip'],
  brotliOptions: {
    params: {
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_QUALITY]: 3,
    },
  },
  zlibOptions: { level: 3 },
};

/** Registers the compress plugin for the routes that opt in; call it before any route registers. */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: false });
}
