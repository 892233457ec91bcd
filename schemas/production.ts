/**
 * /production: yearly crop production from the official statistics (data/production/README.md).
 * Items start with the variant's keys (year, productName, quantityTons, source) and append the
 * family, region, area, table and measure. `quantityTons` null is a missing value, never 0 t.
 */
import { z } from 'zod';
import { MEASURES } from '../core/production.ts';
import { Attribution, Slug } from './common.ts';

const Year = z.int().min(1900).max(2100);

export const ProductionItem = z
  .strictObject({
    year: Year,
    productName: z.string().min(1).meta({ description: 'The product as the table prints it' }),
    quantityTons: z.int().min(0).nullable().meta({ description: 'Tonnes; null: not given (never 0 t)' }),
    source: z.string().min(1).meta({ description: "The table's Kaynak line, or the province database's provenance" }),
    productSlug: Slug.nullable().meta({ description: 'The product family the printed name links to; null: none' }),
    region: Slug.meta({ description: '`tr` (national) or a province slug' }),
    areaHectares: z.number().min(0).nullable(),
    tableId: z.string().min(1).meta({ description: "TÜİK's table number (45_t10 …) or `kds` (the province database)" }),
    measure: z
      .enum(['total', 'part'])
      .nullable()
      .meta({ description: "total: the family's whole production; part: a share of it; null: no family" }),
  })
  .meta({ id: 'ProductionItem' });
export type ProductionItemT = z.infer<typeof ProductionItem>;

/**
 * One stored object: the rows of a family, of the printed names no family takes, or of a year, in
 * one region. Each row is a tuple and names its source by position: a province row's provenance is
 * ~270 characters, repeated on every row of 81 provinces. The edge makes the items from it.
 */
const ProductionRow = z.tuple([
  Year,
  z.string().min(1),
  z.int().min(0).nullable(),
  z.int().min(0),
  Slug.nullable(),
  z.number().min(0).nullable(),
  z.string().min(1),
  z.enum(['total', 'part']).nullable(),
]);
export type ProductionRowT = z.infer<typeof ProductionRow>;
export const ProductionRows = z.strictObject({
  region: Slug,
  sources: z.array(z.string().min(1)),
  rows: z.array(ProductionRow),
});
export type ProductionRowsT = z.infer<typeof ProductionRows>;

/** Which families and unlinked printed names (folded to slugs) have rows, and each region's newest year. */
export const ProductionDirectory = z.strictObject({
  families: z.array(Slug),
  names: z.array(Slug),
  newestYear: z.record(Slug, Year),
});
export type ProductionDirectoryT = z.infer<typeof ProductionDirectory>;

export const ProductionEnvelope = z
  .strictObject({
    items: z.array(ProductionItem),
    meta: z.strictObject({
      count: z.int().min(0),
      newestYear: Year.nullable().meta({
        description: "The newest year with a row for the selection's product (or every product) and region",
      }),
      product: Slug.nullable().meta({ description: 'The family slug, or the folded printed name, understood' }),
      productMatch: z.enum(['family', 'printed_name']).nullable(),
      year: z.int().nullable(),
      region: Slug,
      measure: z.enum(MEASURES),
    }),
    attribution: Attribution,
  })
  .meta({ id: 'ProductionEnvelope' });

/** The variant's shape: a bare array of {year, productName, quantityTons, source}. */
export const CompatProductionItem = z
  .strictObject({
    year: Year,
    productName: z.string().min(1),
    quantityTons: z.number().min(0),
    source: z.string().min(1),
  })
  .meta({ id: 'CompatProductionItem' });
export const CompatProduction = z.array(CompatProductionItem).meta({ id: 'CompatProduction' });
