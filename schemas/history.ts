/**
 * /prices/history/{slug}: the legacy contract. Daily items carry `recordedDate` as a full ISO
 * timestamp (the data day at 00:00 UTC) and prices as decimal TEXT; weekly and monthly items
 * carry the period's first day. Keys are kept in the legacy order; new keys only at the end.
 */
import { z } from 'zod';
import { Attribution, Day, Decimal, freshnessShape, Slug } from './common.ts';

const HISTORY_BUCKETS = ['daily', 'weekly', 'monthly'] as const;

export const HistoryItem = z
  .strictObject({
    recordedDate: z.union([z.iso.datetime(), Day]),
    minPrice: Decimal.nullable(),
    maxPrice: Decimal.nullable(),
    avgPrice: Decimal.nullable(),
    avgPriceMethod: z.string().meta({ description: 'reported or midpoint (daily); mean_of_daily (weekly, monthly)' }),
    unit: z.string(),
    marketSlug: Slug,
    marketName: z.string(),
    cityName: z.string().nullable(),
    source: z.string(),
    observed_date: Day,
    productSlug: Slug,
    productName: z.string(),
    ...freshnessShape,
    sourceUrl: z.string().nullable(),
    documentUrl: z.string().nullable(),
  })
  .meta({ id: 'HistoryItem' });

export const HistoryEnvelope = z
  .strictObject({
    items: z.array(HistoryItem),
    meta: z.strictObject({
      productSlug: Slug,
      rangeDays: z.int().min(1),
      bucket: z.enum(HISTORY_BUCKETS),
      page: z.int().min(1).optional(),
      limit: z.int().min(1).optional(),
      next: z.string().nullable().optional(),
      total: z.int().min(0).nullable().optional(),
      count: z.int().min(0).optional(),
    }),
    attribution: Attribution,
  })
  .meta({ id: 'HistoryEnvelope' });

export type HistoryItemT = z.infer<typeof HistoryItem>;
