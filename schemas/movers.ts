/**
 * The market movers (/prices/trending, /prices/weekly-summary): the specification's additional
 * operations, wrapped in the contract's conventions (meta, attribution, freshness).
 */
import { z } from 'zod';
import { Attribution, Day, Decimal, freshnessShape, IsoWeek, Ratio, Slug } from './common.ts';

export const TrendingItem = z
  .strictObject({
    productSlug: Slug,
    productName: z.string(),
    avgPrice: Decimal.meta({ description: "Mean of the window's average prices" }),
    minPrice: Decimal.meta({ description: 'Lowest minimum in the window (the average where a source prints none)' }),
    maxPrice: Decimal.meta({ description: 'Highest maximum in the window' }),
    recordCount: z.int().min(1).meta({ description: 'Price rows in the window: how often the product was quoted' }),
    unit: z.string(),
    categorySlug: Slug,
    marketCount: z.int().min(1),
  })
  .meta({ id: 'TrendingItem' });

export const TrendingResponse = z
  .strictObject({
    items: z.array(TrendingItem),
    meta: z.strictObject({
      count: z.int().min(0),
      limit: z.int().min(1),
      total: z.int().min(0),
      from: Day.nullable().meta({ description: 'First day of the 7-day window' }),
      to: Day.nullable().meta({
        description: 'Newest data day of the store up to the build day: the window ends here',
      }),
    }),
    ...freshnessShape,
    attribution: Attribution,
  })
  .meta({
    id: 'TrendingResponse',
    description:
      'Product variants ranked by how often they were quoted (price rows) in the 7 days ending at the newest data day of the municipal markets (no source publishes traded volumes), then by markets, then by slug. Item keys follow the additional operation (prices as decimal TEXT), with unit, categorySlug and marketCount appended.',
  });

export const MoverItem = z
  .strictObject({
    productSlug: Slug,
    productName: z.string(),
    categorySlug: Slug,
    unit: z.string(),
    previousMedian: z
      .number()
      .meta({ description: "Median over the compared markets of each market's mean daily average in the week before" }),
    currentMedian: z.number().meta({ description: 'The same median in the week asked' }),
    change: Ratio,
    marketCount: z
      .int()
      .min(1)
      .meta({ description: 'Markets that quoted the product in both weeks (the compared markets)' }),
  })
  .meta({ id: 'MoverItem' });

export const WeeklySummary = z
  .strictObject({
    week: IsoWeek,
    weekStart: Day,
    weekEnd: Day,
    topRisers: z.array(MoverItem).meta({ description: 'Up to 10 products with the largest rise, largest first' }),
    topFallers: z.array(MoverItem).meta({ description: 'Up to 10 products with the largest fall, largest first' }),
    meta: z.strictObject({
      previousWeek: IsoWeek,
      compared: z.int().min(0).meta({ description: 'Products quoted in both weeks by at least one market' }),
      limit: z.int().min(1),
      note: z.string(),
    }),
    ...freshnessShape,
    attribution: Attribution,
  })
  .meta({
    id: 'WeeklySummary',
    description:
      'Top 10 risers and fallers of an ISO week against the ISO week before, per product variant: the national median of the markets that quoted it in both weeks (each market: the mean of its daily averages in the week). Products without a market in both weeks are not compared.',
  });

export type MoverItemT = z.infer<typeof MoverItem>;
export type TrendingItemT = z.infer<typeof TrendingItem>;
