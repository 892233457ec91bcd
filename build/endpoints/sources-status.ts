/**
 * /sources/status: every source of the registry with its status, health and the reasons,
 * derived from its runs and data (build/source-status.ts), and the freshness of its latest data.
 * The same object feeds the /data-health page.
 */
import { SOURCES_STATUS_PATH } from '../../core/objects.ts';
import { SourceStatusEnvelope, type SourceStatusEnvelopeT } from '../../schemas/sources.ts';
import type { Db } from '../../store/db.ts';
import type { Day } from '../../core/dates.ts';
import { classifyRow, unavailable, type SourceFreshnessState } from '../freshness.ts';
import { defaultAttribution, expectedDaysText, type Model } from '../model.ts';
import type { OutputWriter } from '../writer.ts';

const SOURCES_NOTE =
  'Durum (status) kaynağın bilinen hâlidir; sağlık (health) kullanıcı için özetidir. Geride kalan yayın günleri kaynağın yayın takvimi ve resmî tatiller üzerinden sayılır.';

/**
 * The freshness of a source's or a market's newest list, of day `day` read from document `doc`
 * (archive or live); unavailable when there is none.
 */
export function newestListFreshness(
  day: Day | null | undefined,
  doc: { kind: 'archive' | 'live'; fetched_at: string | null } | undefined,
  state: SourceFreshnessState,
  today: Day,
): ReturnType<typeof classifyRow> {
  if (!day) return unavailable(state.condition);
  const fromArchive = doc?.kind === 'archive';
  const facts = { day, fromArchive, midpoint: false, corrected: false, fetchedAt: doc?.fetched_at ?? null };
  return classifyRow(facts, state, today);
}

export function buildSourcesStatus(db: Db, model: Model, checkedAt: string): SourceStatusEnvelopeT {
  const latestDoc = db.prepare(`SELECT d.kind, d.fetched_at FROM bulletins b JOIN documents d ON d.id = b.document_id
                                WHERE b.source_key = ? ORDER BY b.data_day DESC LIMIT 1`);
  const products = db
    .prepare(`SELECT count(DISTINCT n.variant_slug) FROM observations o JOIN source_names n ON n.id = o.source_name_id
                               WHERE o.source_key = ? AND o.data_day = ? AND n.variant_slug IS NOT NULL`)
    .pluck();
  const items = [...model.sources.values()].map((s) => {
    const day = s.state.latestDay;
    const doc = day
      ? (latestDoc.get(s.key) as { kind: 'archive' | 'live'; fetched_at: string | null } | undefined)
      : undefined;
    const freshness = newestListFreshness(day, doc, s.state, model.today);
    return {
      key: s.key,
      name: s.name,
      organisation: s.organisation,
      kind: s.kind,
      url: s.url,
      licence: s.licence,
      attribution: s.attribution,
      expected_days: expectedDaysText(s.publishingDays),
      publish_window: s.publishWindow,
      enabled: s.enabled,
      status: s.derived.status,
      health: s.derived.health,
      health_label: s.derived.healthLabel,
      reasons: s.derived.reasons,
      last_success_at: s.derived.lastSuccessAt,
      product_count: day ? (products.get(s.key, day) as number) : 0,
      publishingDaysBehind: s.derived.publishingDaysBehind,
      ...freshness,
    };
  });
  const seen = db.prepare('SELECT max(started_at) FROM source_runs WHERE scheduled = 1').pluck().get() as string | null;
  return SourceStatusEnvelope.parse({
    items,
    meta: {
      count: items.length,
      enabled: items.filter((i) => i.enabled).length,
      checked_at: checkedAt,
      scheduler_seen_at: seen ?? null,
      note: SOURCES_NOTE,
    },
    attribution: defaultAttribution(model),
  });
}

export function writeSourcesStatus(
  db: Db,
  model: Model,
  writer: OutputWriter,
  checkedAt: string,
): SourceStatusEnvelopeT {
  const body = buildSourcesStatus(db, model, checkedAt);
  writer.writeJson(SOURCES_STATUS_PATH, body);
  return body;
}
