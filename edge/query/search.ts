/**
 * Query-driven search at the edge, over the compact precomputed data (api/v1/_meta/search.json).
 * The query is folded with core/turkish.ts — the same function ingest uses for match keys — and
 * compared with names folded at build time. Rank: the whole name, a name starting with the
 * query, a word starting with it, the name containing it; then the same over the names the
 * sources print (aliases). Ties by slug, so results are stable.
 */
import { SEARCH_DATA_PATH } from '../../core/objects.ts';
import { SEARCH_QUERY } from '../../core/routes.ts';
import { fold, foldedLength } from '../../core/turkish.ts';
import type { EdgeSearchDataT } from '../../schemas/search.ts';
import { missingFromBuild, type Origin } from '../origin/object.ts';
import { ApiError } from '../answer/errors.ts';

export type SearchData = EdgeSearchDataT;
type ProductEntry = SearchData['products'][number];
type MarketEntry = SearchData['markets'][number];

export async function readSearchData(origin: Origin): Promise<SearchData> {
  const object = await origin.get(SEARCH_DATA_PATH);
  if (!object) missingFromBuild(SEARCH_DATA_PATH);
  return JSON.parse(await object.text()) as SearchData;
}

/** The query as given (trimmed, at most SEARCH_QUERY.maxLength characters) and its folded key; 400 when too short. */
export function searchQuery(params: URLSearchParams): { query: string; normalised: string } {
  const query = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY.maxLength);
  if (foldedLength(query) < SEARCH_QUERY.minLetters)
    throw new ApiError(400, 'QUERY_TOO_SHORT', { parameter: 'q', minLetters: SEARCH_QUERY.minLetters });
  return { query, normalised: fold(query) };
}

function rank(key: string, q: string): number {
  if (key === q) return 0;
  if (key.startsWith(q)) return 1;
  if (key.includes(` ${q}`)) return 2;
  if (key.includes(q)) return 3;
  return -1;
}

export type ProductHit = { entry: ProductEntry; matched: 'name' | 'alias'; alias: string | null; score: number };

export function searchProducts(data: SearchData, q: string, limit: number): ProductHit[] {
  const hits: ProductHit[] = [];
  for (const entry of data.products) {
    const byName = rank(entry[6], q);
    if (byName >= 0) {
      hits.push({ entry, matched: 'name', alias: null, score: byName });
      continue;
    }
    let best: ProductHit | null = null;
    for (const [raw, key] of entry[7]) {
      const r = rank(key, q);
      if (r >= 0 && (!best || 4 + r < best.score)) best = { entry, matched: 'alias', alias: raw, score: 4 + r };
    }
    if (best) hits.push(best);
  }
  return hits.sort((a, b) => a.score - b.score || (a.entry[0] < b.entry[0] ? -1 : 1)).slice(0, limit);
}

/** By name, then by province (a province's markets after every market whose name matches); markets matching neither are left out. */
export function searchMarkets(data: SearchData, q: string, limit: number): MarketEntry[] {
  const scoreOf = (m: MarketEntry) => {
    const byName = rank(m[3], q);
    const byProvince = rank(m[4], q);
    return byName >= 0 ? byName : byProvince >= 0 ? 4 + byProvince : -1;
  };
  return data.markets
    .map((m) => ({ m, score: scoreOf(m) }))
    .filter((x) => x.score >= 0)
    .sort((a, b) => a.score - b.score || (a.m[0] < b.m[0] ? -1 : 1))
    .slice(0, limit)
    .map((x) => x.m);
}
