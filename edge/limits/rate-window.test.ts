import { describe, expect, it } from 'vitest';
import { admit, type RateWindow } from './rate-window.ts';

/** `count` requests at the given moments (ms) from an empty window; the verdicts and the last window. */
function run(moments: number[], limit = 3, windowSeconds = 60) {
  let window: RateWindow | undefined;
  return moments.map((now) => {
    const step = admit(window, now, limit, windowSeconds);
    window = step.window;
    return { ...step.verdict, window };
  });
}

describe('fixed windows from the first request', () => {
  it('admits `limit` requests, then refuses until the window ends', () => {
    const v = run([0, 1_000, 2_000, 3_000, 59_999]);
    expect(v.map((x) => x.allowed)).toEqual([true, true, true, false, false]);
    expect(v.map((x) => x.remaining)).toEqual([2, 1, 0, 0, 0]);
    expect(v.map((x) => x.reset)).toEqual([60, 59, 58, 57, 1]);
  });

  it('refused requests never extend the window: the next one after it is admitted', () => {
    const v = run([0, 1, 2, 30_000, 59_000, 60_000]);
    expect(v.map((x) => x.allowed)).toEqual([true, true, true, false, false, true]);
    expect(v[5]).toMatchObject({ remaining: 2, reset: 60, window: { ends: 120_000, count: 1 } });
  });

  it('a window that ended starts afresh at the next request, not at the old boundary', () => {
    const v = run([0, 150_000, 150_500]);
    expect(v[1]!.window).toEqual({ ends: 210_000, count: 1 });
    expect(v[2]).toMatchObject({ remaining: 1, reset: 60 });
  });

  it('a refused request leaves the stored window as it was (nothing to write)', () => {
    const full = { ends: 60_000, count: 3 };
    expect(admit(full, 10_000, 3, 60).window).toBe(full);
  });
});
