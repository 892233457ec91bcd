/**
 * The compatibility prefix's /prices (the specification's variant shape): the main /prices rows
 * with their prices as decimal strings, only the variant's keys, and its meta. Closed objects.
 */
import { z } from 'zod';
import { Day, Decimal } from '../common.ts';

/** Inlined in its answer's component: build/openapi/document.ts gives an id of its own only to the schemas it lists. */
const CompatPriceItem = z.strictObject({
  id: z.uuid(),
  marketName: z.string(),
  productName: z.string(),
  minPrice: Decimal.nullable().meta({ description: 'null when the source printed no minimum (as in /prices)' }),
  maxPrice: Decimal.nullable().meta({ description: 'null when the source printed no maximum (as in /prices)' }),
  avgPrice: Decimal,
  unit: z.string(),
  recordedDate: Day,
  sourceName: z.string(),
  isStale: z.boolean(),
  qualityFlags: z.array(z.string()),
});

export const CompatPricesResponse = z
  .strictObject({
    items: z.array(CompatPriceItem),
    meta: z.strictObject({
      total: z.int().min(0).meta({ description: 'rows the filters and range select (every page)' }),
      page: z.int().min(1),
      limit: z.int().min(1).max(100),
      latestRecordedDate: Day.nullable().meta({
        description: 'the newest recordedDate of the rows the filters and range select; null when they select none',
      }),
    }),
  })
  .meta({ id: 'CompatPricesResponse' });
