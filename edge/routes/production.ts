/**
 * GET /production: yearly crop production (core/production.ts): the directory and one stored object,
 * filtered here.
 *   product  a family slug or a name folded like search that resolves to a family (its variants'
 *            names and the names sources print); else a printed name no family takes (its rows)
 *   year     a whole number; absent: every year of a product, or the region's newest year
 *   region   `tr` (default) or a province, by slug or name
 *   measure  whole (default), total, part or all (core/production.ts MEASURES)
 * A product or year that names nothing is an empty answer that says the newest year and, for a
 * product, the filter that named nothing (x-unknown-filters); a malformed value is a 400.
 */
import { UNKNOWN_FILTERS } from '../../core/extra-headers.ts';
import {
  MEASURES,
  NATIONAL_REGION,
  PRODUCTION_ATTRIBUTION,
  PRODUCTION_OBJECTS,
  UNDER_COVER_TABLE,
  type Measure,
} from '../../core/production.ts';
import { PROVINCES } from '../../core/provinces.ts';
import { fold, slugify } from '../../core/turkish.ts';
import type { ProductionDirectoryT, ProductionItemT, ProductionRowsT } from '../../schemas/production.ts';
import { jsonAnswer, type Answer, type RouteContext } from '../answer/context.ts';
import { ApiError } from '../answer/errors.ts';
import { enumParam, NAMES_NOTHING, slugParam } from '../request/params.ts';
import { readSearchData, searchProducts } from '../query/search.ts';
import { missingFromBuild, type Origin } from '../origin/object.ts';

const REGIONS: ReadonlySet<string> = new Set([NATIONAL_REGION, ...PROVINCES.map(slugify)]);

/** What the filters select: the rows, the newest year of the product (or region), and the filters as understood. */
export type ProductionSelection = {
  items: ProductionItemT[];
  newestYear: number | null;
  product: string | null;
  productMatch: 'family' | 'printed_name' | null;
  year: number | null;
  region: string;
  measure: Measure;
  headers: Record<string, string>;
};

export async function listProduction(ctx: RouteContext): Promise<Answer> {
  const { headers, ...selection } = await selectProduction(ctx);
  const { items, ...meta } = selection;
  const sources = [...new Set(items.map((i) => i.source))];
  const attribution = [PRODUCTION_ATTRIBUTION, ...sources].join(' · ');
  return { ...(await jsonAnswer({ items, meta: { count: items.length, ...meta }, attribution })), headers };
}

export async function selectProduction(ctx: RouteContext): Promise<ProductionSelection> {
  const year = yearParam(ctx.params);
  const region = regionParam(ctx.params);
  const measure = enumParam(ctx.params, 'measure', MEASURES) ?? 'whole';
  const product = slugParam(ctx.params, 'product');
  const directory = await readDirectory(ctx.origin);
  const regionNewest = directory.newestYear[region] ?? null;
  const understood = { year, region, measure };
  if (product === undefined) {
    const shown = year ?? regionNewest;
    const rows = shown === null ? [] : await readRows(ctx.origin, PRODUCTION_OBJECTS.year(shown, region));
    const items = byMeasure(rows, measure, true);
    const headers = unknownYear(ctx.params, year, rows);
    return { items, newestYear: regionNewest, product: null, productMatch: null, ...understood, headers };
  }
  const found = await resolveProduct(ctx, directory, product);
  if (!found) {
    const sent = encodeURIComponent(ctx.params.get('product') ?? '');
    const headers = { [UNKNOWN_FILTERS]: `product=${sent}` };
    return { items: [], newestYear: regionNewest, product: null, productMatch: null, ...understood, headers };
  }
  const rows =
    found.match === 'family'
      ? await readRows(ctx.origin, PRODUCTION_OBJECTS.family(found.slug, region))
      : (await readRows(ctx.origin, PRODUCTION_OBJECTS.names(region))).filter(
          (r) => slugify(r.productName) === found.slug,
        );
  const newestYear = rows.reduce<number | null>((newest, r) => Math.max(newest ?? r.year, r.year), null);
  const ofYear = rows.filter((r) => year === null || r.year === year);
  const items = byMeasure(ofYear, measure, found.match === 'family');
  const headers = unknownYear(ctx.params, year, ofYear);
  return { items, newestYear, product: found.slug, productMatch: found.match, ...understood, headers };
}

/** A year with no row in the selection (before `measure`) is a filter that names nothing, said as the others are. */
function unknownYear(params: URLSearchParams, year: number | null, rows: ProductionItemT[]): Record<string, string> {
  if (year === null || rows.length > 0) return {};
  return { [UNKNOWN_FILTERS]: `year=${encodeURIComponent((params.get('year') ?? '').trim())}` };
}

/**
 * A family slug as written; else a variant's or family's name, or a name the sources print for
 * one, equal to the folded value (as /search ranks a whole name first); else an unlinked printed name.
 */
async function resolveProduct(
  ctx: RouteContext,
  directory: ProductionDirectoryT,
  slug: string,
): Promise<{ slug: string; match: 'family' | 'printed_name' } | null> {
  if (slug === NAMES_NOTHING) return null;
  if (directory.families.includes(slug)) return { slug, match: 'family' };
  const q = fold(slug);
  const data = await readSearchData(ctx.origin);
  const whole = searchProducts(data, q, 50).find((h) => h.score === 0 || h.score === 4);
  const family = whole?.entry[2];
  if (family && directory.families.includes(family)) return { slug: family, match: 'family' };
  if (directory.names.includes(slug)) return { slug, match: 'printed_name' };
  return null;
}

/**
 * `whole`: per family and year, its total row where one is printed, otherwise the parts that make
 * it up (never those of the under-cover table, which count a share again); rows of no family are
 * shown under `whole` only when a printed name selected them (`ofFamilies` false).
 */
function byMeasure(rows: ProductionItemT[], measure: Measure, ofFamilies: boolean): ProductionItemT[] {
  if (measure === 'all') return rows;
  if (measure !== 'whole') return rows.filter((r) => r.measure === measure);
  if (!ofFamilies) return rows;
  const totals = new Set(rows.filter((r) => r.measure === 'total').map((r) => `${r.productSlug} ${r.year}`));
  return rows.filter((r) =>
    r.measure === 'total'
      ? true
      : r.measure === 'part' && r.tableId !== UNDER_COVER_TABLE && !totals.has(`${r.productSlug} ${r.year}`),
  );
}

/** `year`: a whole number (surrounding spaces allowed); anything else is a 400. */
function yearParam(params: URLSearchParams): number | null {
  const value = params.get('year');
  if (value === null || value.trim() === '') return null;
  if (!/^\s*\d{1,6}\s*$/.test(value))
    throw new ApiError(400, 'INVALID_PARAMETER', {
      parameter: 'year',
      value: value.slice(0, 64),
      expected: 'a year as a whole number, e.g. 2020',
    });
  return Number(value);
}

/** `region`: `tr` (default) or a province by slug or name (`antalya`, `Antalya`); anything else is a 400. */
function regionParam(params: URLSearchParams): string {
  const region = slugParam(params, 'region') ?? NATIONAL_REGION;
  if (!REGIONS.has(region))
    throw new ApiError(400, 'INVALID_PARAMETER', {
      parameter: 'region',
      value: (params.get('region') ?? '').slice(0, 64),
      expected: 'tr, or one of the 81 provinces by slug or name (antalya, İzmir)',
    });
  return region;
}

async function readDirectory(origin: Origin): Promise<ProductionDirectoryT> {
  const object = await origin.get(PRODUCTION_OBJECTS.directory);
  if (!object) missingFromBuild(PRODUCTION_OBJECTS.directory);
  return JSON.parse(await object.text()) as ProductionDirectoryT;
}

/** The items of one object; none when the build wrote none (a family with no row in that region). */
async function readRows(origin: Origin, path: string): Promise<ProductionItemT[]> {
  const object = await origin.get(path);
  if (!object) return [];
  const { region, sources, rows } = JSON.parse(await object.text()) as ProductionRowsT;
  return rows.map(([year, productName, quantityTons, source, productSlug, areaHectares, tableId, measure]) => ({
    year,
    productName,
    quantityTons,
    source: sources[source]!,
    productSlug,
    region,
    areaHectares,
    tableId,
    measure,
  }));
}
