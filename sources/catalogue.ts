/**
 * The product catalogue, kept as data in data/catalogue/: categories, product families,
 * variants (product + variety + unit) and, per source, the aliases that link its printed names
 * to a variant (data/catalogue/aliases/<source>.csv). A printed name links, in this order, by
 * `seed` or `manual` (a reviewed alias row), by `exact` (its folded form equals a variant
 * name's, same unit), or by `trigram` (similarity of folded names ≥ TRIGRAM_THRESHOLD and
 * ahead of the next variant by TRIGRAM_MARGIN; the similarity is kept as `confidence`).
 * Anything else stays unmatched and is reported with counts; it is never dropped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fold, SLUG_PATTERN } from '../core/turkish.ts';
import { parseCsv } from './lib/csv.ts';

export type Category = { slug: string; name: string };
export type Product = { slug: string; name: string; category: string };
export type Variant = { slug: string; product: string; name: string; unit: string };
export type Alias = {
  source: string;
  matchKey: string;
  unit: string;
  variant: string;
  note: string;
  method?: 'seed' | 'manual';
  reviewedAt?: string | null;
};
type Match = {
  variant: string;
  method: 'exact' | 'seed' | 'manual' | 'trigram';
  confidence: number | null;
  reviewedAt?: string | null;
};

export const TRIGRAM_THRESHOLD = 0.6;
const TRIGRAM_MARGIN = 0.1;

export type Catalogue = {
  categories: Category[];
  products: Product[];
  variants: Variant[];
  aliases: Alias[];
  match(source: string, printedName: string, unit: string): Match | null;
};

const DIR = fileURLToPath(new URL('../data/catalogue/', import.meta.url));

/** Rows of a catalogue CSV; `optional` columns may follow the required ones. */
function readTable(file: string, columns: string[], optional: string[] = []): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(join(DIR, file), 'utf8'));
  const all = [...columns, ...optional];
  if (!header || columns.some((c, i) => header[i] !== c) || header.some((h, i) => all[i] !== h)) {
    throw new Error(
      `${file}: header must be ${columns.join(',')}${optional.length ? ` [,${optional.join(',')}]` : ''}`,
    );
  }
  return rows
    .filter((r) => !(r.length === 1 && r[0] === ''))
    .map((r, i) => {
      if (r.length !== header.length) throw new Error(`${file} line ${i + 2}: ${r.length} cells`);
      return Object.fromEntries(header.map((c, j) => [c, r[j]!]));
    });
}

export function loadCatalogue(): Catalogue {
  const categories = readTable('categories.csv', ['slug', 'name']) as Category[];
  const products = readTable('products.csv', ['slug', 'name', 'category']) as Product[];
  const variants = readTable('variants.csv', ['slug', 'product', 'name', 'unit']) as Variant[];
  const aliases = readdirSync(join(DIR, 'aliases'))
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .flatMap((file) =>
      readTable(`aliases/${file}`, ['source', 'match_key', 'unit', 'variant', 'note'], ['method', 'reviewed_at']).map(
        (a) => {
          if (a.source !== file.replace(/\.csv$/, '')) throw new Error(`aliases/${file}: row for source ${a.source}`);
          if (a.method && a.method !== 'seed' && a.method !== 'manual')
            throw new Error(`aliases/${file}: method ${a.method}`);
          return {
            source: a.source!,
            matchKey: a.match_key!,
            unit: a.unit!,
            variant: a.variant!,
            note: a.note!,
            method: (a.method || 'seed') as 'seed' | 'manual',
            reviewedAt: a.reviewed_at || null,
          };
        },
      ),
    );
  return buildCatalogue(categories, products, variants, aliases);
}

export function buildCatalogue(
  categories: Category[],
  products: Product[],
  variants: Variant[],
  aliases: Alias[],
): Catalogue {
  const categorySlugs = new Set(categories.map((c) => c.slug));
  const productSlugs = new Set(products.map((p) => p.slug));
  const variantSlugs = new Set(variants.map((v) => v.slug));
  for (const p of products) {
    if (!SLUG_PATTERN.test(p.slug) || !categorySlugs.has(p.category))
      throw new Error(`product ${p.slug}: bad slug or category`);
  }
  for (const v of variants) {
    if (!SLUG_PATTERN.test(v.slug) || !productSlugs.has(v.product))
      throw new Error(`variant ${v.slug}: bad slug or product`);
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
  const seeded = new Map<string, Alias>();
  for (const a of aliases) {
    if (!variantSlugs.has(a.variant)) throw new Error(`alias ${a.matchKey}: unknown variant ${a.variant}`);
    // Different units are different products: an alias never links across units.
    if (unitOf.get(a.variant) !== a.unit)
      throw new Error(`alias ${a.matchKey} (${a.unit}) links to ${a.variant}, sold by ${unitOf.get(a.variant)}`);
    const key = `${a.source}|${a.matchKey}|${a.unit}`;
    const earlier = seeded.get(key);
    if (earlier && earlier.variant !== a.variant)
      throw new Error(`alias ${key} links to both ${earlier.variant} and ${a.variant}`);
    seeded.set(key, a);
  }
  // Trigram candidates: every variant name and every reviewed alias key, by unit.
  const candidates = new Map<string, { variant: string; grams: Set<string> }[]>();
  const addCandidate = (unit: string, key: string, variant: string) => {
    if (!candidates.has(unit)) candidates.set(unit, []);
    candidates.get(unit)!.push({ variant, grams: trigrams(key) });
  };
  for (const v of variants) addCandidate(v.unit, fold(v.name), v.slug);
  for (const a of aliases) addCandidate(a.unit, a.matchKey, a.variant);
  return {
    categories,
    products,
    variants,
    aliases,
    match(source, printedName, unit) {
      const key = fold(printedName);
      const alias = seeded.get(`${source}|${key}|${unit}`);
      if (alias)
        return {
          variant: alias.variant,
          method: alias.method ?? 'seed',
          confidence: null,
          reviewedAt: alias.reviewedAt ?? null,
        };
      const hit = exact.get(`${key}|${unit}`);
      if (hit) return { variant: hit, method: 'exact', confidence: 1 };
      return trigramMatch(key, candidates.get(unit) ?? []);
    },
  };
}

/** pg_trgm-style trigrams of a folded text: each word padded with two spaces before, one after. */
export function trigrams(folded: string): Set<string> {
  const grams = new Set<string>();
  for (const word of folded.split(' ').filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

export function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const g of a) if (b.has(g)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** The best variant by trigram similarity, only when above the threshold and clearly ahead of the next variant. */
function trigramMatch(key: string, candidates: { variant: string; grams: Set<string> }[]): Match | null {
  const grams = trigrams(key);
  const best = new Map<string, number>();
  for (const c of candidates) best.set(c.variant, Math.max(best.get(c.variant) ?? 0, similarity(grams, c.grams)));
  const ranked = [...best].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < TRIGRAM_THRESHOLD || (second && first[1] - second[1] < TRIGRAM_MARGIN)) return null;
  return { variant: first[0], method: 'trigram', confidence: Math.round(first[1] * 1000) / 1000 };
}
