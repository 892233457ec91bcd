/**
 * /health: installation status (our shape; the contract does not show one). `status` is
 * `degraded` (HTTP 503) when an enabled source is behind its schedule — more than two of its
 * publishing days missed, the tolerance of `delayed` — or has no data, or when the installation
 * serves synthetic data; otherwise `ok` (HTTP 200).
 */
import { z } from 'zod';
import { Attribution, Day, Freshness, Timestamp } from './common.ts';

export const HealthResponse = z
  .strictObject({
    status: z.enum(['ok', 'degraded']),
    synthetic: z.boolean().meta({ description: 'true when the installation serves a synthetic benchmark dataset' }),
    build: z.strictObject({ id: z.string(), builtAt: Timestamp, today: Day, newestDataDay: Day.nullable() }),
    sources: z.strictObject({ total: z.int().min(0), enabled: z.int().min(0), behind: z.int().min(0) }),
    behind: z.array(
      z.strictObject({
        key: z.string(),
        name: z.string(),
        lastDataDate: Day.nullable(),
        publishingDaysBehind: z.int().min(0).nullable(),
        freshness: Freshness,
      }),
    ),
    reasons: z.array(z.string()),
    attribution: Attribution,
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponseT = z.infer<typeof HealthResponse>;
