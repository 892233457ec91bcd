import { z } from 'zod';
import { Attribution, Day, freshnessShape, Slug } from './common.ts';

export const MarketItem = z
  .strictObject({
    slug: Slug,
    name: z.string(),
    province: z.string(),
    district: z.string().nullable(),
    kind: z.string(),
    source: z.string(),
    source_name: z.string(),
    organisation: z.string(),
    source_url: z.string().nullable(),
    licence: z.string().nullable(),
    status: z.string(),
    enabled: z.boolean(),
    expected_days: z.string(),
    last_observed_date: Day.nullable(),
    product_count: z.int().min(0),
    ...freshnessShape,
    url: z.string(),
  })
  .meta({ id: 'MarketItem' });

export const MarketsEnvelope = z
  .strictObject({
    items: z.array(MarketItem),
    meta: z.strictObject({ count: z.int().min(0) }),
    attribution: Attribution,
  })
  .meta({ id: 'MarketsEnvelope' });
