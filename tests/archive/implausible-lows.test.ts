/**
 * A fish price misread by a factor of a thousand, on the real archive: Ankara's fish page (the
 * fixture of 2026-02-18, dated 2026-03-02, the first Monday after the archive ends) printing
 * MEZGİT per 10 kg crate as `1,00` / `2,00` TL, as a lost thousands separator would (the real
 * rows of the same page say 1.000,00 / 1.200,00). Published at 0.10 / 0.20 TL/kg, flagged, and
 * never the market's price in the national indicator or the movers. And the real archive's
 * rows flagged implausible_spread, left out of the built aggregates the same way.
 */
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openDb, type Db } from '../../store/db.ts';
import { markImplausibleValues } from '../../store/implausible-values.ts';
import { loadQuoteRows } from '../../build/basket-index/load.ts';
import { documentMeta, ingestDocument } from '../../store/ingest.ts';
import { loadModel } from '../../build/model.ts';
import { nationalIndicators } from '../../build/national.ts';
import { publishedRows } from '../../build/price-rows.ts';
import { allPartitions } from '../../core/collection-keys.ts';
import { ankaraHtml } from '../../sources/ankara/parsers.ts';
import { loadCatalogue } from '../../sources/catalogue.ts';
import { sourceByKey } from '../../sources/registry.ts';
import { distText } from '../support/dist-file.ts';

const DAY = '2026-03-02';
const MEZGIT = '<td>MEZGİT</td><td></td><td>Kasa   (10 Kğ)P Ks.-S Kut</td><td>1.000,00</td><td>1.200,00</td>';

function misreadPage(): Buffer {
  const page = readFileSync('tests/fixtures/ankara/fish-2026-02-18.html', 'utf8');
  if (!page.includes(MEZGIT)) throw new Error('the fixture no longer prints MEZGİT as expected');
  return Buffer.from(
    page
      .replace(MEZGIT, MEZGIT.replace('1.000,00', '1,00').replace('1.200,00', '2,00'))
      .replaceAll('18.02.2026', '02.03.2026'),
  );
}

describe('a fish row printed 1,00 / 2,00 per 10 kg crate', () => {
  let db: Db;
  let real: Db;

  beforeAll(() => {
    real = openDb(inject('dbPath'));
    real.pragma('wal_checkpoint(TRUNCATE)');
    const copy = join(mkdtempSync(join(tmpdir(), 'hal-lows-')), 'store.sqlite');
    copyFileSync(inject('dbPath'), copy);
    db = openDb(copy);
    const bytes = misreadPage();
    const document = {
      url: 'https://www.ankara.bel.tr/hal-fiyatlari',
      fetchedAt: `${DAY}T09:00:00.000Z`,
      contentType: 'text/html; charset=utf-8',
      bytes,
      requestedDay: DAY,
    };
    const parser = ankaraHtml('fish');
    const meta = documentMeta('live', document, parser, 'test');
    ingestDocument(db, sourceByKey('ankara'), loadCatalogue(), bytes, meta, parser.parse(document));
    markImplausibleValues(db);
  });

  it("no row of the real archive is below its bounds; above them only Antalya's lost decimal point", () => {
    const flagged = real
      .prepare(
        `SELECT o.source_key, o.data_day, o.avg_price FROM observations o
         WHERE o.quality_flags LIKE '%implausible_value%' ORDER BY o.data_day, o.avg_price`,
      )
      .raw()
      .all() as [string, string, number][];
    // Six products printed 100 times too high on 2024-04-09, copied on the next two days.
    expect(flagged).toHaveLength(18);
    expect(new Set(flagged.map(([source, day]) => `${source} ${day}`))).toEqual(
      new Set(['antalya 2024-04-09', 'antalya 2024-04-10', 'antalya 2024-04-11']),
    );
    expect(Math.min(...flagged.map(([, , avg]) => avg))).toBeGreaterThanOrEqual(950);
  });

  it("is published at 0.10 / 0.20 TL/kg with implausible_value; the page's other rows are not flagged", () => {
    const model = loadModel(db, inject('today'));
    const rows = [...publishedRows(db, model, 'AND o.data_day = ? AND o.market_slug = ?', [DAY, 'ankara-balik'])];
    // 50 printed rows, two of them names no variant is linked to.
    expect(rows).toHaveLength(48);
    const flagged = rows.filter((r) => r.row.qualityFlags.includes('implausible_value'));
    expect(flagged.map((r) => [r.variant, r.row.minPrice, r.row.maxPrice, r.row.avgPrice, r.row.qualityFlags])).toEqual(
      [['mezgit-genel', 0.1, 0.2, 0.15, ['per_kg_from_crate', 'implausible_value']]],
    );
  });

  it("is never the market's price in the national indicator: the indicator stays that of the real rows", () => {
    const indicator = nationalIndicators(db, loadModel(db, inject('today'))).get('mezgit-genel')!;
    const before = nationalIndicators(real, loadModel(real, inject('today'))).get('mezgit-genel')!;
    expect(indicator.observedDate).toBe('2026-02-28');
    expect({ ...indicator, freshness: null, rows: indicator.rows.map((r) => r.id) }).toEqual({
      ...before,
      freshness: null,
      rows: before.rows.map((r) => r.id),
    });
    expect(indicator.median).toBeGreaterThan(50);
  });

  it('is left out of the rows the movers and the basket index are computed from', () => {
    const model = loadModel(db, inject('today'));
    const quotes = loadQuoteRows(db, model, { from: DAY }).filter((q) => q.market === 'ankara-balik' && q.day === DAY);
    expect(quotes).toHaveLength(47);
    expect(quotes.some((q) => q.variant === 'mezgit-genel')).toBe(false);
  });
});

describe('the real archive: every implausible flag keeps a row out of the aggregates', () => {
  it("Bursa's lemon crates printed 135-3960 (implausible_spread) are not the national indicator of limon-sandik", () => {
    const [lemon] = JSON.parse(distText(inject('distDir'), 'api/v1/prices/latest/product/limon-sandik.json')).items;
    expect(lemon).toMatchObject({ observed_date: '2026-07-30', min: 135, max: 2430, median: 1282.5 });
  });

  it("Bursa's blueberries printed 50-6400 (implausible_spread) are a daily item, not part of August's", () => {
    const dist = inject('distDir');
    const index = JSON.parse(
      distText(dist, 'api/v1/_c/history/monthly/product/yaban-mersini-genel/market/bursa-sebze-meyve.json'),
    );
    const items = allPartitions(index).flatMap((p) =>
      distText(dist, p.path)
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { recordedDate: string }),
    );
    expect(items.find((i) => i.recordedDate === '2026-08-01')).toMatchObject({
      minPrice: '50.00',
      maxPrice: '500.00',
      avgPrice: '246.67',
    });
  });
});
