/**
 * /production's objects and vocabulary, shared by the build (build/endpoints/production.ts) and
 * the edge (edge/routes/production.ts). Rows are stored per product family and region (all
 * years), for the printed names no family takes per region (all years), and per year and region
 * (all products), so that any combination of the filters is answered from one of them; the directory
 * says which families and names have rows and each region's newest year.
 */

const PRODUCTION = 'api/v1/production/';

export const PRODUCTION_OBJECTS = {
  /** families with rows, unlinked printed names, each region's newest year (ProductionDirectory) */
  directory: 'api/v1/_meta/production.json',
  family: (slug: string, region: string): string => `${PRODUCTION}family/${slug}/${region}.json`,
  /** the rows of every printed name no family takes, in one region */
  names: (region: string): string => `${PRODUCTION}names/${region}.json`,
  year: (year: number, region: string): string => `${PRODUCTION}year/${year}/${region}.json`,
} as const;

/** The national region: the statistics institute's tables; every other region is a province slug. */
export const NATIONAL_REGION = 'tr';

/**
 * How a row stands to its product family (data/migrations/006_production.sql): `total` the
 * family's whole production, `part` a share of it. The `measure` filter takes these, `all`, and
 * `whole` (the default): the total where one is printed, otherwise the parts that make it up.
 */
export const MEASURES = ['whole', 'total', 'part', 'all'] as const;
export type Measure = (typeof MEASURES)[number];

/**
 * The table that counts again a share of the field tables (production under cover): its parts are
 * never the whole production, even where a year prints no total.
 */
export const UNDER_COVER_TABLE = '45_30';

/** What every production answer credits: the institute, then each table's own Kaynak line. */
export const PRODUCTION_ATTRIBUTION = 'TÜİK (Türkiye İstatistik Kurumu), bitkisel üretim istatistikleri';
