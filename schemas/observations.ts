/**
 * The observation record (`/observations/{id}`): the contract names its content (document
 * address, fetch moment, sha256, parser version, the row as printed) but not its fields; this
 * is our shape, documented in the OpenAPI document and docs/api-decisions.md.
 */
import { z } from 'zod';
import { Attribution, Day, Slug, Timestamp, priceFiguresShape } from './common.ts';

export const ObservationRecord = z
  .strictObject({
    id: z.uuid(),
    observationUrl: z.string(),
    source: z.string(),
    sourceName: z.string(),
    marketSlug: Slug,
    marketName: z.string(),
    productSlug: Slug.nullable().meta({
      description: 'null while the printed name is not linked to a catalogue variant',
    }),
    productName: z.string().nullable(),
    dataDate: Day,
    ...priceFiguresShape,
    qualityFlags: z.array(z.string()),
    printed: z.strictObject({
      name: z.string().meta({ description: 'product name exactly as printed' }),
      unit: z.string().meta({ description: 'unit exactly as printed' }),
      row: z.string().meta({ description: 'the row as it stands in the document' }),
      location: z.string().meta({ description: 'where in the document, e.g. "line 12"' }),
    }),
    document: z.strictObject({
      url: z.string(),
      kind: z.enum(['archive', 'live']),
      fetchedAt: Timestamp.nullable().meta({ description: "null when an archive file's download moment is not known" }),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      bytes: z.int().min(0),
      contentType: z.string(),
      parser: z.string(),
      parserVersion: z.int().min(1),
    }),
    corrections: z.array(
      z.strictObject({
        field: z.string(),
        value: z.number(),
        original: z.number().nullable(),
        reason: z.string(),
        by: z.string(),
        at: Timestamp,
      }),
    ),
    attribution: Attribution,
  })
  .meta({ id: 'ObservationRecord' });

export type ObservationRecordT = z.infer<typeof ObservationRecord>;
