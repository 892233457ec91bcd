/**
 * Everything the generators share, read once from the store: sources with their freshness
 * state, markets, the catalogue, and corrections. Rows themselves are streamed (price-rows.ts).
 */
import type { Day } from '../core/dates.ts';
import type { SourceDefinition } from '../sources/types.ts';
import type { Db } from '../store/db.ts';
import { frozenSources } from '../store/bulletins.ts';
import type { SourceFreshnessState } from './freshness.ts';
import { deriveSourceState, type Run, type SourceState } from './source-status.ts';

/** A source as the store holds it (its registry definition, store/seed.ts), with what the build derives. */
type SourceRow = Omit<SourceDefinition, 'method' | 'markets' | 'publishingDays'> & {
  publishingDays: number[];
  state: SourceFreshnessState;
  /** status, health and reasons (build/source-status.ts) */
  derived: SourceState;
  runs: Run[];
  latestFetchedAt: string | null;
};
export type MarketRow = {
  slug: string;
  source: string;
  name: string;
  province: string;
  provinceSlug: string;
  district: string | null;
  kind: string;
};
type VariantRow = { slug: string; product: string; name: string; unit: string; category: string };
type ProductRow = { slug: string; name: string; category: string };
export type Correction = {
  field: 'min_price' | 'max_price' | 'avg_price';
  value: number;
  reason: string;
  by: string;
  at: string;
};

export type Model = {
  today: Day;
  sources: Map<string, SourceRow>;
  sourceByNumber: Map<number, SourceRow>;
  markets: Map<string, MarketRow>;
  variants: Map<string, VariantRow>;
  products: Map<string, ProductRow>;
  categories: Map<string, string>;
  corrections: Map<string, Correction[]>;
};

const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** `expected_days` as published: ISO weekday abbreviations, e.g. `Mon,Tue,Wed,Thu,Fri,Sat`. */
export function expectedDaysText(days: number[]): string {
  return days.map((d) => WEEKDAY_NAMES[d - 1]).join(',');
}

export function loadModel(db: Db, today: Day): Model {
  // Full holidays close the markets; half days (bayram eves) are trading mornings.
  const holidays = new Set(db.prepare('SELECT day FROM holidays WHERE half_day = 0').pluck().all() as string[]);
  const latest = new Map(
    (
      db.prepare('SELECT source_key, max(data_day) AS day FROM bulletins GROUP BY source_key').all() as {
        source_key: string;
        day: string;
      }[]
    ).map((r) => [r.source_key, r.day]),
  );
  const runs = new Map<string, Run[]>();
  for (const r of db
    .prepare(
      'SELECT source_key, started_at, finished_at, outcome, observations, scheduled, message FROM source_runs ORDER BY started_at, id',
    )
    .all() as (Run & { source_key: string })[]) {
    if (!runs.has(r.source_key)) runs.set(r.source_key, []);
    runs.get(r.source_key)!.push(r);
  }
  const latestFetch = new Map(
    (
      db.prepare('SELECT source_key, max(fetched_at) AS at FROM documents GROUP BY source_key').all() as {
        source_key: string;
        at: string | null;
      }[]
    ).map((r) => [r.source_key, r.at]),
  );
  const frozen = frozenSources(db);
  const sources = new Map<string, SourceRow>();
  for (const s of db.prepare('SELECT * FROM sources ORDER BY number').all() as Record<string, unknown>[]) {
    const publishingDays = String(s.publishing_days).split(',').map(Number);
    const enabled = s.enabled === 1;
    const key = String(s.key);
    const calendar = { publishingDays: new Set(publishingDays), holidays, lagDays: Number(s.data_lag_days) };
    const derived = deriveSourceState({
      enabled,
      verification: s.verification as SourceRow['verification'],
      runs: runs.get(key) ?? [],
      frozen: frozen.has(key),
      latestDay: latest.get(key) ?? null,
      calendar,
      today,
    });
    sources.set(key, {
      key,
      number: Number(s.number),
      name: String(s.name),
      organisation: String(s.organisation),
      kind: s.kind as SourceRow['kind'],
      url: (s.url as string | null) ?? null,
      licence: (s.licence as string | null) ?? null,
      attribution: String(s.attribution),
      publishingDays,
      publishWindow: (s.publish_window as string | null) ?? null,
      dataLagDays: Number(s.data_lag_days),
      enabled,
      verification: s.verification as SourceRow['verification'],
      note: String(s.note),
      state: { calendar, latestDay: latest.get(key) ?? null, condition: derived.condition },
      derived,
      runs: runs.get(key) ?? [],
      latestFetchedAt: latestFetch.get(key) ?? null,
    });
  }
  /** The rows `sql` selects, by their slug (in the order it gives them). */
  const bySlug = <T extends { slug: string }>(sql: string) =>
    new Map((db.prepare(sql).all() as T[]).map((row) => [row.slug, row]));
  const markets = bySlug<MarketRow>(
    `SELECT slug, source_key AS source, name, province, province_slug AS provinceSlug, district, kind
     FROM markets ORDER BY slug`,
  );
  const products = bySlug<ProductRow>('SELECT slug, name, category_slug AS category FROM products ORDER BY slug');
  const variants = bySlug<VariantRow>(
    `SELECT v.slug, v.product_slug AS product, v.name, v.unit, p.category_slug AS category
     FROM variants v JOIN products p ON p.slug = v.product_slug ORDER BY v.slug`,
  );
  const categories = new Map(
    (db.prepare('SELECT slug, name FROM categories ORDER BY slug').all() as { slug: string; name: string }[]).map(
      (c) => [c.slug, c.name],
    ),
  );
  const corrections = new Map<string, Correction[]>();
  for (const c of db
    .prepare(
      'SELECT observation_id AS id, field, value, reason, corrected_by AS "by", corrected_at AS "at" FROM corrections ORDER BY corrected_at, id',
    )
    .all() as (Correction & { id: string })[]) {
    corrections.set(c.id, [
      ...(corrections.get(c.id) ?? []),
      { field: c.field, value: c.value, reason: c.reason, by: c.by, at: c.at },
    ]);
  }
  return {
    today,
    sources,
    sourceByNumber: new Map([...sources.values()].map((s) => [s.number, s])),
    markets,
    variants,
    products,
    categories,
    corrections,
  };
}

/** The attribution text of a set of sources, in registry order. */
export function attributionOf(model: Model, sourceKeys: Iterable<string>): string {
  const wanted = new Set(sourceKeys);
  const texts = [...model.sources.values()].filter((s) => wanted.has(s.key)).map((s) => s.attribution);
  return texts.length ? texts.join(' · ') : defaultAttribution(model);
}

export function defaultAttribution(model: Model): string {
  return [...model.sources.values()].map((s) => s.attribution).join(' · ');
}
