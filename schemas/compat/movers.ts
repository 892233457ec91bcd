/**
 * The variant shapes of the market movers under the compatibility prefix: /prices/trending as a
 * bare array of the variant's six keys, /prices/weekly-summary with the variant's five keys.
 */
import { z } from 'zod';
import { Day, Decimal, IsoWeek, Slug } from '../common.ts';
import { MoverItem } from '../movers.ts';

const CompatTrendingItem = z.strictObject({
  productSlug: Slug,
  productName: z.string(),
  avgPrice: Decimal.meta({ description: "Mean of the window's average prices" }),
  minPrice: Decimal.meta({ description: 'Lowest minimum in the window (the average where a source prints none)' }),
  maxPrice: Decimal.meta({ description: 'Highest maximum in the window' }),
  recordCount: z.int().min(1).meta({ description: 'Price rows in the window: how often the product was quoted' }),
});

export const CompatTrending = z.array(CompatTrendingItem).meta({
  id: 'CompatTrending',
  description:
    'The variant shape of /prices/trending: the items of the main /prices/trending in the same order ' +
    '(product variants by price rows in the 7 days ending at the newest data day of the municipal markets, ' +
    "then markets, then slug), each with the variant's six keys, the first `limit` of them.",
});

export const CompatWeeklySummary = z
  .strictObject({
    week: IsoWeek,
    weekStart: Day,
    weekEnd: Day,
    topRisers: z.array(MoverItem).meta({ description: 'Up to 10 products with the largest rise, largest first' }),
    topFallers: z.array(MoverItem).meta({ description: 'Up to 10 products with the largest fall, largest first' }),
  })
  .meta({
    id: 'CompatWeeklySummary',
    description:
      "The variant shape of /prices/weekly-summary: the main summary's week and lists, without its meta, " +
      "freshness and attribution. The variant does not show the elements' shape: they are the main " +
      "operation's MoverItem (medians as numbers, change as a ratio), so both prefixes list the same " +
      'products the same way.',
  });
