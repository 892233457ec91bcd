/**
 * The weekly basket price index (/index/latest, /index/history, /index/{slug}, /index/basket),
 * after the contract's Resources section: closed objects, every key required, the freshness
 * block on index responses.
 */
import { z } from 'zod';
import { Attribution, Day, freshnessShape, IsoWeek, Ratio, Slug } from './common.ts';

const METHOD_TEXT =
  "chained-jevons-matched-median: each week, per basket member, the median weekly price of the series (variant × market) priced in both this and the previous counted week; the link is the geometric mean of the members' median ratios; value = previous value × link.";

export const IndexRef = z
  .strictObject({
    slug: Slug,
    name: z.string(),
    method: z.string().meta({ description: METHOD_TEXT }),
    source: z.string().meta({
      description:
        'Keys of the sources whose prices the index uses, comma-separated (and the deflator id for a real series)',
    }),
    base_week: IsoWeek.nullable(),
    base_value: z.number(),
  })
  .meta({ id: 'IndexRef' });

export const MunicipalIndexRef = z
  .strictObject({
    slug: Slug,
    name: z.string(),
    published: z.boolean().meta({
      description: 'true once the index has at least 52 weeks with a value; /index/{slug} answers 409 while false',
    }),
    weeks: z.int().min(0).meta({ description: 'Weeks with a value (at least 10 of the 15 members compared)' }),
  })
  .meta({ id: 'MunicipalIndexRef' });

export const IndexLatest = z
  .strictObject({
    index: IndexRef,
    latest: z
      .strictObject({
        week: IsoWeek,
        week_start: Day,
        week_end: Day,
        value: z.number(),
        member_count: z.int().min(0),
        previous_value: z
          .number()
          .nullable()
          .meta({ description: 'Value of the ISO week before; null when that week has no value' }),
        change: Ratio.nullable(),
      })
      .nullable()
      .meta({
        description: 'The newest closed ISO week (ended before the build day) that has a value; null when none has',
      }),
    ...freshnessShape,
    attribution: Attribution,
    municipal: z.array(MunicipalIndexRef),
  })
  .meta({
    id: 'IndexLatest',
    description:
      "The national weekly basket index (15 products, ISO weeks, base week = 100). `latest` is the newest closed week (ended before the build day) with a value; the freshness block is that week's newest data. `municipal` lists the province indexes and whether they are published.",
  });

export const IndexWeek = z
  .strictObject({ week: IsoWeek, week_start: Day, week_end: Day, value: z.number(), member_count: z.int().min(0) })
  .meta({ id: 'IndexWeek' });

export const IndexHistory = z
  .strictObject({
    index: z.strictObject({ slug: Slug, name: z.string(), base_week: IsoWeek.nullable(), source: z.string() }),
    items: z.array(IndexWeek),
    meta: z.strictObject({
      count: z.int().min(0),
      from: Day.nullable().meta({
        description: 'First day of the period asked (from, or today − range + 1); null: from the first week',
      }),
      to: Day.nullable().meta({
        description: 'Last day of the period asked (to, or today with range); null: to the last week',
      }),
    }),
    ...freshnessShape,
    attribution: Attribution,
  })
  .meta({
    id: 'IndexHistory',
    description:
      'The national index week by week, oldest first: weeks that overlap the period asked (range, or from/to); series=real gives the CPI-deflated values with the same keys.',
  });

export const IndexSeries = z
  .strictObject({
    slug: Slug,
    name: z.string(),
    version: z.string(),
    method: z.string().meta({ description: METHOD_TEXT }),
    base_week_start: Day.nullable(),
    base_value: z.number(),
    methodology_note: z.string().nullable(),
    values: z.array(z.strictObject({ week_start: Day, value: z.number(), member_count: z.int().min(0) })),
    meta: z.strictObject({ weeks: z.int().min(0) }),
    scope: z.enum(['national', 'municipal']),
    province: Slug.nullable(),
    published: z.boolean(),
    base_week: IsoWeek.nullable(),
    min_members: z.int().min(1),
    real_values: z.array(z.strictObject({ week_start: Day, value: z.number() })).meta({
      description:
        'The same index deflated by the consumer price index (prices of the base week); only weeks whose month has a CPI value',
    }),
    deflator: z
      .strictObject({
        id: z.string(),
        name: z.string(),
        publisher: z.string(),
        verify_at: z.string(),
        months: z.string(),
      })
      .meta({ description: 'The CPI series the real values are deflated with (data/cpi/ in the repository)' }),
    ...freshnessShape,
    attribution: Attribution,
  })
  .meta({
    id: 'IndexSeries',
    description:
      "One published index (`ulusal` or a province) with its nominal values and, beside them, the real values deflated by the CPI file named in `deflator`. Keys after `meta` are this API's additions (the contract leaves the rest of this response open).",
  });

/** Internal: a defined index that does not meet the publication rule (the edge answers 409 with it). */
export const UnpublishedIndex = z.strictObject({
  slug: Slug,
  name: z.string(),
  scope: z.enum(['national', 'municipal']),
  province: Slug.nullable(),
  published: z.literal(false),
  weeks: z.int().min(0),
  rule: z.string(),
});

export const BasketResponse = z
  .strictObject({
    basket: z.array(
      z.strictObject({
        slug: Slug,
        label: z.string(),
        kind: z
          .enum(['product', 'variant'])
          .meta({ description: 'product: every variant of the family in the unit; variant: that variant only' }),
        unit: z.string(),
        variants: z.array(Slug).meta({ description: 'The catalogue variants whose prices count for this member' }),
        url: z.string(),
      }),
    ),
    meta: z.strictObject({
      count: z.int().min(0),
      index: Slug,
      method: z.string(),
      min_members: z.int().min(1),
      note: z.string(),
    }),
    attribution: Attribution,
  })
  .meta({
    id: 'BasketResponse',
    description:
      "The 15 members of the index basket (additional operation GET /index/basket, in the contract's envelope conventions).",
  });

export type IndexHistoryT = z.infer<typeof IndexHistory>;
