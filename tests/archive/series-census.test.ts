/**
 * The series census kept for the next build (build/incremental/series-census.ts), on the real
 * archive: counted from a kept census and the rows from its cut on, it is the census of every
 * row; a boundary older than the cut counts every row again.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { addDays, dayToEpochDays, type Day } from '../../core/dates.ts';
import {
  countSeries,
  keepCut,
  monthCounts,
  type KeptCensusT,
  type Series,
  type Span,
} from '../../build/incremental/series-census.ts';

const db = new Database(inject('dbPath'), { readonly: true });
afterAll(() => db.close());

const range = db.prepare('SELECT min(data_day) AS first, max(data_day) AS last FROM observations').get() as {
  first: Day;
  last: Day;
};
const span: Span = { first: range.first, monthOf: months(range.first, range.last) };
const linkedRows = (from = '0000-01-01') =>
  db
    .prepare(
      'SELECT count(*) FROM observations o JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug IS NOT NULL AND o.data_day >= ?',
    )
    .pluck()
    .get(from) as number;

/** Calendar month of each day of the span, counted from the first day's month. */
function months(first: Day, last: Day): Uint16Array {
  const out = new Uint16Array(dayToEpochDays(last) - dayToEpochDays(first) + 1);
  for (let d = 0, day = first; d < out.length; d++, day = addDays(day, 1))
    out[d] =
      (Number(day.slice(0, 4)) - Number(first.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(first.slice(5, 7));
  return out;
}

const plain = (series: Series) =>
  [...series]
    .flatMap(([variant, byMarket]) =>
      [...byMarket].flatMap(([market, bySource]) =>
        [...bySource].map(([source, c]) =>
          [
            variant,
            market,
            source,
            c.total,
            c.sum,
            c.xor,
            Buffer.from(c.days).toString('hex'),
            [...c.monthRows].join(),
          ].join(' '),
        ),
      ),
    )
    .sort();
/** What a build writes and the next reads: the kept census through JSON. */
const throughFile = (kept: KeptCensusT) => JSON.parse(JSON.stringify(kept)) as KeptCensusT;

describe('series census kept for the next build', () => {
  const cut = keepCut(null, range.last);
  const full = countSeries(db, span, cut, null);

  it('cuts a month before the oldest day that may change, at a month start', () => {
    expect(keepCut('2026-11-18', '2026-11-21')).toBe('2026-10-01');
    expect(keepCut('2026-11-18', '2026-08-10')).toBe('2026-07-01');
    expect(keepCut(null, '2026-03-31')).toBe('2026-02-01');
    expect(keepCut(null, null)).toBe('0000-01-01');
    expect(full.keep.before).toBe(cut);
    expect(full.counted).toBe(linkedRows());
  });

  it('counted from the kept census and the rows from its cut on, is the census of every row', () => {
    const kept = throughFile(full.keep);
    expect(kept.series.length).toBeGreaterThan(100);
    const next = countSeries(db, span, cut, { kept, from: range.last });
    expect(next.counted).toBe(linkedRows(cut));
    expect(next.counted).toBeLessThan(full.counted / 4);
    expect(plain(next.series)).toEqual(plain(full.series));
    // It keeps the same census for the night after.
    expect(JSON.stringify(next.keep)).toBe(JSON.stringify(full.keep));
  });

  it('keeps a later cut from an older kept census, counting the rows in between into it', () => {
    const older = countSeries(db, span, `${addDays(cut, -62).slice(0, 7)}-01`, null);
    const next = countSeries(db, span, cut, { kept: throughFile(older.keep), from: range.last });
    expect(next.counted).toBe(linkedRows(older.keep.before));
    expect(JSON.stringify(next.keep)).toBe(JSON.stringify(full.keep));
    expect(plain(next.series)).toEqual(plain(full.series));
  });

  it('counts every row when the boundary is older than the kept cut, or the store begins on another day', () => {
    const kept = throughFile(full.keep);
    expect(countSeries(db, span, cut, { kept, from: addDays(cut, -1) }).counted).toBe(full.counted);
    expect(
      countSeries(db, span, cut, { kept: { ...kept, first: addDays(kept.first, -1) }, from: range.last }).counted,
    ).toBe(full.counted);
    expect(countSeries(db, span, addDays(cut, -31), { kept, from: range.last }).counted).toBe(full.counted);
  });

  it('gives history the rows per series and month of the store, from the kept census as from every row', () => {
    const groups = (previous: Parameters<typeof monthCounts>[1]) =>
      [...monthCounts(db, previous)].map((g) => `${g.variant} ${g.market} ${g.source} ${g.month} ${g.rows}`).sort();
    const everyRow = groups(null);
    expect(everyRow.length).toBeGreaterThan(1000);
    expect(groups({ kept: throughFile(full.keep), from: range.last })).toEqual(everyRow);
    expect(groups({ kept: throughFile(full.keep), from: addDays(cut, -1) })).toEqual(everyRow);
  });
});
