/**
 * The search data: /search-index (public, the names the site's quick search uses) and the edge's
 * compact copy with every name and alias already folded by core/turkish.ts, the function ingest
 * uses, so a query is folded once at the edge and compared.
 */
import { SEARCH_DATA_PATH, SEARCH_INDEX_PATH } from '../../core/objects.ts';
import { fold } from '../../core/turkish.ts';
import { EdgeSearchData, SearchIndex } from '../../schemas/search.ts';
import type { Db } from '../../store/db.ts';
import { defaultAttribution, type Model } from '../model.ts';
import type { NationalIndicator } from '../national.ts';
import type { OutputWriter } from '../writer.ts';

const SEARCH_INDEX_NOTE =
  'Hızlı arama için adlar: ürün çeşitleri (kaynakların yazdığı adlarla), haller, şehirler. Komisyoncu (firma) adları henüz hiçbir kaynakta yok.';

export function writeSearch(
  db: Db,
  model: Model,
  indicators: Map<string, NationalIndicator>,
  writer: OutputWriter,
): void {
  const aliasRows = db
    .prepare(
      'SELECT DISTINCT variant_slug AS variant, raw_name, match_key FROM source_names WHERE variant_slug IS NOT NULL ORDER BY variant_slug, match_key, raw_name',
    )
    .all() as {
    variant: string;
    raw_name: string;
    match_key: string;
  }[];
  const aliases = new Map<string, [string, string][]>();
  for (const a of aliasRows) {
    const list = aliases.get(a.variant) ?? [];
    if (!list.some(([, key]) => key === a.match_key)) list.push([a.raw_name, a.match_key]);
    aliases.set(a.variant, list);
  }
  const variants = [...model.variants.values()];
  const markets = [...model.markets.values()];
  const cities = new Map<string, { slug: string; name: string; markets: number }>();
  for (const m of markets) {
    const c = cities.get(m.provinceSlug) ?? { slug: m.provinceSlug, name: m.province, markets: 0 };
    c.markets++;
    cities.set(m.provinceSlug, c);
  }
  const attribution = defaultAttribution(model);
  writer.writeJson(
    SEARCH_INDEX_PATH,
    SearchIndex.parse({
      products: variants.map((v) => ({
        slug: v.slug,
        name: v.name,
        product: v.product,
        category: v.category,
        unit: v.unit,
        names: (aliases.get(v.slug) ?? []).map(([raw]) => raw),
      })),
      markets: markets.map((m) => ({ slug: m.slug, name: m.name, province: m.province })),
      cities: [...cities.values()].sort((a, b) => (a.slug < b.slug ? -1 : 1)),
      firms: [],
      meta: {
        products: variants.length,
        markets: markets.length,
        cities: cities.size,
        firms: 0,
        note: SEARCH_INDEX_NOTE,
      },
      attribution,
    }),
  );
  writer.writeJson(
    SEARCH_DATA_PATH,
    EdgeSearchData.parse({
      products: variants.map((v) => [
        v.slug,
        v.name,
        v.product,
        v.category,
        v.unit,
        indicators.get(v.slug)?.observedDate ?? null,
        fold(v.name),
        aliases.get(v.slug) ?? [],
      ]),
      markets: markets.map((m) => [m.slug, m.name, m.province, fold(m.name), fold(m.province)]),
      attribution,
    }),
  );
}
