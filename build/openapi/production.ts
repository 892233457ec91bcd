/** /production and its compatibility twin in the OpenAPI document: the parameters and the rules they follow. */
import { MEASURES } from '../../core/production.ts';
import {
  CompatProduction,
  CompatProductionItem,
  ProductionEnvelope,
  ProductionItem,
} from '../../schemas/production.ts';
import { parameter, type Json, type OperationDocs } from './parts.ts';

const productParameter = parameter(
  'product',
  'A product family slug (domates), or a name folded like search (Domates, DOMATES, a variant name or a name ' +
    'the sources print) that resolves to a family; else a product name as the tables print it that links to no ' +
    'family (its rows). A product that names nothing → 200 with no items, the newest year in meta and ' +
    'x-unknown-filters.',
  { type: 'string' },
);
const yearParameter = parameter(
  'year',
  'A year as a whole number (2020). Absent: every year of a product; without a product, the newest year of the ' +
    'region. A year with no row → 200 with no items and x-unknown-filters; not a whole number → 400 INVALID_PARAMETER.',
  { type: 'string', pattern: '^\\s*\\d{1,6}\\s*$' },
);

const PARAMETERS: Json[] = [
  productParameter,
  yearParameter,
  parameter(
    'region',
    '`tr` (the national tables, default) or a province by slug or name (antalya, İzmir): the province database, ' +
      'each row saying so in `source`. Anything else → 400 INVALID_PARAMETER.',
    { type: 'string', default: 'tr' },
  ),
  parameter(
    'measure',
    "How rows stand to their family. whole (default): the family's total where the table prints one, otherwise " +
      'the parts that make it up (never the production under cover, table 45_30, which counts a share again); ' +
      'total, part: rows of that measure; all: every row, those of no family too. Another value → 400 ' +
      'INVALID_PARAMETER.',
    { type: 'string', enum: [...MEASURES], default: 'whole' },
  ),
];

const RULES =
  "Yearly crop production from TÜİK's tables (national, 1988–2024) and a province database (2014–2024) " +
  '(docs/production.md). quantityTons null is a missing value, never 0 t. Without filters: the newest year of ' +
  'region tr, every family by the whole rule.';

export const PRODUCTION_DOCS: OperationDocs = {
  schemas: { listProduction: ProductionEnvelope, compatListProduction: CompatProduction },
  parameters: { listProduction: PARAMETERS, compatListProduction: PARAMETERS },
  descriptions: {
    listProduction: RULES,
    compatListProduction:
      `${RULES} The variant's keys only (by default region tr and the whole rule, as the main operation); rows ` +
      'whose tonnes are missing are left out (/api/v1/production has them, with region, measure, area and table).',
  },
  components: [ProductionItem, CompatProductionItem],
};
