/**
 * The series the forecasts are made of (build/forecast/series.ts), on the real archive: each
 * variant's series ends on the national indicator /prices/latest publishes, and reading from a
 * lookback day changes nothing once the indicator's 7-day window lies inside it.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { addDays } from '../../core/dates.ts';
import { nationalSeries } from '../../build/forecast/series.ts';
import { loadModel } from '../../build/model.ts';
import { nationalIndicators } from '../../build/national.ts';

const db = new Database(inject('dbPath'), { readonly: true });
afterAll(() => db.close());
const model = loadModel(db, inject('today'));
const whole = nationalSeries(db, model);

describe('a variant’s forecast series', () => {
  it('ends on the national indicator of /prices/latest, for every variant', () => {
    const indicators = nationalIndicators(db, model);
    expect(indicators.size).toBeGreaterThan(500);
    expect([...whole.keys()].sort()).toEqual([...indicators.keys()].sort());
    for (const [variant, indicator] of indicators) {
      const series = whole.get(variant)!;
      expect([variant, series.days.at(-1)]).toEqual([variant, indicator.observedDate]);
      expect([variant, series.values.at(-1)]).toEqual([variant, indicator.median]);
      expect(series.sources).toEqual(indicator.sources.length ? expect.arrayContaining(indicator.sources) : []);
    }
  });

  it('is one value per data day, oldest first, each a median of the markets in the 7 days ending it', () => {
    const elma = whole.get('elma-starking')!;
    expect(elma.days.length).toBe(new Set(elma.days).size);
    expect([...elma.days].sort()).toEqual(elma.days);
    // İzmir alone priced it on 2020-03-02: its first line that day (read by hand from the store).
    const day = '2020-03-02';
    const printed = db
      .prepare(
        `SELECT o.avg_price FROM observations o JOIN source_names n ON n.id = o.source_name_id
         WHERE n.variant_slug = 'elma-starking' AND o.data_day BETWEEN ? AND ? ORDER BY o.data_day DESC, o.id`,
      )
      .pluck()
      .all(addDays(day, -6), day) as number[];
    expect(printed.length).toBeGreaterThan(0);
    expect(elma.values[elma.days.indexOf(day)]).toBe(printed[0]);
  });

  it('takes a corrected price, not the printed one', () => {
    const day = '2020-03-02';
    const id = db
      .prepare(
        `SELECT o.id FROM observations o JOIN source_names n ON n.id = o.source_name_id
         WHERE n.variant_slug = 'elma-starking' AND o.data_day = ? ORDER BY o.id LIMIT 1`,
      )
      .pluck()
      .get(day) as string;
    const corrected = { ...model, corrections: new Map(model.corrections) };
    const fix = { field: 'avg_price', value: 123.45, reason: 'test', by: 'test', at: '2026-11-21T00:00:00Z' } as const;
    corrected.corrections.set(id, [fix]);
    const elma = nationalSeries(db, corrected).get('elma-starking')!;
    expect(elma.values[elma.days.indexOf(day)]).toBe(123.45);
  });

  it('read from a lookback day, equals the whole series once the window lies inside it', () => {
    const since = addDays(inject('today'), -400);
    const tail = nationalSeries(db, model, since);
    let compared = 0;
    for (const [variant, series] of tail) {
      const all = whole.get(variant)!;
      series.days.forEach((day, i) => {
        if (day < addDays(since, 6)) return;
        expect([variant, day, series.values[i]]).toEqual([variant, day, all.values[all.days.indexOf(day)]]);
        compared++;
      });
    }
    expect(compared).toBeGreaterThan(10_000);
  });
});
