/**
 * The deflator of the real index: a consumer price index kept as a data file
 * (data/cpi/tuik-tufe-2003-100.json, see data/cpi/README.md for what it is and where it comes
 * from). A week takes the value of the month holding its Thursday (the ISO rule that gives a
 * week its year). Months the file does not list are interpolated geometrically between the
 * nearest listed months on either side; outside them there is no value, never an estimate.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { addDays, type Day } from '../../core/dates.ts';

const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

const CpiFile = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: z.string().min(1),
  publisher: z.string().min(1),
  series: z.string().min(1),
  verify_at: z.url(),
  provenance: z.string().min(1),
  months_between: z.string().min(1),
  annual_december_change_percent: z.record(z.string().regex(/^\d{4}$/), z.number()),
  values: z.array(z.strictObject({ month: Month, value: z.number().positive() })).min(2),
});
export type CpiFileT = z.infer<typeof CpiFile>;

const CPI_FILE = fileURLToPath(new URL('../../data/cpi/tuik-tufe-2003-100.json', import.meta.url));

export function readCpiFile(path = CPI_FILE): CpiFileT {
  const file = CpiFile.parse(JSON.parse(readFileSync(path, 'utf8')));
  const months = file.values.map((v) => v.month);
  if (months.some((m, i) => i > 0 && m <= months[i - 1]!))
    throw new Error(`${path}: months must be listed in increasing order, once each`);
  return file;
}

const monthNumber = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** A month's value: listed, interpolated geometrically between listed months, or null outside them. */
export function cpiOfMonth(values: CpiFileT['values'], month: string): number | null {
  const n = monthNumber(month);
  let before: { n: number; value: number } | null = null;
  for (const v of values) {
    const m = monthNumber(v.month);
    if (m === n) return v.value;
    if (m < n) before = { n: m, value: v.value };
    else {
      if (!before) return null;
      return before.value * (v.value / before.value) ** ((n - before.n) / (m - before.n));
    }
  }
  return null;
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
  values: CpiFileT['values'],
): RealPoint[] {
  const base = points[0];
  const baseCpi = base ? cpiOfMonth(values, monthOfWeek(base.weekStart)) : null;
  if (!base || baseCpi === null) return [];
  const out: RealPoint[] = [];
  for (const p of points) {
    const cpi = cpiOfMonth(values, monthOfWeek(p.weekStart));
    if (cpi !== null) out.push({ week: p.week, weekStart: p.weekStart, value: (p.value * baseCpi) / cpi });
  }
  return out;
}
