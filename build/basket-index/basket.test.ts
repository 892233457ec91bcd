import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../sources/catalogue.ts';
import { BASKET, memberVariants } from './basket.ts';

const variants = [...loadCatalogue().variants.values()];

describe('the basket', () => {
  it('has the 15 products of issue 8, each with catalogue variants in its own unit', () => {
    expect(BASKET.map((m) => m.slug)).toEqual([
      'domates',
      'biber-sivri',
      'patlican',
      'salatalik',
      'patates',
      'sogan-kuru',
      'havuc',
      'marul-kivircik',
      'kabak',
      'brokoli-genel',
      'elma',
      'portakal',
      'limon',
      'uzum',
      'muz-yerli',
    ]);
    for (const m of BASKET) {
      const slugs = memberVariants(m, variants);
      expect(slugs.length, m.slug).toBeGreaterThan(0);
      for (const s of slugs) expect(variants.find((v) => v.slug === s)!.unit, s).toBe(m.unit);
    }
  });

  it("a family member takes the family's variants in its unit only; a variant member only itself", () => {
    const limon = memberVariants(BASKET.find((m) => m.slug === 'limon')!, variants);
    expect(limon).toContain('limon-lamas');
    expect(limon).not.toContain('limon-sandik'); // sold by the crate
    expect(limon).not.toContain('limon-otu-genel'); // another family
    expect(memberVariants(BASKET.find((m) => m.slug === 'biber-sivri')!, variants)).toEqual(['biber-sivri']);
    expect(memberVariants(BASKET.find((m) => m.slug === 'marul-kivircik')!, variants)).toEqual(['marul-kivircik']);
  });
});
