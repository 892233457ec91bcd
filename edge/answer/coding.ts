/**
 * An assembled answer put in the client's coding once, when the edge keeps it: without this the
 * runtime encodes the kept identity bytes again on every request that repeats it (workerd's
 * CompressionStream has no brotli, so a worker that wants brotli bytes of its own uses the
 * Node-compatible zlib, `nodejs_compat`).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ContentCoding } from '../../core/encodings.ts';

/**
 * Brotli's quality for answers encoded at the edge, once per answer kept: 5 comes within about a
 * tenth of the smallest output (quality 11, the stored twins' default) at about 1 % of its CPU.
 */
const BROTLI_QUALITY = 5;

export function encodeAnswer(bytes: Uint8Array, coding: ContentCoding): Uint8Array {
  if (coding === 'gzip') return new Uint8Array(gzipSync(bytes));
  return new Uint8Array(
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
  );
}
