import { describe, expect, it } from 'vitest';
import { fold } from '../core/turkish.ts';
import {
  buildCatalogue,
  loadCatalogue,
  similarity,
  trigrams,
  TRIGRAM_THRESHOLD,
  type Alias,
  type Category,
  type Product,
  type Variant,
} from './catalogue.ts';
import { izmirArchive } from './izmir/archive.ts';
import { normaliseUnit } from './lib/units.ts';

const catalogue = loadCatalogue();

let printedNames: { name: string; unit: string }[] | undefined;
/** Every distinct (printed name, normalised unit) of all real İzmir files, parsed by the real parsers. */
function izmirPrintedNames(): { name: string; unit: string }[] {
  if (printedNames) return printedNames;
  const pairs = new Map<string, { name: string; unit: string }>();
  for (const archived of izmirArchive()) {
    const doc = archived.parser.parse(archived);
    for (const row of doc.rows) {
      const unit = normaliseUnit(row.unit).unit;
      pairs.set(`${row.name}|${unit}`, { name: row.name, unit });
    }
  }
  printedNames = [...pairs.values()];
  return printedNames;
}

describe('the catalogue data', () => {
  it('loads from data/catalogue', () => {
    expect(catalogue.categories.map((c) => c.slug)).toEqual(['balik', 'meyve', 'sebze']);
    expect(catalogue.products.length).toBeGreaterThan(0);
    expect(catalogue.variants.find((v) => v.slug === 'biber-sivri')).toEqual({
      slug: 'biber-sivri',
      product: 'biber',
      name: 'Biber Sivri',
      unit: 'kg',
    });
  });

  it('keeps alias keys in folded form with a normalised unit, so they can match', () => {
    for (const a of catalogue.aliases) {
      expect(fold(a.matchKey), a.matchKey).toBe(a.matchKey);
      expect(normaliseUnit(a.unit).unit, a.matchKey).toBe(a.unit);
    }
  });
});

describe('every İzmir printed name resolves', () => {
  // 247 distinct (name, unit) pairs, counted independently with a Python pass over the files
  // (year CSVs split on `;`, the 2024 dump split on `,`, the 2025 report decoded with iconv and
  // split in halves, the 2026 dump with csv.DictReader; units KG/kg, ADET/adet, BAĞ/bağ
  // lower-cased). The 2024 dump alone prints two of them: DOMATES AYAŞ and SALATALIK DİĞER (kg).
  it('finds the 247 distinct (printed name, unit) pairs of 2014–2026', () => {
    expect(izmirPrintedNames()).toHaveLength(247);
  });

  it('links all of them to a variant by exact or seed, none unmatched', () => {
    const names = izmirPrintedNames();
    const unmatched = names.filter((n) => catalogue.match('izmir', n.name, n.unit) === null);
    expect(unmatched).toEqual([]);
    const methods = new Set(names.map((n) => catalogue.match('izmir', n.name, n.unit)!.method));
    expect([...methods].sort()).toEqual(['exact', 'seed']);
  });

  it('uses every İzmir alias row (an alias nothing prints is a typo or dead data)', () => {
    const names = izmirPrintedNames();
    const used = new Set(names.map((n) => `${fold(n.name)}|${n.unit}`));
    const unused = catalogue.aliases.filter((a) => a.source === 'izmir' && !used.has(`${a.matchKey}|${a.unit}`));
    expect(unused).toEqual([]);
  });

  it('links only to variants of the printed unit', () => {
    const names = izmirPrintedNames();
    const unitOf = new Map(catalogue.variants.map((v) => [v.slug, v.unit]));
    for (const n of names) expect(unitOf.get(catalogue.match('izmir', n.name, n.unit)!.variant), n.name).toBe(n.unit);
  });
});

describe('catalogue.match', () => {
  it('links BİBER  SİVRİ (2025) and BIBER  SIVRI (2014) to biber-sivri by exact name', () => {
    expect(catalogue.match('izmir', 'BİBER  SİVRİ', 'kg')).toEqual({
      variant: 'biber-sivri',
      method: 'exact',
      confidence: 1,
    });
    expect(catalogue.match('izmir', 'BIBER  SIVRI', 'kg')).toEqual({
      variant: 'biber-sivri',
      method: 'exact',
      confidence: 1,
    });
  });

  it('links Y.MAYDONOZ by bağ to a maydanoz variant through a seed alias', () => {
    const match = catalogue.match('izmir', 'Y.MAYDONOZ', 'bağ');
    expect(match).toEqual({ variant: 'maydanoz-genel', method: 'seed', confidence: null, reviewedAt: null });
    expect(catalogue.variants.find((v) => v.slug === match!.variant)!.product).toBe('maydanoz');
  });

  it('links SEMIZ OTU by kg and by adet to two different variants', () => {
    expect(catalogue.match('izmir', 'SEMIZ OTU', 'kg')).toEqual({
      variant: 'semizotu-genel',
      method: 'seed',
      confidence: null,
      reviewedAt: null,
    });
    expect(catalogue.match('izmir', 'SEMIZ OTU', 'adet')).toEqual({
      variant: 'semizotu-adet',
      method: 'seed',
      confidence: null,
      reviewedAt: null,
    });
  });

  it('does not link a name under another unit; another source reaches a reviewed alias only by trigram', () => {
    expect(catalogue.match('izmir', 'BİBER  SİVRİ', 'adet')).toBeNull();
    expect(catalogue.match('bursa', 'Y.MAYDONOZ', 'bağ')).toEqual({
      variant: 'maydanoz-genel',
      method: 'trigram',
      confidence: 1,
    });
    expect(catalogue.match('izmir', 'Biber Sivri', 'kg')).toEqual({
      variant: 'biber-sivri',
      method: 'exact',
      confidence: 1,
    });
    expect(catalogue.match('izmir', 'PAPAYA', 'kg')).toBeNull();
  });
});

describe('trigram links', () => {
  it('links a near spelling above the threshold with its similarity as confidence', () => {
    const m = catalogue.match('ankara', 'DOMATES SALKİM', 'kg');
    expect(m).toEqual({ variant: 'domates-salkim', method: 'exact', confidence: 1 });
    const near = catalogue.match('ankara', 'Domates Salkım (Yerli)', 'kg');
    expect(near?.method).toBe('trigram');
    expect(near?.variant).toBe('domates-salkim');
    expect(near!.confidence!).toBeGreaterThanOrEqual(TRIGRAM_THRESHOLD);
    expect(near!.confidence!).toBeLessThan(1);
  });

  it('never links below the threshold or when two variants are close', () => {
    expect(catalogue.match('ankara', 'Hünnap Kurusu Paket', 'kg')).toBeNull();
    // "Domates Karışık" is as close to domates salkım as to the plain variant: no clear winner, no link.
    expect(catalogue.match('ankara', 'Domates Karışık', 'kg')).toBeNull();
  });

  it('measures similarity like pg_trgm', () => {
    expect(similarity(trigrams('domates'), trigrams('domates'))).toBe(1);
    expect(similarity(trigrams('elma'), trigrams('armut'))).toBe(0);
    expect([...trigrams('kar')]).toEqual(['  k', ' ka', 'kar', 'ar ']);
  });
});

describe('buildCatalogue refuses inconsistent data', () => {
  const categories: Category[] = [{ slug: 'sebze', name: 'Sebze' }];
  const products: Product[] = [
    { slug: 'biber', name: 'Biber', category: 'sebze' },
    { slug: 'semizotu', name: 'Semizotu', category: 'sebze' },
  ];
  const variants: Variant[] = [
    { slug: 'biber-sivri', product: 'biber', name: 'Biber Sivri', unit: 'kg' },
    { slug: 'semizotu-genel', product: 'semizotu', name: 'Semizotu', unit: 'kg' },
    { slug: 'semizotu-adet', product: 'semizotu', name: 'Semizotu', unit: 'adet' },
  ];
  const aliases: Alias[] = [
    { source: 'izmir', matchKey: 'semiz otu', unit: 'kg', variant: 'semizotu-genel', note: 'spelling' },
  ];

  it('builds the consistent data (the same name under two units is two variants)', () => {
    const built = buildCatalogue(categories, products, variants, aliases);
    expect(built.match('izmir', 'SEMIZ OTU', 'kg')).toEqual({
      variant: 'semizotu-genel',
      method: 'seed',
      confidence: null,
      reviewedAt: null,
    });
    expect(built.match('izmir', 'SEMİZOTU', 'adet')).toEqual({
      variant: 'semizotu-adet',
      method: 'exact',
      confidence: 1,
    });
  });

  it('throws on a variant whose slug is a product slug', () => {
    const clash = [...variants, { slug: 'biber', product: 'biber', name: 'Biber', unit: 'kg' }];
    expect(() => buildCatalogue(categories, products, clash, aliases)).toThrow(
      "variant biber has a product family's slug",
    );
  });

  it('throws on an alias to an unknown variant', () => {
    const dangling = [
      ...aliases,
      { source: 'izmir', matchKey: 'y maydonoz', unit: 'bağ', variant: 'maydanoz-genel', note: '' },
    ];
    expect(() => buildCatalogue(categories, products, variants, dangling)).toThrow(
      'alias y maydonoz: unknown variant maydanoz-genel',
    );
  });

  it('throws on two variants with the same folded name and unit', () => {
    const twins = [...variants, { slug: 'biber-sivri-2', product: 'biber', name: 'BİBER  SİVRİ', unit: 'kg' }];
    expect(() => buildCatalogue(categories, products, twins, aliases)).toThrow(
      'variants biber-sivri and biber-sivri-2 share the name key biber sivri|kg',
    );
  });

  // Different units are different products: `semiz otu|adet → semizotu-genel (kg)` would put
  // per-piece prices into a kg series.
  it('throws on an alias whose unit differs from its variant’s unit', () => {
    const crossUnit = [{ source: 'izmir', matchKey: 'semiz otu', unit: 'adet', variant: 'semizotu-genel', note: '' }];
    expect(() => buildCatalogue(categories, products, variants, crossUnit)).toThrow(
      'links to semizotu-genel, sold by kg',
    );
  });

  // A link must not depend on row order: like two variants sharing a name key, this throws.
  it('throws on two aliases with the same key and unit that point to different variants', () => {
    const conflicting = [
      ...aliases,
      { source: 'izmir', matchKey: 'semiz otu', unit: 'kg', variant: 'biber-sivri', note: '' },
    ];
    expect(() => buildCatalogue(categories, products, variants, conflicting)).toThrow('links to both');
  });

  it('throws on a duplicate variant slug, a bad slug and an unknown product or category', () => {
    expect(() => buildCatalogue(categories, products, [...variants, variants[0]!], aliases)).toThrow();
    expect(() =>
      buildCatalogue(
        categories,
        products,
        [...variants, { slug: 'Biber_Dolma', product: 'biber', name: 'Biber Dolma', unit: 'kg' }],
        aliases,
      ),
    ).toThrow('variant Biber_Dolma: bad slug or product');
    expect(() =>
      buildCatalogue(
        categories,
        products,
        [...variants, { slug: 'elma-genel', product: 'elma', name: 'Elma', unit: 'kg' }],
        aliases,
      ),
    ).toThrow('variant elma-genel: bad slug or product');
    expect(() =>
      buildCatalogue(
        categories,
        [...products, { slug: 'levrek', name: 'Levrek', category: 'balik' }],
        variants,
        aliases,
      ),
    ).toThrow('product levrek: bad slug or category');
  });
});
