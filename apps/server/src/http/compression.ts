import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * API answers of 1 kB and more (lists, candles, order books) compressed by the caller's Accept-Encoding, brotli
 * first (issue 18). Only JSON: the built apps' files come precompressed from the build (modules/system/static.ts),
 * and event streams must reach the browser as they are written, not when a compressor's buffer fills.
 * Brotli at quality 4 compresses a list about as well as gzip -9 in a fraction of quality 11's time.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
