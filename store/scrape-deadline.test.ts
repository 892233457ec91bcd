/**
 * A night where every source hangs: the real client and every real adapter against a server
 * that never answers, with the real timeout, pauses and deadline divided by a scale. One source
 * after another that night would take 26 × (4 × 30 s + 1 + 2 + 4 s) = 55 min (computed below
 * from the client's defaults); four at a time it is measured and scaled back, within the
 * deadline. A deadline that passes mid-run aborts the sources under way, records the ones not
 * started, and nothing is requested after it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DeadlinePassed, RUN_DEFAULTS } from './scrape.ts';
import { HTTP_DEFAULTS } from '../sources/lib/http.ts';
import { ADAPTERS } from '../sources/registry.ts';
import { runNight, seededStore } from '../tests/support/scrape-nights.ts';

const ENABLED = ADAPTERS.filter((a) => a.definition.enabled && a.collect);
/** One hanging source with the real values: four timeouts and the pauses between them. */
const PER_SOURCE_MS =
  (HTTP_DEFAULTS.retries + 1) * HTTP_DEFAULTS.timeoutMs + HTTP_DEFAULTS.backoffMs * (2 ** HTTP_DEFAULTS.retries - 1);
const scaled = (scale: number) => ({
  timeoutMs: HTTP_DEFAULTS.timeoutMs / scale,
  backoffMs: HTTP_DEFAULTS.backoffMs / scale,
});
const hangingNight = (scale: number, deadlineMs: number) =>
  runNight(seededStore(), {
    adapters: ADAPTERS,
    day: '2026-07-23',
    answer: () => ({ fault: 'hang' }),
    http: scaled(scale),
    limits: { deadlineMs },
  });
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
const figures: string[] = [];
afterAll(() => console.log(figures.join('\n')));

describe('a night where every source hangs', () => {
  it(`runs ${RUN_DEFAULTS.concurrency} sources at a time: ceil(sources / ${RUN_DEFAULTS.concurrency}) rounds of four attempts, within the deadline`, async () => {
    const scale = 250;
    const oneAfterAnother = ENABLED.length * PER_SOURCE_MS;
    const rounds = Math.ceil(ENABLED.length / RUN_DEFAULTS.concurrency);
    expect(rounds * PER_SOURCE_MS).toBeLessThan(RUN_DEFAULTS.deadlineMs);
    // The deadline here is the old duration, so that a busy machine cannot make the test fail.
    const night = await hangingNight(scale, oneAfterAnother / scale);
    const enabled = night.reports.filter((r) => r.outcome !== 'disabled');
    expect(enabled).toHaveLength(ENABLED.length);
    expect(enabled.every((r) => r.outcome === 'unreachable' && r.message.startsWith('network error'))).toBe(true);
    expect(night.ms * scale).toBeGreaterThanOrEqual(rounds * PER_SOURCE_MS);
    expect(night.ms * scale).toBeLessThan(oneAfterAnother / 2);
    figures.push(
      `one after another: ${ENABLED.length} sources × ${PER_SOURCE_MS / 1000} s = ${minutes(oneAfterAnother)} (computed)`,
      `${RUN_DEFAULTS.concurrency} at a time: ${rounds} rounds × ${PER_SOURCE_MS / 1000} s = ${minutes(rounds * PER_SOURCE_MS)} computed; measured ${Math.round(night.ms)} ms at 1/${scale} = ${minutes(night.ms * scale)}; deadline ${minutes(RUN_DEFAULTS.deadlineMs)}`,
    );
  });

  it('a deadline that passes mid-run: the sources under way are aborted, the others recorded as not started', async () => {
    const scale = 1000;
    const deadlineMs = Math.round((2.5 * PER_SOURCE_MS) / scale);
    const night = await hangingNight(scale, deadlineMs);
    const requestsAtEnd = night.requests.length;
    await new Promise((resolve) => setTimeout(resolve, (4 * HTTP_DEFAULTS.timeoutMs) / scale));
    expect(night.requests.length).toBe(requestsAtEnd);
    const said = new DeadlinePassed(deadlineMs).message;
    const count = (message: (m: string) => boolean) =>
      night.reports.filter((r) => r.outcome === 'unreachable' && message(r.message)).length;
    const before = count((m) => m.startsWith('network error'));
    const aborted = count((m) => m === `${said}: collection aborted`);
    const notStarted = count((m) => m === `${said}: not started`);
    expect(night.reports).toHaveLength(ADAPTERS.length);
    expect(aborted).toBe(RUN_DEFAULTS.concurrency);
    expect(before + aborted + notStarted).toBe(ENABLED.length);
    expect(notStarted).toBeGreaterThan(0);
    expect(night.ms).toBeLessThan(deadlineMs + 500);
    figures.push(
      `a deadline of ${deadlineMs} ms (1/${scale}): run over after ${Math.round(night.ms)} ms; ${before} unreachable before it, ${aborted} aborted, ${notStarted} not started`,
    );
  });
});
