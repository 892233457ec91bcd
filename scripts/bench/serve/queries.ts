/**
 * The query mix: the seven queries the dynamic peer was measured with (the real İzmir rows), the
 * market's slug and day taken from the build, and beside each the peer's figures as measured
 * once on this machine (they are not measured again by the bench).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiUrl } from '../../../core/urls.ts';

/** `peer`: req/s and p50 ms of the dynamic peer (Fastify + MariaDB) at d2f12e6 */
export type Query = { label: string; path: string; peer: { rps: number; p50Ms: number } };

/** The largest object, `/prices/latest`, as the static server reads it (identity; the twin adds `.br`). */
export const LARGEST_OBJECT = 'api/v1/prices/latest.json';

type Market = { slug: string; province: string; kind: string; last_observed_date: string | null };

/** İzmir's produce market and its last day with rows. */
export function izmirMarket(distDir: string): { slug: string; day: string } {
  const { items } = JSON.parse(readFileSync(join(distDir, 'api/v1/markets.json'), 'utf8')) as { items: Market[] };
  const market = items.find((m) => m.province === 'İzmir' && m.kind === 'sebze-meyve' && m.last_observed_date);
  if (!market) throw new Error(`${distDir}/api/v1/markets.json has no İzmir produce market with rows`);
  return { slug: market.slug, day: market.last_observed_date! };
}

export function queries(distDir: string): Query[] {
  const { slug, day } = izmirMarket(distDir);
  const q = (label: string, path: string, rps: number, p50Ms: number): Query => ({ label, path, peer: { rps, p50Ms } });
  return [
    q('markets', apiUrl('/markets'), 940, 9),
    q(
      'product × market 156d',
      apiUrl('/prices', { product: 'domates', market: slug, range: '156d', limit: 200 }),
      75,
      126,
    ),
    q('history 365d', apiUrl('/prices/history/{slug}', { slug: 'domates', market: slug, range: '365d' }), 41, 239),
    q(`market on ${day}`, apiUrl('/prices', { market: slug, date: day, limit: 200 }), 2, 4484),
    q('latest (largest object)', apiUrl('/prices/latest'), 49, 199),
    q('search', apiUrl('/products/search', { q: 'domates' }), 572, 15),
    q('deep page', apiUrl('/prices', { market: slug, page: 40, limit: 100 }), 4.4, 2061),
  ];
}
