import { describe, expect, it } from 'vitest';
import { LineArena } from './line-arena.ts';

describe('line arena', () => {
  it('gives back the UTF-8 bytes of held lines, joined by newlines', () => {
    const arena = new LineArena();
    const a = arena.add('{"cityName":"Şanlıurfa"}');
    arena.hold(a);
    const b = arena.add('{"productName":"Çarliston biber"}');
    arena.hold(b);
    expect(arena.join([b, a]).toString('utf8')).toBe('{"productName":"Çarliston biber"}\n{"cityName":"Şanlıurfa"}\n');
  });

  it('frees a full slab once no partition holds its lines, and keeps one that is still held', () => {
    const arena = new LineArena();
    const line = 'x'.repeat(60_000);
    const kept = arena.add(line);
    arena.hold(kept);
    const released: number[] = [];
    // ~560 lines of 60 KB fill a 32 MB slab: 1,200 lines open three slabs.
    for (let i = 0; i < 1200; i++) {
      const ref = arena.add(line);
      arena.hold(ref);
      released.push(ref);
      if (released.length === 100) arena.join(released.splice(0));
    }
    // the first slab (held by `kept`) and the current one are alive; the second was freed
    expect(arena.liveBytes).toBe(2 * (32 << 20));
    expect(arena.join([kept]).byteLength).toBe(60_001);
  });

  it('moves long-held lines out of old slabs when too many are alive, so the old slabs are freed', () => {
    const arena = new LineArena({ maxLiveSlabs: 4, keepSlabs: 1 });
    const slab = 32 << 20;
    // Two holders share one line of each slab (kept), every other line is written and released.
    const kept: number[] = [];
    const other: number[] = [];
    let compactions = 0;
    for (let i = 0; i < 8 * 559; i++) {
      const ref = arena.add(`${String(i).padStart(6, '0')}${'z'.repeat(59_994)}`);
      arena.hold(ref);
      if (i % 559 === 0) {
        arena.hold(ref);
        kept.push(ref);
        other.push(ref);
      } else arena.join([ref]);
      if (arena.crowded) {
        const pass = arena.compaction();
        for (const list of [kept, other]) for (let k = 0; k < list.length; k++) list[k] = pass.move(list[k]!);
        pass.done();
        compactions++;
      }
    }
    expect(compactions).toBeGreaterThan(0);
    // Without moving, the 8 pinned slabs would all be alive.
    expect(arena.liveBytes).toBeLessThanOrEqual(4 * slab);
    // Both holders still read every kept line, and share the moved copy.
    expect(kept).toEqual(other);
    const lines = arena.join(kept).toString('utf8').trimEnd().split('\n');
    expect(lines.map((l) => l.slice(0, 6))).toEqual([
      '000000',
      '000559',
      '001118',
      '001677',
      '002236',
      '002795',
      '003354',
      '003913',
    ]);
    expect(lines.every((l) => l.length === 60_000)).toBe(true);
  });

  it('refuses a line it cannot address instead of cutting it', () => {
    expect(() => new LineArena().add('y'.repeat(70_000))).toThrow(/70000 bytes/);
  });
});
