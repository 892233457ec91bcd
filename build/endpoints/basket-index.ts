/**
 * The weekly price index of the 15-product basket (build/basket-index/): the national index over
 * every municipal fruit-and-vegetable market in the store, and one municipal index per province
 * with such a market. Published objects:
 *   api/v1/index/latest.json                 /index/latest
 *   api/v1/index/history.json, history-real.json   /index/history (the edge filters the weeks)
 *   api/v1/index/series/{slug}.json          /index/{slug} of a published index
 *   api/v1/index/unpublished/{slug}.json     a defined index that does not meet the rule → 409
 *   api/v1/index/basket.json                 /index/basket
 * Computed from the store's basket rows in one pass (weekly sums, not the rows, are kept); the
 * same store, CPI file and build day give the same bytes.
 */
import { BASKET_INDEX_OBJECTS as OBJECTS } from '../../core/objects.ts';
import { apiUrl } from '../../core/urls.ts';
import type { FreshnessBlock } from '../../schemas/common.ts';
import {
  BasketResponse,
  IndexHistory,
  IndexLatest,
  IndexSeries,
  UnpublishedIndex,
  type IndexHistoryT,
} from '../../schemas/basket-index.ts';
import type { Db } from '../../store/db.ts';
import {
  BASE_VALUE,
  BASKET,
  INDEX_VERSION,
  memberVariants,
  METHOD,
  MIN_MEMBERS,
  NATIONAL_SLUG,
  PUBLISH_MIN_WEEKS,
} from '../basket-index/basket.ts';
import {
  chainIndex,
  previousWeekOf,
  round2,
  round4,
  weekOf,
  WeeklyTableBuilder,
  type IndexPoint,
  type WeeklyTable,
} from '../basket-index/compute.ts';
import { deflate, readDeflator, type Deflator, type RealPoint } from '../basket-index/cpi.ts';
import { freshnessOfRows, quoteRows, type QuoteRow } from '../basket-index/load.ts';
import { attributionOf, type MarketRow, type Model } from '../model.ts';
import type { OutputWriter } from '../writer.ts';

const METHODOLOGY_NOTE =
  'Sepet: 15 temel ürün (domates, sivri biber, patlıcan, salatalık, patates, kuru soğan, havuç, kıvırcık marul, kabak, brokoli, elma, portakal, limon, üzüm, yerli muz). ' +
  'Haftalar ISO haftasıdır (Pazartesi–Pazar, Europe/Istanbul). Bir seri, bir çeşidin bir haldeki fiyatıdır; haftalık fiyatı, o haftaki günlük ortalamaların ortalamasıdır. ' +
  'Her hafta her ürün için yalnızca bu hafta ve son değer alan haftada fiyatı olan seriler karşılaştırılır: ürünün oranı, bu serilerin medyan fiyatlarının oranıdır. ' +
  'Haftalık bağ, ürün oranlarının geometrik ortalamasıdır; endeks = önceki değer × bağ. En az 10 ürünü karşılaştırılamayan hafta değer almaz ve sonraki hafta son değer alan haftayla karşılaştırılır. ' +
  'İlk değer alan hafta temel haftadır (100). Reel seri, endeksin TÜFE ile temel haftanın fiyatlarına indirgenmiş hâlidir.';

type IndexDefinition = {
  slug: string;
  name: string;
  scope: 'national' | 'municipal';
  province: string | null;
  markets: ReadonlySet<string>;
};

type ComputedIndex = {
  def: IndexDefinition;
  /** the weekly table the points are chained from */
  table: WeeklyTable;
  points: IndexPoint[];
  real: RealPoint[];
  published: boolean;
  /** the freshness of the newest week with a value: nominal, and real (its own last week) */
  freshness: FreshnessBlock;
  realFreshness: FreshnessBlock;
  /** sources with prices in a week that has a value */
  sources: string[];
};

/** National first, then one definition per province with a municipal fruit-and-vegetable market that prices a member. */
function indexDefinitions(model: Model, marketsWithRows: ReadonlySet<string>): IndexDefinition[] {
  const fruitMarkets = municipalFruitMarkets(model);
  const provinces = new Map<string, { name: string; markets: Set<string> }>();
  for (const m of fruitMarkets.filter((m) => marketsWithRows.has(m.slug))) {
    if (!provinces.has(m.provinceSlug)) provinces.set(m.provinceSlug, { name: m.province, markets: new Set() });
    provinces.get(m.provinceSlug)!.markets.add(m.slug);
  }
  return [
    {
      slug: NATIONAL_SLUG,
      name: 'Ulusal Hal Sepeti Endeksi',
      scope: 'national',
      province: null,
      markets: new Set(fruitMarkets.map((m) => m.slug)),
    },
    ...[...provinces.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([slug, p]) => ({
        slug,
        name: `${p.name} Hal Sepeti Endeksi`,
        scope: 'municipal' as const,
        province: slug,
        markets: p.markets,
      })),
  ];
}

/** The markets an index can price: municipal fruit-and-vegetable markets. */
function municipalFruitMarkets(model: Model): MarketRow[] {
  return [...model.markets.values()].filter(
    (m) => m.kind === 'sebze-meyve' && model.sources.get(m.source)?.kind === 'municipal',
  );
}

/**
 * One index's inputs, accumulated as the basket rows stream by (oldest day first): its weekly
 * table, and per week the sources priced and each source's newest row (all that the freshness
 * of a week needs), never the rows themselves.
 */
class IndexInputs {
  readonly table = new WeeklyTableBuilder();
  private readonly weeks = new Map<string, { sources: Set<string>; newest: Map<string, QuoteRow> }>();

  add(r: QuoteRow, member: string): void {
    this.table.add({ day: r.day, member, variant: r.variant, market: r.market, price: r.avg });
    const week = weekOf(r.day);
    let w = this.weeks.get(week);
    if (!w) this.weeks.set(week, (w = { sources: new Set(), newest: new Map() }));
    w.sources.add(r.source);
    const seen = w.newest.get(r.source);
    if (!seen || r.day > seen.day || (r.day === seen.day && r.id < seen.id)) w.newest.set(r.source, r);
  }

  compute(def: IndexDefinition, model: Model, cpi: Deflator): ComputedIndex {
    const table = this.table.table();
    const points = chainIndex(table, {
      members: BASKET.map((m) => m.slug),
      minMembers: MIN_MEMBERS,
      baseValue: BASE_VALUE,
    });
    const counted = points.map((p) => this.weeks.get(p.week)).filter((w) => w !== undefined);
    const real = deflate(points, cpi.values);
    const freshnessOfWeek = (week: string | undefined) =>
      freshnessOfRows(week ? [...(this.weeks.get(week)?.newest.values() ?? [])] : [], model);
    return {
      def,
      table,
      points,
      real,
      // The national index is published whenever it has a value; a municipal one once it has a year of weeks.
      published: def.scope === 'national' ? points.length > 0 : points.length >= PUBLISH_MIN_WEEKS,
      freshness: freshnessOfWeek(points[points.length - 1]?.week),
      realFreshness: freshnessOfWeek(real[real.length - 1]?.week),
      sources: [...new Set(counted.flatMap((w) => [...w.sources]))].sort(),
    };
  }
}

/** Every index, from the store's basket rows (closed weeks, each member's unit only) read once. */
function computeAllIndexes(db: Db, model: Model, cpi: Deflator = readDeflator()): ComputedIndex[] {
  const memberOf = new Map<string, string>();
  for (const m of BASKET) for (const v of memberVariants(m, model.variants.values())) memberOf.set(v, m.slug);
  const unitOf = new Map(BASKET.map((m) => [m.slug, m.unit]));
  const national = new IndexInputs();
  const byProvince = new Map<string, IndexInputs>();
  const marketsWithRows = new Set<string>();
  const everyFruitMarket = new Set(municipalFruitMarkets(model).map((m) => m.slug));
  for (const r of quoteRows(db, model, { variants: [...memberOf.keys()].sort() })) {
    const member = memberOf.get(r.variant)!;
    if (r.unit !== unitOf.get(member)) continue;
    marketsWithRows.add(r.market);
    if (!everyFruitMarket.has(r.market)) continue;
    national.add(r, member);
    const province = model.markets.get(r.market)!.provinceSlug;
    if (!byProvince.has(province)) byProvince.set(province, new IndexInputs());
    byProvince.get(province)!.add(r, member);
  }
  return indexDefinitions(model, marketsWithRows).map((def) =>
    (def.province === null ? national : byProvince.get(def.province)!).compute(def, model, cpi),
  );
}

const sourceText = (idx: ComputedIndex, extra: string[] = []) => [...idx.sources, ...extra].join(',') || 'none';

function latestBody(national: ComputedIndex, municipal: ComputedIndex[], model: Model) {
  const points = national.points;
  const last = points[points.length - 1];
  const before = last ? points.find((p) => p.week === previousWeekOf(last.week)) : undefined;
  return IndexLatest.parse({
    index: {
      slug: national.def.slug,
      name: national.def.name,
      method: METHOD,
      source: sourceText(national),
      base_week: points[0]?.week ?? null,
      base_value: BASE_VALUE,
    },
    latest: last
      ? {
          week: last.week,
          week_start: last.weekStart,
          week_end: last.weekEnd,
          value: round2(last.value),
          member_count: last.memberCount,
          previous_value: before ? round2(before.value) : null,
          change: before ? round4(last.value / before.value - 1) : null,
        }
      : null,
    ...national.freshness,
    attribution: attributionOf(model, national.sources),
    municipal: municipal.map((m) => ({
      slug: m.def.slug,
      name: m.def.name,
      published: m.published,
      weeks: m.points.length,
    })),
  });
}

function historyBody(idx: ComputedIndex, series: 'nominal' | 'real', model: Model, cpi: Deflator): IndexHistoryT {
  const byWeek = new Map(idx.points.map((p) => [p.week, p]));
  const values = series === 'nominal' ? idx.points : idx.real;
  return IndexHistory.parse({
    index: {
      slug: idx.def.slug,
      name:
        series === 'nominal'
          ? idx.def.name
          : `${idx.def.name} (reel: TÜFE ile ${idx.points[0]?.week ?? ''} haftasının fiyatlarıyla)`,
      base_week: idx.points[0]?.week ?? null,
      source: sourceText(idx, series === 'real' ? [cpi.id] : []),
    },
    items: values.map((v) => {
      const p = byWeek.get(v.week)!;
      return {
        week: p.week,
        week_start: p.weekStart,
        week_end: p.weekEnd,
        value: round2(v.value),
        member_count: p.memberCount,
      };
    }),
    meta: { count: values.length, from: null, to: null },
    ...(series === 'nominal' ? idx.freshness : idx.realFreshness),
    attribution: realAttribution(attributionOf(model, idx.sources), series, cpi),
  });
}

const realAttribution = (text: string, series: 'nominal' | 'real', cpi: Deflator) =>
  series === 'real' ? `${text} · Enflasyon: ${cpi.publisher}, ${cpi.name}` : text;

function seriesBody(idx: ComputedIndex, model: Model, cpi: Deflator) {
  return IndexSeries.parse({
    slug: idx.def.slug,
    name: idx.def.name,
    version: INDEX_VERSION,
    method: METHOD,
    base_week_start: idx.points[0]?.weekStart ?? null,
    base_value: BASE_VALUE,
    methodology_note: METHODOLOGY_NOTE,
    values: idx.points.map((p) => ({ week_start: p.weekStart, value: round2(p.value), member_count: p.memberCount })),
    meta: { weeks: idx.points.length },
    scope: idx.def.scope,
    province: idx.def.province,
    published: true,
    base_week: idx.points[0]?.week ?? null,
    min_members: MIN_MEMBERS,
    real_values: idx.real.map((r) => ({ week_start: r.weekStart, value: round2(r.value) })),
    deflator: {
      id: cpi.id,
      name: cpi.name,
      publisher: cpi.publisher,
      verify_at: cpi.verify_at,
      months: cpi.months_between,
    },
    ...idx.freshness,
    attribution: realAttribution(attributionOf(model, idx.sources), 'real', cpi),
  });
}

function basketBody(model: Model) {
  const basket = BASKET.map((m) => ({
    slug: m.slug,
    label: m.label,
    kind: m.kind,
    unit: m.unit,
    variants: memberVariants(m, model.variants.values()),
    url: apiUrl('/prices/latest', { product: m.slug }),
  }));
  return BasketResponse.parse({
    basket,
    meta: {
      count: basket.length,
      index: NATIONAL_SLUG,
      method: METHOD,
      min_members: MIN_MEMBERS,
      note: 'Ürün (product) üyeleri, ailenin birimdeki bütün çeşitlerini kapsar; çeşit (variant) üyeleri yalnızca o çeşidi. Birimler karışmaz: her üyenin kendi birimi vardır.',
    },
    attribution: attributionOf(model, [...model.sources.keys()]),
  });
}

/** The national index as computed: what the compatibility objects reshape (build/endpoints/compat/basket-index.ts). */
export type NationalIndex = Pick<ComputedIndex, 'table' | 'points'>;

export function writeIndexes(
  db: Db,
  model: Model,
  writer: OutputWriter,
): { indexes: number; weeks: number; national: NationalIndex } {
  const cpi = readDeflator();
  const [national, ...municipal] = computeAllIndexes(db, model, cpi);
  writer.writeJson(OBJECTS.latest, latestBody(national!, municipal, model));
  writer.writeJson(OBJECTS.history.nominal, historyBody(national!, 'nominal', model, cpi));
  writer.writeJson(OBJECTS.history.real, historyBody(national!, 'real', model, cpi));
  writer.writeJson(OBJECTS.basket, basketBody(model));
  for (const idx of [national!, ...municipal]) {
    if (idx.published) writer.writeJson(OBJECTS.series(idx.def.slug), seriesBody(idx, model, cpi));
    else
      writer.writeJson(
        OBJECTS.unpublished(idx.def.slug),
        UnpublishedIndex.parse({
          slug: idx.def.slug,
          name: idx.def.name,
          scope: idx.def.scope,
          province: idx.def.province,
          published: false,
          weeks: idx.points.length,
          rule: PUBLICATION_RULE,
        }),
      );
  }
  return { indexes: 1 + municipal.length, weeks: national!.points.length, national: national! };
}

const PUBLICATION_RULE = `Belediye endeksi, en az ${PUBLISH_MIN_WEEKS} haftası değer aldığında (her biri en az ${MIN_MEMBERS} ürünle) yayımlanır.`;
