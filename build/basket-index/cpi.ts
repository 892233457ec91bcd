/**
 * The deflator of the real index: TÜİK's monthly consumer price index (TÜFE 2003=100), read at
 * build time from the institute's own table in data/cpi/ (see data/cpi/README.md for what it is
 * and where it comes from). A week takes the value of the month holding its Thursday (the ISO rule
 * that gives a week its year). A month the table does not print has no value, never an estimate.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addDays, type Day } from '../../core/dates.ts';
import { readCpiTable, type CpiMonth } from './cpi-table.ts';

const CPI_TABLE = fileURLToPath(new URL('../../data/cpi/tufe_tablo2_oncesinden.xlsx', import.meta.url));

/** The deflator as the answers name it, and its monthly values in increasing order. */
export type Deflator = {
  id: string;
  name: string;
  publisher: string;
  verify_at: string;
  /** how a week gets its month's value, and which months there are */
  months_between: string;
  values: CpiMonth[];
};

export function readDeflator(path = CPI_TABLE): Deflator {
  const values = readCpiTable(new Uint8Array(readFileSync(path)), path);
  return {
    id: 'tuik-tufe-2003-100',
    name: 'Tüketici Fiyat Endeksi (TÜFE), genel endeks, 2003=100',
    publisher: 'Türkiye İstatistik Kurumu (TÜİK)',
    verify_at: 'https://data.tuik.gov.tr/Kategori/GetKategori?p=enflasyon-ve-fiyat-106',
    months_between:
      `TÜİK's monthly index values as printed in its table 17_t1, ${values[0]!.month} … ${values.at(-1)!.month}; ` +
      "a week takes its Thursday's month. No month is interpolated or estimated: weeks outside the table have no " +
      'real value.',
    values,
  };
}

/** The month (YYYY-MM) a week belongs to: the month of its Thursday. */
export function monthOfWeek(weekStart: Day): string {
  return addDays(weekStart, 3).slice(0, 7);
}

export type RealPoint = { week: string; weekStart: Day; value: number };

/**
 * real(t) = nominal(t) × CPI(base week) / CPI(t): the basket's price in the prices of the base
 * week. Weeks without a CPI value are left out; without one for the base week there is no series.
 */
export function deflate(
  points: readonly { week: string; weekStart: Day; value: number }[],
  values: readonly CpiMonth[],
): RealPoint[] {
  const byMonth = new Map(values.map((v) => [v.month, v.value]));
  const base = points[0];
  const baseCpi = base ? byMonth.get(monthOfWeek(base.weekStart)) : undefined;
  if (!base || baseCpi === undefined) return [];
  const out: RealPoint[] = [];
  for (const p of points) {
    const cpi = byMonth.get(monthOfWeek(p.weekStart));
    if (cpi !== undefined) out.push({ week: p.week, weekStart: p.weekStart, value: (p.value * baseCpi) / cpi });
  }
  return out;
}
