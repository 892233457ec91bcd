/**
 * The rows the compatibility prefix's /prices and /prices/export select: the variant's filters
 * (`city` by name or plate code, `product`, `category`) pick the same precomputed collection as
 * the main /prices (or its latestOnly twin), `range` a window of its data days.
 */
import { rangeWindow, readPriceCollection, window, type CollectionDirectory } from '../../query/collection.ts';
import { compatCity } from './city.ts';
import type { Dimension } from '../../query/filter-hints.ts';
import { slugParam } from '../../request/params.ts';
import type { Origin } from '../../origin/object.ts';

export type CompatFilters = Partial<Record<Extract<Dimension, 'product' | 'city' | 'category'>, string>>;

/** The variant's filters, each folded to a slug (the city from its name or plate code). */
export function compatFilters(params: URLSearchParams): CompatFilters {
  const filters: CompatFilters = {
    product: slugParam(params, 'product'),
    city: compatCity(params),
    category: slugParam(params, 'category'),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
}

export type Selection = { directory: CollectionDirectory | null; offset: number; total: number };

/** The collection the filters name (its latest rows per variant × market when `latest`) and the window of `range` days. */
export async function selectRows(
  origin: Origin,
  filters: CompatFilters,
  range: number | undefined,
  today: string,
  latest: boolean,
): Promise<Selection> {
  const directory = await readPriceCollection(origin, filters, latest);
  if (!directory) return { directory, offset: 0, total: 0 };
  const days = range ? rangeWindow(today, range) : { from: null, to: null };
  return { directory, ...window(directory, days.from, days.to) };
}
