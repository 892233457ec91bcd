import { z } from 'zod';
import { Attribution, Day, optionalFreshnessShape, Slug, Warning } from './common.ts';

export const LatestItem = z
  .strictObject({
    slug: Slug,
    name: z.string(),
    category: Slug,
    unit: z.string(),
    observed_date: Day,
    min: z.number().nullable(),
    max: z.number().nullable(),
    median: z.number().nullable(),
    market_count: z.int().min(0),
    ...optionalFreshnessShape,
    sources: z.array(z.string()).optional(),
  })
  .meta({ id: 'LatestItem' });
export type LatestItemT = z.infer<typeof LatestItem>;

export const LatestEnvelope = z
  .strictObject({
    items: z.array(LatestItem),
    meta: z.strictObject({
      count: z.int().min(0),
      distinct_dates: z.int().min(0),
      newest: Day.nullable(),
      oldest: Day.nullable(),
      note: z.string(),
    }),
    attribution: Attribution,
    warnings: z.array(Warning).optional(),
  })
  .meta({ id: 'LatestEnvelope' });
