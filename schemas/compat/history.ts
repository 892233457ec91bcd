/**
 * The compatibility prefix's /prices/history/{productSlug} (the specification's variant shape):
 * a bare array, one item per data day, oldest first. Written by the build (build/endpoints/compat/history.ts)
 * as the lines of its collections, served as they are.
 */
import { z } from 'zod';
import { Day, Decimal } from '../common.ts';

/** Inlined in its answer's component: build/openapi/document.ts gives an id of its own only to the schemas it lists. */
export const CompatHistoryItem = z.strictObject({
  priceDate: Day,
  avgPrice: Decimal.meta({ description: "mean of the day's averages (one per market and variant)" }),
  minPrice: Decimal.meta({ description: 'lowest minimum of the day (a row without one counts its average)' }),
  maxPrice: Decimal.meta({ description: 'highest maximum of the day (a row without one counts its average)' }),
});

export const CompatHistoryResponse = z.array(CompatHistoryItem).meta({ id: 'CompatHistoryResponse' });
