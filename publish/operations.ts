/**
 * The bucket operations a publication makes, by kind, counted around whatever bucket it is given
 * (an S3-compatible endpoint or an R2 binding): one per request, a listing one per page of 1,000
 * keys and a delete one per batch of 1,000, as S3 and R2 serve and bill them. Retries are not
 * operations of their own here (the bucket's `stats` counts them).
 */
import type { ObjectBucket } from './bucket.ts';

const OPERATION_KINDS = ['put', 'copy', 'head', 'get', 'list', 'delete'] as const;
export type Operations = Record<(typeof OPERATION_KINDS)[number], number>;

const PAGE = 1000;

export const noOperations = (): Operations => ({ put: 0, copy: 0, head: 0, get: 0, list: 0, delete: 0 });

/** `inner` with every operation asked of it counted into `operations`. */
export function countOperations(inner: ObjectBucket): { bucket: ObjectBucket; operations: Operations } {
  const operations = noOperations();
  const bucket: ObjectBucket = {
    stats: inner.stats,
    put: (input) => (operations.put++, inner.put(input)),
    copy: (from, to) => (operations.copy++, inner.copy(from, to)),
    head: (key) => (operations.head++, inner.head(key)),
    get: (key) => (operations.get++, inner.get(key)),
    getStored: (key) => (operations.get++, inner.getStored(key)),
    getJson: <T>(key: string) => (operations.get++, inner.getJson<T>(key)),
    list: async (prefix) => {
      const listed = await inner.list(prefix);
      operations.list += Math.max(1, Math.ceil(listed.objects.length / PAGE));
      return listed;
    },
    delete: (keys) => ((operations.delete += Math.ceil(keys.length / PAGE)), inner.delete(keys)),
  };
  return { bucket, operations };
}

/** `put 3 · copy 0 · head 3 · get 2 · list 1 · delete 0 · 9 in all` */
export function describeOperations(operations: Operations): string {
  const all = OPERATION_KINDS.reduce((n, k) => n + operations[k], 0);
  return `${OPERATION_KINDS.map((k) => `${k} ${operations[k]}`).join(' · ')} · ${all} in all`;
}
