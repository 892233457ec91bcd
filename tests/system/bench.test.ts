/**
 * Keeps the benchmark working: the CI-sized profile runs end to end and prints every
 * figure. Nothing is timed here; the figures are for reading (npm run bench).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('npm run bench on the small profile', () => {
  it('generates, builds, measures the floor, the nightly day and the worker, and prints every figure', () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench/build.ts', '--profile', 'small', '--rounds', '3', '--verify'],
      { encoding: 'utf8', maxBuffer: 1 << 24, timeout: 240_000 },
    );
    for (const figure of [
      'full build',
      'floor (read + serialize once + write)',
      'build / floor',
      '+ hash and gzip every stored byte once',
      'build / (floor + that on the second core)',
      'objects',
      'bytes raw / gzip / brotli',
      'amplification compressed',
      'build peak memory',
      'bytes on disk',
      'brotli twins of whole responses',
      'incremental build (one more day)',
      'objects changed or added',
      'plain object /markets',
      'filters product × market',
      'deep page',
      'search',
    ])
      expect(out, figure).toContain(figure);
    expect(out).toMatch(/profile small: \d+ observations before the incremental day \d{4}-\d{2}-\d{2}/);
    // The nightly day is built incrementally (rows before the boundary taken from the previous output), and equals a full build.
    expect(out).toMatch(/what it took from the previous build +rows before \d{4}-\d{2}-\d{2}; [1-9]\d* objects/);
    expect(out).toMatch(/price rows serialized +\d+ of \d+ = \d+\.\d+ %; the census read \d+/);
    expect(out).toMatch(
      /downloaded from the bucket first +[1-9]\d* directories [\d.]+ MB \+ \d+ partitions [\d.]+ MB \+ build inputs [\d.]+ MB = [\d.]+ MB/,
    );
    expect(out).toContain('yes (manifests byte-identical)');
    // What changed, by kind: a nightly day gives its collections new directories and newest partitions.
    expect(out).toMatch(/ {2}of which +(\w[\w ]* \d+, )*prices directories [1-9]\d*/);
    // Both build processes' memory at once (sampled): measured (a Node process alone holds more than 0.05 GiB), and not
    // above their own peaks summed (plus tsx's esbuild helpers).
    const sum = Number(
      /build peak memory \(main \+ second process\) +\d+\.\d+ GiB \+ \d+\.\d+ GiB ≤ (\d+\.\d+) GiB/.exec(out)![1],
    );
    const together = Number(/both processes at once \(sampled every 50 ms\) +(\d+\.\d+) GiB/.exec(out)![1]);
    expect(together).toBeGreaterThan(0.05);
    expect(together).toBeLessThanOrEqual(sum + 0.05);
    // Every worker query answered through the worker read at most a handful of objects.
    const reads = [...out.matchAll(/(\d+) reads;/g)].map((m) => Number(m[1]));
    expect(reads).toHaveLength(7);
    expect(Math.max(...reads)).toBeLessThanOrEqual(3);
    // The handler's own CPU per query (median / p99 on the build day · median the day after; cold isolate caches), measured and positive.
    const cpu = [...out.matchAll(/ (\d+\.\d+) \/ (\d+\.\d+) · (\d+\.\d+) · \d+ reads; cold (\d+\.\d+);/g)].map((m) =>
      m.slice(1).map(Number),
    );
    expect(cpu).toHaveLength(7);
    for (const [median, p99, dayAfter, cold] of cpu) {
      expect(median).toBeGreaterThan(0);
      expect(p99).toBeGreaterThanOrEqual(median!);
      expect(dayAfter).toBeGreaterThan(0);
      expect(cold).toBeGreaterThan(0);
    }
  }, 300_000);
});
