/**
 * The public URLs the API writes into its answers and pages (`url`, `observationUrl`, page links,
 * mail links), spelled in one place as datasette's url_builder does: a path in the route table's
 * own form (core/routes.ts: `/prices/history/{slug}`), each `{name}` filled with its value as one
 * percent-encoded segment, and the other values as the query, in the order given, form-encoded
 * (URLSearchParams). Slugs, ids and days need no escaping, so every URL reads as it always has.
 */

/** The base path of the API: `/api/v1/prices` is the route `/prices`. */
export const API_BASE = '/api/v1';

/** Values by name: those a path names fill it, the rest are the query; null and undefined are left out. */
export type UrlValues = Readonly<Record<string, string | number | null | undefined>> | URLSearchParams;

/** `path` with its `{name}`s filled from `values` and the other values as its query (no `?` without one). */
export function publicUrl(path: string, values: UrlValues = {}): string {
  const given: [string, string | number | null | undefined][] =
    values instanceof URLSearchParams ? [...values] : Object.entries(values);
  const inPath = new Set<string>();
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = given.find(([key]) => key === name)?.[1];
    if (value === null || value === undefined) throw new Error(`${path}: no value for {${name}}`);
    inPath.add(name);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of given)
    if (!inPath.has(name) && value !== null && value !== undefined) query.append(name, String(value));
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

/** The public URL of a route of the API: apiUrl('/prices', { product: 'domates' }) is `/api/v1/prices?product=domates`. */
export const apiUrl = (route: string, values?: UrlValues): string => publicUrl(`${API_BASE}${route}`, values);
