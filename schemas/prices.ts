import { z } from 'zod';
import { Attribution, Day, freshnessShape, priceFiguresShape, Slug } from './common.ts';

/** Items of /prices: closed, every key required, in the contract's order. */
export const PriceRow = z
  .strictObject({
    id: z.uuid(),
    ...priceFiguresShape,
    recordedDate: Day,
    sourceApi: z
      .string()
      .meta({ description: 'The adapter and document layout that read the row, e.g. izmir-year-csv' }),
    productSlug: Slug,
    productName: z.string(),
    categorySlug: Slug,
    marketSlug: Slug,
    marketName: z.string(),
    marketType: z.string(),
    cityName: z.string(),
    sourceName: z.string(),
    sourceUrl: z.string(),
    isOfficialSource: z.boolean(),
    qualityFlags: z.array(z.string()),
    observed_date: Day,
    source: z.string(),
    ...freshnessShape,
    documentUrl: z.string().nullable(),
    observationUrl: z.string().regex(/^\/api\/v1\/observations\/[0-9a-f-]{36}$/),
  })
  .meta({ id: 'PriceRow' });

const PricesMeta = z.strictObject({
  count: z.int().min(0),
  limit: z.int().min(1),
  page: z.int().min(1),
  total: z.int().min(0).nullable(),
  next: z.string().nullable(),
  rangeDays: z.int().min(1).optional(),
});

export const PricesEnvelope = z
  .strictObject({ items: z.array(PriceRow), meta: PricesMeta, attribution: Attribution })
  .meta({ id: 'PricesEnvelope' });

export type PriceRowT = z.infer<typeof PriceRow>;
