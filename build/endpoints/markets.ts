/** /markets (and its legacy address /prices/markets): every market of the registry. */
import { MARKETS_PATH } from '../../core/objects.ts';
import { apiUrl } from '../../core/urls.ts';
import { MarketsEnvelope } from '../../schemas/markets.ts';
import type { Db } from '../../store/db.ts';
import { attributionOf, expectedDaysText, type Model } from '../model.ts';
import type { OutputWriter } from '../writer.ts';
import { newestListFreshness } from './sources-status.ts';

type MarketLatest = {
  market_slug: string;
  day: string;
  kind: 'archive' | 'live';
  fetched_at: string | null;
  products: number;
};

function buildMarkets(db: Db, model: Model) {
  // Each market's newest bulletin, found once per market: a correlated max() per bulletin row
  // would scan the bulletins for every one of them.
  const latest = new Map(
    (
      db
        .prepare(`
          WITH newest AS (SELECT market_slug, max(data_day) AS day FROM bulletins GROUP BY market_slug)
          SELECT b.market_slug, b.data_day AS day, d.kind, d.fetched_at,
                 (SELECT count(DISTINCT n.variant_slug) FROM observations o JOIN source_names n ON n.id = o.source_name_id
                   WHERE o.market_slug = b.market_slug AND o.data_day = b.data_day AND n.variant_slug IS NOT NULL) AS products
          FROM newest JOIN bulletins b ON b.market_slug = newest.market_slug AND b.data_day = newest.day JOIN documents d ON d.id = b.document_id
          ORDER BY b.source_key, b.market_slug, b.data_day`)
        .all() as MarketLatest[]
    ).map((m) => [m.market_slug, m]),
  );
  const items = [...model.markets.values()].map((m) => {
    const source = model.sources.get(m.source)!;
    const l = latest.get(m.slug);
    const freshness = newestListFreshness(l?.day, l, source.state, model.today);
    return {
      slug: m.slug,
      name: m.name,
      province: m.province,
      district: m.district,
      kind: m.kind,
      source: source.key,
      source_name: source.name,
      organisation: source.organisation,
      source_url: source.url,
      licence: source.licence,
      status: source.derived.status,
      enabled: source.enabled,
      expected_days: expectedDaysText(source.publishingDays),
      last_observed_date: l?.day ?? null,
      product_count: l?.products ?? 0,
      ...freshness,
      url: apiUrl('/prices', { market: m.slug }),
    };
  });
  return MarketsEnvelope.parse({
    items,
    meta: { count: items.length },
    attribution: attributionOf(model, new Set(items.map((i) => i.source))),
  });
}

export function writeMarkets(db: Db, model: Model, writer: OutputWriter): number {
  const body = buildMarkets(db, model);
  writer.writeJson(MARKETS_PATH, body);
  return body.items.length;
}
