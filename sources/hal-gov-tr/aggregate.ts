/**
 * HKS prints one line per product × cinsi × türü (Geleneksel(Konvansiyonel) / İyi Tarım /
 * Organik Tarım), each with the day's average price and traded volume (İşlem Hacmi). The
 * national price of a product is the VOLUME-WEIGHTED average of its lines:
 * Σ(fiyat × hacim) / Σ(hacim), rounded half-up to kuruş. This is the one place where an HKS
 * parser computes a number; it is done in exact integer arithmetic so that a value lying on a
 * half kuruş is not pushed either way by binary floating point.
 */
import type { Day } from '../../core/dates.ts';
import type { PrintedRow } from '../types.ts';

const MARKET = 'hal-gov-tr-turkiye';

/** One printed HKS line, already read from its document. */
export type HksLine = {
  ad: string;
  cinsi: string;
  turu: string;
  birim: string;
  /** Ortalama Fiyat; null for a placeholder (no quote) */
  price: number | null;
  /** İşlem Hacmi; null for a placeholder, counted as no volume */
  volume: number | null;
  /** the line as the document prints it (JSON item, or the cell texts) */
  printed: unknown;
  location: string;
};

export type HksProduct = {
  row: PrintedRow;
  lines: HksLine[];
  method: 'volume_weighted' | 'plain_mean_no_volume' | 'no_price';
};

/** A GridView pager cell read as a product: page numbers and `...` only (`12345678910...`). */
export const isPagerText = (text: string) => /^[\d.\s]+$/.test(text) && /[\d.]/.test(text);

const squash = (text: string) => text.replace(/[\s\u00a0]+/g, ' ').trim();

/**
 * The printed name of a product: `Ürün Adı`, plus ` (Ürün Cinsi)` when the cinsi says more.
 * HKS repeats the name as the cinsi of a product without varieties (`ACUR` / `ACUR`, 185 of
 * the 444 lines of 2026-04-21), so `ACUR (ACUR)` would only be noise; a cinsi that is empty or
 * `-` says nothing either. Otherwise the cinsi is a variety (`ARMUT` / `DEVECİ`) and makes a
 * different product: `ARMUT (DEVECİ)`. The comparison ignores runs of spaces
 * (`FRENK  ÜZÜMÜ` / `FRENK ÜZÜMÜ` is the same name); the name keeps the printed `ad`.
 */
export function printedName(ad: string, cinsi: string): string {
  const variety = squash(cinsi);
  if (variety === '' || variety === '-' || variety === squash(ad)) return ad;
  return `${ad} (${cinsi})`;
}

/** Prices to 1/10,000 TL and volumes to 1/1,000 unit as BigInt: exact for what HKS prints. */
const priceUnits = (v: number) => BigInt(Math.round(v * 10_000));
const volumeUnits = (v: number) => BigInt(Math.round(v * 1_000));

/** numerator / denominator, in 1/10,000 TL → TL rounded half-up to kuruş (both ≥ 0). */
function toKurus(numerator: bigint, denominator: bigint): number {
  // kuruş = n / (d × 100); half-up: ⌊(2n + 100d) / 200d⌋
  return Number((2n * numerator + 100n * denominator) / (200n * denominator)) / 100;
}

export function weightedAverage(lines: readonly Pick<HksLine, 'price' | 'volume'>[]): {
  avg: number | null;
  method: HksProduct['method'];
} {
  const priced = lines.filter((l): l is { price: number; volume: number | null } => l.price !== null);
  if (priced.length === 0) return { avg: null, method: 'no_price' };
  let numerator = 0n;
  let weight = 0n;
  for (const l of priced) {
    const w = volumeUnits(l.volume ?? 0);
    numerator += priceUnits(l.price) * w;
    weight += w;
  }
  if (weight > 0n) return { avg: toKurus(numerator, weight), method: 'volume_weighted' };
  // No volume on any line (HKS printed 0, e.g. MERCAN KÖŞK (KUZU MAJARON) on 2026-04-21): the
  // lines' prices are still quotes, so the plain mean of them stands in for the weighted one.
  const sum = priced.reduce((s, l) => s + priceUnits(l.price), 0n);
  return { avg: toKurus(sum, BigInt(priced.length)), method: 'plain_mean_no_volume' };
}

/**
 * Lines → one PrintedRow per product (printed name × Birim), in the order of each product's
 * first line. Lines of a product need not be adjacent: HKS sorts by name, then türü, then
 * cinsi, and pages break anywhere. min and max are null (HKS prints neither), group is null.
 */
export function aggregateLines(lines: readonly HksLine[], dataDay: Day): HksProduct[] {
  const byKey = new Map<string, HksLine[]>();
  for (const line of lines) {
    const key = `${squash(printedName(line.ad, line.cinsi))}\u0000${squash(line.birim)}`;
    const group = byKey.get(key);
    if (group) group.push(line);
    else byKey.set(key, [line]);
  }
  return [...byKey.values()].map((group) => {
    const first = group[0]!;
    const { avg, method } = weightedAverage(group);
    const row: PrintedRow = {
      dataDay,
      market: MARKET,
      name: printedName(first.ad, first.cinsi),
      unit: first.birim,
      group: null,
      min: null,
      max: null,
      avg,
      printed: JSON.stringify(group.map((l) => l.printed)),
      location: group.map((l) => l.location).join(', '),
    };
    return { row, lines: group, method };
  });
}
