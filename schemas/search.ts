/** /products/{slug}/aliases, /products/search, /search and /search-index. */
import { z } from 'zod';
import { Attribution, Day, Slug, Timestamp } from './common.ts';

export const AliasItem = z
  .strictObject({
    source: z.string(),
    source_name: z.string(),
    raw_name: z.string().meta({ description: 'The name exactly as the source prints it' }),
    match_key: z.string().meta({ description: 'Turkish-folded key' }),
    unit: z.string().nullable(),
    method: z.enum(['exact', 'trigram', 'manual', 'seed']).nullable(),
    confidence: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .meta({ description: 'Trigram similarity: an aid for reading, not a decision' }),
    reviewed_at: Timestamp.nullable(),
    variant: Slug,
  })
  .meta({ id: 'AliasItem' });

export const AliasResponse = z
  .strictObject({
    product: z.strictObject({
      slug: Slug,
      name: z.string(),
      category: Slug,
      url: z.string(),
      production_url: z.string().nullable().meta({
        description: "The yearly production of the variant's family (/production), null when it has none",
      }),
    }),
    items: z.array(AliasItem),
    meta: z.strictObject({ count: z.int().min(0), note: z.string() }),
    attribution: Attribution,
  })
  .meta({ id: 'AliasResponse' });

export const ProductSearchItem = z
  .strictObject({
    slug: Slug,
    name: z.string(),
    product: Slug,
    category: Slug,
    unit: z.string().nullable(),
    observed_date: Day.nullable(),
    matched: z.enum(['name', 'alias']),
    alias: z.string().nullable(),
    url: z.string(),
    aliases_url: z.string(),
  })
  .meta({ id: 'ProductSearchItem' });

export const ProductSearchResponse = z
  .strictObject({
    query: z.string(),
    normalised: z.string(),
    items: z.array(ProductSearchItem),
    meta: z.strictObject({ count: z.int().min(0), limit: z.int().min(1).max(50) }),
    attribution: Attribution,
  })
  .meta({ id: 'ProductSearchResponse' });

export const SearchResponse = z
  .strictObject({
    query: z.string(),
    normalised: z.string(),
    products: z.array(
      z.strictObject({
        slug: Slug,
        name: z.string(),
        category: Slug,
        unit: z.string().nullable(),
        observed_date: Day.nullable(),
        url: z.string(),
      }),
    ),
    markets: z.array(z.strictObject({ slug: Slug, name: z.string(), province: z.string(), url: z.string() })),
    meta: z.strictObject({ products: z.int().min(0), markets: z.int().min(0), limit: z.int().min(1).max(50) }),
    attribution: Attribution,
  })
  .meta({ id: 'SearchResponse' });

/** The names the site's quick search uses (our shape: the contract does not show one). */
export const SearchIndex = z
  .strictObject({
    products: z.array(
      z.strictObject({
        slug: Slug,
        name: z.string(),
        product: Slug,
        category: Slug,
        unit: z.string(),
        names: z.array(z.string()),
      }),
    ),
    markets: z.array(z.strictObject({ slug: Slug, name: z.string(), province: z.string() })),
    cities: z.array(z.strictObject({ slug: Slug, name: z.string(), markets: z.int().min(0) })),
    firms: z
      .array(z.strictObject({ name: z.string(), market: Slug }))
      .meta({ description: 'Commission firms by market, where a source names them (none yet)' }),
    meta: z.strictObject({
      products: z.int().min(0),
      markets: z.int().min(0),
      cities: z.int().min(0),
      firms: z.int().min(0),
      note: z.string(),
    }),
    attribution: Attribution,
  })
  .meta({ id: 'SearchIndex' });

/**
 * What the edge searches (internal): names and aliases already folded, so a query folds once.
 * A product: slug, name, product family, category, unit, newest observed day, folded name, and
 * its aliases as [name as printed, folded]. A market: slug, name, province, folded name, folded
 * province.
 */
export const EdgeSearchData = z.strictObject({
  products: z.array(
    z.tuple([
      Slug,
      z.string(),
      Slug,
      Slug,
      z.string().nullable(),
      Day.nullable(),
      z.string(),
      z.array(z.tuple([z.string(), z.string()])),
    ]),
  ),
  markets: z.array(z.tuple([Slug, z.string(), z.string(), z.string(), z.string()])),
  attribution: Attribution,
});
export type EdgeSearchDataT = z.infer<typeof EdgeSearchData>;
