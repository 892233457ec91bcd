/**
 * The widgets' words and numbers in Turkish: money, index values, changes, days, the API's
 * freshness classes and warnings, and the attribution line republishing requires.
 */
import { WARNING_WORDS } from '../../core/turkish-words.ts';
import { html, type Html } from './markup.ts';

const money = new Intl.NumberFormat('tr-TR', {
  style: 'currency',
  currency: 'TRY',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const decimalFormat = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat('tr-TR', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

export const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
export const price = (n: unknown): string => (isNumber(n) ? money.format(n) : '—');
export const decimal = (n: number): string => decimalFormat.format(n);
export const percent = (n: number): string => percentFormat.format(n);
const isDay = (d: unknown): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d);
export const trDay = (d: unknown): string => (isDay(d) ? `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}` : '—');

/** A block of the API that may carry freshness (an item, an answer). */
export type Freshness = { freshness?: string; isStale?: boolean; warnings?: string[] };
export type FreshnessClass = 'fresh' | 'delayed' | 'stale' | 'failed' | 'unavailable';

const FRESHNESS: Record<FreshnessClass, string> = {
  fresh: 'güncel',
  delayed: 'gecikmeli',
  stale: 'güncel değil',
  failed: 'güncel değil',
  unavailable: 'veri yok',
};

/** The block's class; from isStale when it has none; null when it says nothing about freshness. */
export function freshnessOf(block: Freshness): FreshnessClass | null {
  if (block.freshness !== undefined && Object.hasOwn(FRESHNESS, block.freshness))
    return block.freshness as FreshnessClass;
  if (typeof block.isStale === 'boolean') return block.isStale ? 'stale' : 'fresh';
  return null;
}

/** The class as a word (never colour alone), its warnings spelled out in the tooltip; a space before it. */
export function freshnessMark(block: Freshness): Html | null {
  const freshness = freshnessOf(block);
  if (!freshness) return null;
  const reasons = (Array.isArray(block.warnings) ? block.warnings : [])
    .map((w) => WARNING_WORDS[w])
    .filter(Boolean)
    .join('; ');
  return html` <span class="mark mark-${freshness}" data-freshness="${freshness}"${reasons ? html` title="${reasons}"` : ''}>${FRESHNESS[freshness]}</span>`;
}

/** Every distinct part of the answers' attributions, in order (republishing requires them). */
export function attributionOf(attributions: readonly string[]): string {
  const parts: string[] = [];
  for (const attribution of attributions) {
    for (const part of attribution.split(' · ').map((p) => p.trim()))
      if (part && !parts.includes(part)) parts.push(part);
  }
  return parts.join(' · ');
}

export function attributionLine(attribution: string): Html {
  const link = html`<a href="/api-policy" target="_blank" rel="noopener">hal-api</a>`;
  return attribution
    ? html`<p class="attribution"><span class="sr-only">Atıf: </span><span class="source">${attribution}</span> · Veri: ${link}</p>`
    : html`<p class="attribution">Veri: ${link}</p>`;
}
