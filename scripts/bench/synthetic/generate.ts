/**
 * A synthetic national dataset with a realistic shape, for the benchmark: several sources with
 * several markets each, real catalogue variants, Monday–Saturday publishing minus the real
 * holidays, random gaps (a market misses ~2 % of its days, a product is off-season some weeks),
 * and price paths that walk around a seasonal curve with Turkish food inflation (~45 % a year).
 * Deterministic: a profile always gives the same store. Synthetic builds say so (/health 503).
 */
import { createHash } from 'node:crypto';
import { addDays, isoWeekday, type Day } from '../../../core/dates.ts';
import { sha256HexSync } from '../../../core/digest-sync.ts';
import { encodeObservationId } from '../../../core/observation-id.ts';
import { fold } from '../../../core/turkish.ts';
import { loadCatalogue } from '../../../sources/catalogue.ts';
import type { Db } from '../../../store/db.ts';
import { readHolidays } from '../../../store/holidays.ts';
import { seedCatalogue, seedHolidays } from '../../../store/seed.ts';
import { markRepeatedBulletins } from '../../../store/bulletins.ts';
import type { Profile } from './profiles.ts';
import { seededRandom } from '../../lib/seeded-random.ts';

const FIRST_SOURCE_NUMBER = 900;

function publishingDays(profile: Profile): Day[] {
  const holidays = new Set(
    readHolidays()
      .filter((h) => !h.halfDay)
      .map((h) => h.day),
  );
  const days: Day[] = [];
  const span = Math.round(profile.years * 365.25);
  for (let d = addDays(profile.endDay, -span + 1); d <= profile.endDay; d = addDays(d, 1)) {
    if (isoWeekday(d) !== 7 && !holidays.has(d)) days.push(d);
  }
  return days;
}

type Series = {
  source: string;
  sourceNumber: number;
  market: string;
  variant: string;
  unit: string;
  nameId: number;
  level: number;
  rnd: () => number;
};

export function generateSynthetic(
  db: Db,
  profile: Profile,
  log: (line: string) => void = () => {},
): { observations: number; days: number } {
  const catalogue = loadCatalogue();
  seedCatalogue(db, catalogue);
  seedHolidays(db);
  const variants = catalogue.variants.filter((v) => v.unit === 'kg').slice(0, profile.products);
  const days = publishingDays(profile);
  const series: Series[] = [];
  const insertSource =
    db.prepare(`INSERT INTO sources (key, number, name, organisation, kind, url, method, licence, attribution, publishing_days, publish_window, data_lag_days, enabled, verification, note)
    VALUES (?, ?, ?, ?, 'municipal', NULL, 'synthetic', NULL, ?, '1,2,3,4,5,6', NULL, 0, 1, 'verified', 'Synthetic benchmark data: not real prices.')`);
  const insertMarket = db.prepare(
    `INSERT INTO markets (slug, source_key, name, province, province_slug, district, kind) VALUES (?, ?, ?, ?, ?, NULL, 'sebze-meyve')`,
  );
  const insertName = db.prepare(
    `INSERT INTO source_names (source_key, raw_name, match_key, unit, raw_unit, variant_slug, method, confidence) VALUES (?, ?, ?, ?, ?, ?, 'exact', 1)`,
  );
  db.transaction(() => {
    for (let s = 0; s < profile.sources; s++) {
      const key = `sentetik-${s + 1}`;
      insertSource.run(
        key,
        FIRST_SOURCE_NUMBER + s,
        `Sentetik kaynak ${s + 1}`,
        'hal-api kıyaslama verisi',
        `Sentetik veri (kaynak ${s + 1}): gerçek fiyat değildir.`,
      );
      const nameIds = new Map<string, number>();
      for (const v of variants)
        nameIds.set(
          v.slug,
          Number(
            insertName.run(key, v.name.toLocaleUpperCase('tr-TR'), fold(v.name), v.unit, 'KG', v.slug).lastInsertRowid,
          ),
        );
      for (let m = 0; m < profile.marketsPerSource; m++) {
        const market = `${key}-hal-${m + 1}`;
        insertMarket.run(
          market,
          key,
          `Sentetik Hal ${s + 1}.${m + 1}`,
          `Şehir ${s * profile.marketsPerSource + m + 1}`,
          `sehir-${s * profile.marketsPerSource + m + 1}`,
        );
        variants.forEach((v, i) => {
          const rnd = seededRandom((s * 1000 + m) * 10_000 + i + 1);
          series.push({
            source: key,
            sourceNumber: FIRST_SOURCE_NUMBER + s,
            market,
            variant: v.slug,
            unit: v.unit,
            nameId: nameIds.get(v.slug)!,
            level: 5 + rnd() * 60,
            rnd,
          });
        });
      }
    }
  })();
  const insertDocument =
    db.prepare(`INSERT INTO documents (sha256, source_key, kind, url, fetched_at, bytes, content_type, parser, parser_version, stored_path, rows, bulletin_days)
    VALUES (?, ?, 'live', ?, ?, 0, 'application/json', 'synthetic', 1, 'synthetic', ?, 1)`);
  const insertObservation =
    db.prepare(`INSERT INTO observations (id, source_key, market_slug, source_name_id, data_day, repeat, min_price, max_price, avg_price, avg_method, unit, unit_printed, quality_flags, document_id, location, printed)
    VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, 'reported', ?, 'KG', '[]', ?, ?, '')`);
  const insertBulletin = db.prepare(
    'INSERT INTO bulletins (source_key, market_slug, data_day, document_id, rows, fingerprint) VALUES (?, ?, ?, ?, ?, ?)',
  );
  let observations = 0;
  const dailyInflation = Math.log(1.45) / 365;
  for (const [dayIndex, day] of days.entries()) {
    db.transaction(() => {
      const season = (Date.parse(day) / 86_400_000 / 365.25) * 2 * Math.PI;
      const documents = new Map<string, number>();
      const perMarket = new Map<string, { rows: number; sum: number; source: string; document: number }>();
      for (const s of series) {
        // A market misses ~2 % of its days; a product is off-season ~15 % of the time.
        const marketGap = seededRandom(hash32(`${s.market}|${day}`))() < 0.02;
        s.level *= Math.exp(dailyInflation + (s.rnd() - 0.5) * 0.04);
        if (marketGap || Math.sin(season + s.level) > 0.85) continue;
        let document = documents.get(s.source);
        if (document === undefined) {
          const sha = sha256HexSync(`${s.source}|${day}`);
          document = Number(
            insertDocument.run(sha, s.source, `synthetic://${s.source}/${day}`, `${day}T15:00:00.000Z`, 0)
              .lastInsertRowid,
          );
          documents.set(s.source, document);
        }
        const avg = Math.round(s.level * (1 + 0.15 * Math.sin(season)) * 100) / 100;
        const spread = avg * (0.1 + s.rnd() * 0.3);
        const hash = createHash('sha256').update(`${s.source}|${s.market}|${s.variant}|${day}`).digest();
        insertObservation.run(
          encodeObservationId(day, s.sourceNumber, hash),
          s.source,
          s.market,
          s.nameId,
          day,
          Math.round((avg - spread) * 100) / 100,
          Math.round((avg + spread) * 100) / 100,
          avg,
          s.unit,
          document,
          `synthetic row ${observations}`,
        );
        observations++;
        const b = perMarket.get(s.market) ?? { rows: 0, sum: 0, source: s.source, document };
        b.rows++;
        b.sum += avg;
        perMarket.set(s.market, b);
      }
      for (const [market, b] of perMarket)
        insertBulletin.run(b.source, market, day, b.document, b.rows, `${b.rows}:${b.sum.toFixed(2)}`);
    })();
    if (dayIndex % 250 === 249) log(`  ${day}: ${observations} observations`);
  }
  markRepeatedBulletins(db);
  return { observations, days: days.length };
}

function hash32(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}
