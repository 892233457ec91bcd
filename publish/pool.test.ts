import { describe, expect, it } from 'vitest';
import { limiter } from './pool.ts';

/** A call that finishes when the test says so. */
function gated() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}

describe('limiter', () => {
  it('runs at most `limit` calls at once, and starts the waiting ones first come, first served', async () => {
    const gate = limiter(2);
    const gates = [gated(), gated(), gated(), gated()];
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const calls = gates.map((g, i) =>
      gate(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await g.done;
        running--;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    // A place handed to a waiting call is not a free place: a newcomer still waits.
    const late = gated();
    calls.push(gate(async () => (started.push(4), await late.done, 4)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const g of [...gates, late]) g.open();
    expect(await Promise.all(calls)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('a call that fails gives its place to the next', async () => {
    const gate = limiter(1);
    const failing = gate(async () => Promise.reject(new Error('reset')));
    const next = gate(async () => 'ran');
    await expect(failing).rejects.toThrow('reset');
    expect(await next).toBe('ran');
    expect(await gate(async () => 'and the one after')).toBe('and the one after');
  });
});
