/**
 * A printed row → the numbers we publish, with every repair flagged, never silent:
 * reversed min/max are swapped (`min_max_swapped`), an average outside [min, max] is kept and
 * flagged (`avg_outside_range`), a missing average becomes the midpoint (`avgPriceMethod:
 * midpoint`), non-positive prices are rejected as no quote. Crate prices with a stated weight
 * (`Kasa (10 Kğ)`, `18 kg`) become per-kg prices (`per_kg_from_crate`), the printed unit kept.
 */
import { roundKurus } from './numbers.ts';
import { normaliseUnit, UnitError, type Unit } from './units.ts';
import type { PrintedRow } from '../types.ts';

export type NormalisedPrice = {
  min: number | null;
  max: number | null;
  avg: number;
  avgMethod: 'reported' | 'midpoint';
  unit: Unit;
  flags: string[];
};

/** Why a printed row is not published as a price (counted and reported per document, not thrown). */
export type Rejection = { reason: 'no_quote' | 'non_positive' | 'unknown_unit' };

export function normalisePrice(row: PrintedRow): NormalisedPrice | Rejection {
  const flags: string[] = [];
  let unit: Unit;
  let crateKg: number | null;
  try {
    ({ unit, crateKg } = normaliseUnit(row.unit));
  } catch (error) {
    // A unit we cannot name (Ankara once printed `avokado`) is never guessed: the row is counted out.
    if (error instanceof UnitError) return { reason: 'unknown_unit' };
    throw error;
  }
  let { min, max, avg } = row;
  if ([min, max, avg].some((v) => v !== null && v <= 0)) return { reason: 'non_positive' };
  if (min !== null && max !== null && min > max) {
    [min, max] = [max, min];
    flags.push('min_max_swapped');
  }
  let avgMethod: NormalisedPrice['avgMethod'] = 'reported';
  if (avg === null) {
    if (min === null || max === null) {
      if (min === null && max === null) return { reason: 'no_quote' };
      avg = (min ?? max)!;
    } else avg = (min + max) / 2;
    avgMethod = 'midpoint';
  } else if (min !== null && max !== null && (avg < min || avg > max)) {
    flags.push('avg_outside_range');
  }
  flags.push(...plausibilityFlags(min, max, avg));
  let perUnit = 1;
  let publishedUnit: Unit = unit;
  if (crateKg) {
    perUnit = crateKg;
    publishedUnit = 'kg';
    flags.push('per_kg_from_crate');
  }
  const scale = (v: number) => roundKurus(v / perUnit);
  return {
    min: min === null ? null : scale(min),
    max: max === null ? null : scale(max),
    avg: scale(avg),
    avgMethod,
    unit: publishedUnit,
    flags,
  };
}

/**
 * Values no hal price has had since the 2005 redenomination are flagged, never fixed: an old
 * lira value (`1900000,00 TL` for 1.90 TL), a lost thousands separator (`800,00` beside `1,00`),
 * a magnitude beyond any produce, fish or crate price. These are upper bounds, which a row shows
 * alone; prices implausibly low for their variant are flagged from the store (store/implausible-values.ts).
 */
const OLD_LIRA_FROM = 100_000;
const IMPLAUSIBLE_FROM = 20_000;
const IMPLAUSIBLE_SPREAD = 25;

function plausibilityFlags(min: number | null, max: number | null, avg: number): string[] {
  const flags: string[] = [];
  const values = [min, max, avg].filter((v): v is number => v !== null);
  const top = Math.max(...values);
  if (top >= OLD_LIRA_FROM) flags.push('implausible_old_lira');
  else if (top >= IMPLAUSIBLE_FROM) flags.push('implausible_value');
  if (min !== null && max !== null && min > 0 && max / min >= IMPLAUSIBLE_SPREAD) flags.push('implausible_spread');
  return flags;
}

/** Every flag that says a number cannot be right: the row is published with it, but no aggregate takes it. */
export const IMPLAUSIBLE_PREFIX = 'implausible_';

export function isImplausible(flags: readonly string[]): boolean {
  return flags.some((f) => f.startsWith(IMPLAUSIBLE_PREFIX));
}
