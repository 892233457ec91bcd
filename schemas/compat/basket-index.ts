/**
 * The variant shapes of the weekly basket index under the compatibility prefix: /index/latest,
 * /index/history (a bare array) and /index/basket.
 */
import { z } from 'zod';
import { Day, Decimal, IsoWeek, Slug } from '../common.ts';

const BASKET_AVG =
  'Mean of the national median weekly prices (TL, each in its own unit: kg, marul per piece) of the ' +
  'products counted that week, two decimals: a price level to show, not a measure of change; the index ' +
  'measures change';
const PRODUCTS_COUNT =
  'Basket products counted that week: those compared with the previous week with a value (the base week: those priced)';

export const CompatIndexLatest = z
  .strictObject({
    indexWeek: IsoWeek.nullable(),
    indexValue: Decimal.nullable().meta({ description: 'The index value of indexWeek (base week = 100.00)' }),
    baseWeek: IsoWeek.nullable().meta({ description: 'The first week with a value, where the index is 100' }),
    basketAvg: Decimal.nullable().meta({ description: BASKET_AVG }),
    productsCount: z.int().min(0).meta({ description: PRODUCTS_COUNT }),
    weekStart: Day.nullable(),
    weekEnd: Day.nullable(),
  })
  .meta({
    id: 'CompatIndexLatest',
    description:
      'The variant shape of /index/latest: the national index of the 15-product basket in its newest closed ' +
      'ISO week with a value (the same week and value as the main /index/latest). Before any week has a ' +
      'value every key but productsCount (0) is null.',
  });

const CompatIndexWeek = z.strictObject({
  indexWeek: IsoWeek,
  indexValue: Decimal,
  basketAvg: Decimal.meta({ description: BASKET_AVG }),
  productsCount: z.int().min(0).meta({ description: PRODUCTS_COUNT }),
});

export const CompatIndexHistory = z.array(CompatIndexWeek).meta({
  id: 'CompatIndexHistory',
  description:
    'The variant shape of /index/history: the last `weeks` weeks with a value of the national basket index, ' +
    'oldest first (the newest last, as the main /index/history orders them).',
});

export const CompatIndexBasket = z
  .strictObject({
    basket: z.array(z.strictObject({ slug: Slug, label: z.string() })),
  })
  .meta({
    id: 'CompatIndexBasket',
    description:
      'The variant shape of /index/basket: the 15 products of the index basket, in the main /index/basket order.',
  });

export type CompatIndexWeekT = z.infer<typeof CompatIndexWeek>;
