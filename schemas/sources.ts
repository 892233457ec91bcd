import { z } from 'zod';
import { Attribution, freshnessShape, Timestamp } from './common.ts';

export const SourceStatusItem = z
  .strictObject({
    key: z.string(),
    name: z.string(),
    organisation: z.string(),
    kind: z.string(),
    url: z.string().nullable(),
    licence: z.string().nullable(),
    attribution: z.string(),
    expected_days: z.string(),
    publish_window: z.string().nullable(),
    enabled: z.boolean(),
    status: z.enum(['unverified', 'verified', 'blocked', 'unreachable', 'broken', 'frozen']),
    health: z.enum(['healthy', 'delayed', 'warning', 'failed', 'off']),
    health_label: z.string(),
    reasons: z.array(z.string()),
    last_success_at: Timestamp.nullable(),
    product_count: z.int().min(0),
    publishingDaysBehind: z.int().min(0).nullable(),
    ...freshnessShape,
  })
  .meta({ id: 'SourceStatusItem' });

export const SourceStatusEnvelope = z
  .strictObject({
    items: z.array(SourceStatusItem),
    meta: z.strictObject({
      count: z.int().min(0),
      enabled: z.int().min(0),
      checked_at: Timestamp,
      scheduler_seen_at: Timestamp.nullable().meta({
        description: 'Start of the latest scheduled (nightly) run; null: hosted collection not seen yet',
      }),
      note: z.string(),
    }),
    attribution: Attribution,
  })
  .meta({ id: 'SourceStatusEnvelope' });
export type SourceStatusEnvelopeT = z.infer<typeof SourceStatusEnvelope>;
