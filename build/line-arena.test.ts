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

  it('refuses a line it cannot address instead of cutting it', () => {
    expect(() => new LineArena().add('y'.repeat(70_000))).toThrow(/70000 bytes/);
  });
});
