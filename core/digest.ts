/** Content digests of the Node side (store, build, publisher): the worker never hashes. */
import { createHash } from 'node:crypto';

export const sha256Hex = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

/** A strong ETag: the first 128 bits of the identity bytes' SHA-256. */
export const etagOf = (bytes: Uint8Array | string): string => `"${sha256Hex(bytes).slice(0, 32)}"`;
