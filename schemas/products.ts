import { z } from 'zod';
import { Attribution, Day, optionalFreshnessShape, Slug } from './common.ts';

export const ProductItem = z
  .strictObject({
    slug: Slug,
    name: z.string(),
    category: Slug,
    unit: z.string().nullable(),
    observed_date: Day.nullable(),
    product: Slug.optional(),
    median: z.number().nullable().optional(),
    market_count: z.int().min(0).nullable().optional(),
    url: z.string().optional(),
    production_url: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "The yearly production of the variant's family (/production), null when it has none" }),
    ...optionalFreshnessShape,
  })
  .meta({ id: 'ProductItem' });

/** `meta.count` is required; the paginated keys follow /prices. Not closed by the contract. */
export const ProductsEnvelope = z
  .strictObject({
    items: z.array(ProductItem),
    meta: z.object({
      count: z.int().min(0),
      limit: z.int().min(1),
      page: z.int().min(1),
      total: z.int().min(0).nullable(),
      next: z.string().nullable(),
    }),
    attribution: Attribution,
  })
  .meta({ id: 'ProductsEnvelope' });
