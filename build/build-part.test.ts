/** The build's second process: its failure fails the build, and a failing build stops it. */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alongsideHistoryAndEvidence } from './build-part.ts';

const childrenWriting = (outDir: string) =>
  readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((pid) => {
      try {
        return (
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(outDir) &&
          !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z')
        );
      } catch {
        return false;
      }
    });

describe('history and evidence in a second process', () => {
  it("a store the child cannot open fails the build with the child's error", () => {
    const outDir = mkdtempSync(join(tmpdir(), 'hal-part-'));
    expect(() =>
      alongsideHistoryAndEvidence(join(outDir, 'missing', 'hal.sqlite'), outDir, '2026-11-21', () => 1),
    ).toThrow(/^history and evidence: .*directory does not exist/s);
  });

  it('a failing main part stops the child before it writes into the output', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'hal-part-'));
    expect(() =>
      alongsideHistoryAndEvidence(join(outDir, 'hal.sqlite'), outDir, '2026-11-21', () => {
        expect(childrenWriting(outDir)).toHaveLength(1);
        throw new Error('price collections failed');
      }),
    ).toThrow('price collections failed');
    // The child needs ~1 s to start (tsx, the model); stopped, it is gone at once.
    const until = Date.now() + 200;
    while (childrenWriting(outDir).length && Date.now() < until)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    expect(childrenWriting(outDir)).toEqual([]);
  });
});
