/**
 * The bucket as a killed runner leaves it: the first `afterPuts` objects are written, then nothing
 * more is asked of it (every call, whatever its kind, fails as a dead process's would never return).
 * What reached the bucket stays there, as it does when a GitHub runner is cancelled mid-upload.
 */
import type { ObjectBucket } from '../../publish/bucket.ts';

class RunnerKilled extends Error {
  constructor(afterPuts: number) {
    super(`the runner was killed after ${afterPuts} objects were written (a replay fault)`);
  }
}

export function killedAfter(inner: ObjectBucket, afterPuts: number): ObjectBucket {
  let puts = 0;
  const alive = () => {
    if (puts >= afterPuts) throw new RunnerKilled(afterPuts);
  };
  const guarded =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      alive();
      return call(...args);
    };
  return {
    stats: inner.stats,
    put: async (input) => {
      alive();
      puts++;
      return inner.put(input);
    },
    copy: guarded((from, to) => inner.copy(from, to)),
    head: guarded((key) => inner.head(key)),
    get: guarded((key) => inner.get(key)),
    getStored: guarded((key) => inner.getStored(key)),
    getJson: async <T>(key: string) => {
      alive();
      return inner.getJson<T>(key);
    },
    list: guarded((prefix) => inner.list(prefix)),
    delete: guarded((keys) => inner.delete(keys)),
  };
}
