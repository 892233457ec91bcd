/** Content digests of the Node side (store, build, publisher), synchronous; the worker's are in core/digest.ts. */
import { createHash } from 'node:crypto';
import { etagOfSha256 } from './digest.ts';

export const sha256HexSync = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

/** The ETag of core/digest.ts `etagOf`, computed at once. */
export const etagOfSync = (bytes: Uint8Array | string): string => etagOfSha256(sha256HexSync(bytes));
