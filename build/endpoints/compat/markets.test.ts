import { describe, expect, it } from 'vitest';
import { marketId, nameBasedUuid } from './markets.ts';

describe('market ids', () => {
  it('are RFC 9562 version 5 UUIDs (the RFC example: www.example.com in the DNS namespace)', () => {
    expect(nameBasedUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('depend on the slug alone: the same in every build, different per market', () => {
    expect(marketId('izmir-sebze-meyve')).toBe(marketId('izmir-sebze-meyve'));
    expect(marketId('izmir-sebze-meyve')).not.toBe(marketId('izmir-balik'));
    expect(marketId('izmir-sebze-meyve')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
