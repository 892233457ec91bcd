/** Pieces every response shares: dates, the freshness block, envelopes' attribution, the error body. */
import { z } from 'zod';

export const WARNING_CODES = [
  'no_data',
  'data_delayed',
  'data_stale',
  'source_frozen',
  'source_blocked',
  'source_unreachable',
  'source_broken',
  'last_fetch_failed',
  'collection_paused',
  'static_archive',
  'computed_midpoint',
  'corrected_value',
] as const;
export const FRESHNESS_VALUES = ['fresh', 'delayed', 'stale', 'failed', 'unavailable'] as const;

export const Day = z.iso.date().meta({ description: 'Calendar day YYYY-MM-DD (Europe/Istanbul)' });
export const Timestamp = z.iso.datetime().meta({ description: 'ISO 8601 timestamp in UTC' });
export const IsoWeek = z
  .string()
  .regex(/^\d{4}-(0[1-9]|[1-4]\d|5[0-3])$/)
  .meta({ description: 'ISO week YYYY-WW' });
export const Decimal = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .meta({ description: 'Decimal TEXT with two decimals, e.g. "42.50"' });
export const Ratio = z
  .number()
  .meta({ description: 'Change as a ratio: 0.012 means +1.2 percent, -0.05 means -5 percent (4 decimals)' });
export const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
export const Warning = z.enum(WARNING_CODES).meta({ id: 'Warning' });
export const Freshness = z.enum(FRESHNESS_VALUES).meta({ id: 'Freshness' });
export const Attribution = z.string().min(1).meta({ description: 'Attribution text that republishing requires' });

/** A price row's figures as the source printed them (build/price-rows.ts `priceFields`), in the contract's order. */
export const priceFiguresShape = {
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  avgPrice: z.number(),
  avgPriceMethod: z.enum(['reported', 'midpoint']),
  currency: z.string(),
  unit: z.string(),
};

/** The freshness block, with every key required (price rows, markets, source status). */
export const freshnessShape = {
  dataDate: Day.nullable(),
  fetchedAt: Timestamp.nullable(),
  isStale: z.boolean(),
  freshness: Freshness,
  warnings: z.array(Warning),
};

/** The same block where the contract makes it optional (latest items, product items). */
export const optionalFreshnessShape = {
  dataDate: Day.nullable().optional(),
  fetchedAt: Timestamp.nullable().optional(),
  isStale: z.boolean().optional(),
  freshness: Freshness.optional(),
  warnings: z.array(Warning).optional(),
};

export const ErrorBody = z
  .strictObject({
    error: z.strictObject({
      code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
      message: z.string().min(1),
      details: z
        .unknown()
        .meta({ description: 'Any JSON value or null: the offending parameter and value, or limits' }),
      requestId: z.string().min(1),
    }),
    code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
    message: z.string().min(1),
    requestId: z.string().min(1),
    timestamp: Timestamp,
  })
  .meta({ id: 'ErrorBody', description: 'Every error response; `requestId` equals the x-request-id header.' });

export type FreshnessBlock = {
  dataDate: string | null;
  fetchedAt: string | null;
  isStale: boolean;
  freshness: (typeof FRESHNESS_VALUES)[number];
  warnings: (typeof WARNING_CODES)[number][];
};
export type WarningCode = (typeof WARNING_CODES)[number];
