import { describe, expect, it } from 'vitest';
import { countRequest, type QuotaCount } from './quota-window.ts';

const plan = { daily: 3, burst: 2 };
const DAY = '2026-11-26';

/** `n` requests at `at` ms each, threading the count. */
function run(times: number[], start?: QuotaCount, day = DAY, limits = plan) {
  let count = start;
  return times.map((at) => {
    const step = countRequest(count, at, day, 1000, limits);
    if (step.count) count = step.count;
    return { ...step.verdict, count };
  });
}

describe('a key quota step', () => {
  it('admits the burst, then waits to the end of the minute window', () => {
    const [a, b, c] = run([0, 10_000, 20_500]);
    expect([a!.allowed, b!.allowed, c!.allowed]).toEqual([true, true, false]);
    expect([a!.remaining, b!.remaining, c!.remaining]).toEqual([2, 1, 1]);
    expect(c!.exceeded).toBe('burst');
    expect(c!.retryAfter).toBe(40);
    expect(c!.count).toEqual(b!.count);
  });

  it('opens a new minute at its end, and stops at the daily quota until the day changes', () => {
    const steps = run([0, 1, 60_000, 60_001]);
    expect(steps.map((s) => s.allowed)).toEqual([true, true, true, false]);
    expect(steps[3]!.exceeded).toBe('daily');
    expect(steps[3]!.retryAfter).toBe(1000);
    expect(steps[3]!.remaining).toBe(0);
    const nextDay = countRequest(steps[2]!.count, 200_000, '2026-11-27', 1000, plan);
    expect(nextDay.verdict).toMatchObject({ allowed: true, remaining: 2, exceeded: null });
    expect(nextDay.count).toMatchObject({ day: '2026-11-27', used: 1 });
  });

  it('a lowered plan never shows a negative remainder; a plan of 0 a day admits nothing', () => {
    const used: QuotaCount = { day: DAY, used: 5, burstEnds: 0, burstUsed: 0 };
    expect(countRequest(used, 10, DAY, 1, plan).verdict).toMatchObject({ allowed: false, remaining: 0 });
    expect(countRequest(undefined, 10, DAY, 1, { daily: 0, burst: 5 })).toMatchObject({
      verdict: { allowed: false, exceeded: 'daily' },
      count: null,
    });
  });
});
