/**
 * The variant shapes of the market movers under the compatibility prefix: /prices/trending as a
 * bare array of the variant's six keys, /prices/weekly-summary with the variant's five keys.
 */
import { z } from 'zod';
import { TrendingItem, WeeklySummary } from '../movers.ts';

/** The main item's first six keys, which are the variant's. */
const CompatTrendingItem = TrendingItem.pick({
  productSlug: true,
  productName: true,
  avgPrice: true,
  minPrice: true,
  maxPrice: true,
  recordCount: true,
});

export const CompatTrending = z.array(CompatTrendingItem).meta({
  id: 'CompatTrending',
  description:
    'The variant shape of /prices/trending: the items of the main /prices/trending in the same order ' +
    '(product variants by price rows in the 7 days ending at the newest data day of the municipal markets, ' +
    "then markets, then slug), each with the variant's six keys, the first `limit` of them.",
});

export const CompatWeeklySummary = WeeklySummary.pick({
  week: true,
  weekStart: true,
  weekEnd: true,
  topRisers: true,
  topFallers: true,
}).meta({
  id: 'CompatWeeklySummary',
  description:
    "The variant shape of /prices/weekly-summary: the main summary's week and lists, without its meta, " +
    "freshness and attribution. The variant does not show the elements' shape: they are the main " +
    "operation's MoverItem (medians as numbers, change as a ratio), so both prefixes list the same " +
    'products the same way.',
});
