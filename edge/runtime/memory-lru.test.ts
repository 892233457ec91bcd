import { describe, expect, it } from 'vitest';
import { MemoryLru } from './memory-lru.ts';

describe('MemoryLru', () => {
  it('drops the least recently used entries once over its bytes, never the one just read', () => {
    const lru = new MemoryLru<string>(30, 30);
    lru.set('a', 'A', 10);
    lru.set('b', 'B', 10);
    lru.set('c', 'C', 10);
    expect(lru.get('a')).toBe('A');
    lru.set('d', 'D', 10);
    expect(lru.get('b')).toBeUndefined();
    expect([lru.get('a'), lru.get('c'), lru.get('d')]).toEqual(['A', 'C', 'D']);
  });

  it('counts a replaced entry once', () => {
    const lru = new MemoryLru<string>(20, 20);
    lru.set('a', 'A1', 10);
    lru.set('a', 'A2', 10);
    lru.set('b', 'B', 10);
    expect([lru.get('a'), lru.get('b')]).toEqual(['A2', 'B']);
  });

  it('does not keep an entry larger than its entry bound', () => {
    const lru = new MemoryLru<string>(100, 40);
    lru.set('small', 's', 10);
    lru.set('large', 'l', 41);
    expect(lru.get('large')).toBeUndefined();
    expect(lru.get('small')).toBe('s');
  });
});
