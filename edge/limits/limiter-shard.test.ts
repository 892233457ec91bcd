import { describe, expect, it } from 'vitest';
import { shardOf } from './limiter-shard.ts';

describe('shardOf', () => {
  it('is stable: the same address always falls to the same object', () => {
    expect(shardOf('192.0.2.10', 64)).toBe(shardOf('192.0.2.10', 64));
    expect(shardOf('widget:192.0.2.10', 64)).toBe(shardOf('widget:192.0.2.10', 64));
  });

  it('spreads addresses over every object, none far above its share', () => {
    const counts = new Array<number>(64).fill(0);
    for (let i = 0; i < 64_000; i++) counts[shardOf(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, 64)]!++;
    for (const c of counts) {
      expect(c).toBeGreaterThan(700);
      expect(c).toBeLessThan(1_300);
    }
    const v6 = new Set(Array.from({ length: 2_000 }, (_, i) => shardOf(`2001:db8::${i.toString(16)}`, 64)));
    expect(v6.size).toBe(64);
  });
});
