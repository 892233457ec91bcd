import { describe, expect, it } from 'vitest';
import { FRESHNESS_VALUES, WARNING_CODES } from '../schemas/common.ts';
import { PriceRow } from '../schemas/prices.ts';
import { AVG_PRICE_METHOD_WORDS, FRESHNESS_WORDS, inWords, WARNING_WORDS } from './turkish-words.ts';

describe('the API codes in Turkish words', () => {
  it('has a word for every freshness class, warning and averaging method the API can send', () => {
    expect(Object.keys(FRESHNESS_WORDS).sort()).toEqual([...FRESHNESS_VALUES].sort());
    expect(Object.keys(WARNING_WORDS).sort()).toEqual([...WARNING_CODES].sort());
    for (const method of PriceRow.shape.avgPriceMethod.options) expect(AVG_PRICE_METHOD_WORDS).toHaveProperty(method);
  });

  it('keeps a code it has no word for, and never reads the object prototype', () => {
    expect(inWords(FRESHNESS_WORDS, 'stale')).toBe('güncel değil');
    expect(inWords(WARNING_WORDS, 'new_warning')).toBe('new_warning');
    expect(inWords(WARNING_WORDS, 'constructor')).toBe('constructor');
  });
});
