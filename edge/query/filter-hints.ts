/**
 * Why an answer is empty, said in headers (core/extra-headers.ts): the newest data day of the rows
 * the filters select (`city=izmir&range=30d` is empty because İzmir's newest day is months back),
 * the filter values that name nothing, and the known values closest to them (`market=izmir` names
 * no market; `market=izmir-sebze-meyve` and `city=izmir` do). Header values are ASCII: a value as
 * the client sent it is percent-encoded.
 */
import { FILTER_SUGGESTIONS, NEWEST_DATA_DAY, UNKNOWN_FILTERS } from '../../core/extra-headers.ts';
import { slugify } from '../../core/turkish.ts';
import { newestDay, type CollectionDirectory } from './collection.ts';
import { NAMES_NOTHING } from '../request/params.ts';
import { readSearchData, searchMarkets, searchProducts, type SearchData } from './search.ts';
import type { Origin } from '../origin/object.ts';

const MAX_SUGGESTIONS = 5;

/** The filters of /prices and its export, in the order of their collection keys (core/collection-keys.ts). */
export const DIMENSIONS = ['product', 'market', 'city', 'category'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The filters as the client wrote them (for headers that name them). */
export function sentFilters(params: URLSearchParams): Partial<Record<Dimension, string>> {
  return Object.fromEntries(DIMENSIONS.map((f) => [f, params.get(f)]).filter(([, v]) => v !== null));
}

/** Why an answer of a collection may be empty: its newest data day, or, without one, the filters that name nothing. */
export async function answerHints(
  origin: Origin,
  directory: CollectionDirectory | null,
  filters: Partial<Record<Dimension, string>>,
  params: URLSearchParams,
): Promise<Record<string, string>> {
  return directory ? newestDayHeader(directory) : unknownFilterHeaders(origin, filters, sentFilters(params));
}

/** The newest data day of a collection, as a header (none when there is no collection or no row). */
export function newestDayHeader(directory: CollectionDirectory | null): Record<string, string> {
  const day = directory ? newestDay(directory) : null;
  return day ? { [NEWEST_DATA_DAY]: day } : {};
}

type Known = Record<Dimension, Set<string>>;

function knownValues(data: SearchData): Known {
  return {
    product: new Set(data.products.flatMap((p) => [p[0], p[2]])),
    market: new Set(data.markets.map((m) => m[0])),
    city: new Set(data.markets.map((m) => slugify(m[2]))),
    category: new Set(data.products.map((p) => p[3])),
  };
}

/** Known values of every dimension for a slug that names nothing, closest first. */
function suggestionsFor(data: SearchData, known: Known, slug: string): string[] {
  if (slug === NAMES_NOTHING) return [];
  const q = slug.replace(/-/g, ' ');
  const bySlug = (dimension: Dimension) =>
    [...known[dimension]]
      .filter((k) => k.includes(slug) || slug.includes(k))
      .sort()
      .map((k) => `${dimension}=${k}`);
  return [
    ...bySlug('city'),
    ...bySlug('category'),
    ...searchMarkets(data, q, MAX_SUGGESTIONS).map((m) => `market=${m[0]}`),
    ...searchProducts(data, q, MAX_SUGGESTIONS).map((h) => `product=${h.entry[0]}`),
  ];
}

/**
 * For filters that select no collection: the values that name nothing and the closest known
 * ones. `sent` holds each filter as the client wrote it. Reads the search data only on this path.
 */
export async function unknownFilterHeaders(
  origin: Origin,
  filters: Partial<Record<Dimension, string>>,
  sent: Partial<Record<Dimension, string>>,
): Promise<Record<string, string>> {
  const data = await readSearchData(origin);
  const known = knownValues(data);
  const unknown = (Object.entries(filters) as [Dimension, string][]).filter(
    ([dimension, slug]) => !known[dimension].has(slug),
  );
  if (unknown.length === 0) return {};
  const suggestions = [...new Set(unknown.flatMap(([, slug]) => suggestionsFor(data, known, slug)))].slice(
    0,
    MAX_SUGGESTIONS,
  );
  return {
    [UNKNOWN_FILTERS]: unknown
      .map(([dimension]) => `${dimension}=${encodeURIComponent(sent[dimension] ?? '')}`)
      .join(', '),
    ...(suggestions.length ? { [FILTER_SUGGESTIONS]: suggestions.join(', ') } : {}),
  };
}
