/**
 * The product catalogue, kept as data in data/catalogue/: categories, product families,
 * variants (product + variety + unit) and the aliases that link a source's printed names to a
 * variant. A printed name links by `exact` (its folded form equals a variant name's, same
 * unit) or by `seed` (a reviewed alias row); anything else stays unmatched and is reported.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fold, SLUG_PATTERN } from '../core/turkish.ts';
import { parseCsv } from './lib/csv.ts';

export type Category = { slug: string; name: string };
export type Product = { slug: string; name: string; category: string };
export type Variant = { slug: string; product: string; name: string; unit: string };
export type Alias = { source: string; matchKey: string; unit: string; variant: string; note: string };
export type Match = { variant: string; method: 'exact' | 'seed' | 'manual' | 'trigram'; confidence: number | null };

export type Catalogue = {
  categories: Category[];
  products: Product[];
  variants: Variant[];
  aliases: Alias[];
  match(source: string, printedName: string, unit: string): Match | null;
};

const DIR = fileURLToPath(new URL('../data/catalogue/', import.meta.url));

function readTable(file: string, columns: string[]): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(DIR + file, 'utf8'));
  if (!header || columns.some((c, i) => header[i] !== c)) throw new Error(`${file}: header must be ${columns.join(',')}`);
  return rows
    .filter((r) => !(r.length === 1 && r[0] === ''))
    .map((r, i) => {
      if (r.length !== columns.length) throw new Error(`${file} line ${i + 2}: ${r.length} cells`);
      return Object.fromEntries(columns.map((c, j) => [c, r[j]!]));
    });
}

export function loadCatalogue(): Catalogue {
  const categories = readTable('categories.csv', ['slug', 'name']) as Category[];
  const products = readTable('products.csv', ['slug', 'name', 'category']) as Product[];
  const variants = readTable('variants.csv', ['slug', 'product', 'name', 'unit']) as Variant[];
  const aliases = readTable('aliases.csv', ['source', 'match_key', 'unit', 'variant', 'note']).map((a) => ({
    source: a.source!,
    matchKey: a.match_key!,
    unit: a.unit!,
    variant: a.variant!,
    note: a.note!,
  }));
  return buildCatalogue(categories, products, variants, aliases);
}

export function buildCatalogue(categories: Category[], products: Product[], variants: Variant[], aliases: Alias[]): Catalogue {
  const categorySlugs = new Set(categories.map((c) => c.slug));
  const productSlugs = new Set(products.map((p) => p.slug));
  const variantSlugs = new Set(variants.map((v) => v.slug));
  for (const p of products) {
    if (!SLUG_PATTERN.test(p.slug) || !categorySlugs.has(p.category)) throw new Error(`product ${p.slug}: bad slug or category`);
  }
  for (const v of variants) {
    if (!SLUG_PATTERN.test(v.slug) || !productSlugs.has(v.product)) throw new Error(`variant ${v.slug}: bad slug or product`);
    if (productSlugs.has(v.slug)) throw new Error(`variant ${v.slug} has a product family's slug`);
  }
  if (variantSlugs.size !== variants.length) throw new Error('duplicate variant slugs');
  const exact = new Map<string, string>();
  for (const v of variants) {
    const key = `${fold(v.name)}|${v.unit}`;
    if (exact.has(key)) throw new Error(`variants ${exact.get(key)} and ${v.slug} share the name key ${key}`);
    exact.set(key, v.slug);
  }
  const unitOf = new Map(variants.map((v) => [v.slug, v.unit]));
  const seeded = new Map<string, string>();
  for (const a of aliases) {
    if (!variantSlugs.has(a.variant)) throw new Error(`alias ${a.matchKey}: unknown variant ${a.variant}`);
    // Different units are different products: an alias never links across units.
    if (unitOf.get(a.variant) !== a.unit) throw new Error(`alias ${a.matchKey} (${a.unit}) links to ${a.variant}, sold by ${unitOf.get(a.variant)}`);
    const key = `${a.source}|${a.matchKey}|${a.unit}`;
    const earlier = seeded.get(key);
    if (earlier && earlier !== a.variant) throw new Error(`alias ${key} links to both ${earlier} and ${a.variant}`);
    seeded.set(key, a.variant);
  }
  return {
    categories,
    products,
    variants,
    aliases,
    match(source, printedName, unit) {
      const key = fold(printedName);
      const seed = seeded.get(`${source}|${key}|${unit}`);
      if (seed) return { variant: seed, method: 'seed', confidence: null };
      const hit = exact.get(`${key}|${unit}`);
      if (hit) return { variant: hit, method: 'exact', confidence: 1 };
      return null;
    },
  };
}
