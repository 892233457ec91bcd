/**
 * /api/v1/compat/markets: the active markets of the main /markets (build/endpoints/markets.ts)
 * in the variant's shape. A market is a hall of a province (kind sebze-meyve or balik): the
 * Ministry's national average (kind ulusal) is an aggregate of them, in no city. Active: the
 * source is open to automatic collection (`enabled`), its collection has not stopped (status not
 * blocked, broken or unreachable), and the market has at least one published price day.
 * Freshness is left out on purpose: it changes from day to day without a build, and every market
 * of a months-old archive is stale, yet still a market.
 */
import { createHash } from 'node:crypto';
import { COMPAT_MARKETS_PATH } from '../../../core/compat/objects.ts';
import { MARKETS_PATH } from '../../../core/objects.ts';
import { CompatMarkets, type CompatMarketT } from '../../../schemas/compat/markets.ts';
import { MarketsEnvelope } from '../../../schemas/markets.ts';
import type { OutputWriter } from '../../writer.ts';
import { writtenJson } from './written.ts';

const HALLS = new Set(['sebze-meyve', 'balik']);
const STOPPED = new Set(['blocked', 'broken', 'unreachable']);

/** The namespace of market ids (RFC 9562 name-based UUIDs): fixed, so a slug always gives the same id. */
const MARKET_ID_NAMESPACE = 'c5e8d934-9a5a-4020-a64b-55e15bacf685';

/** A version 5 UUID (SHA-1 of the namespace and the name). */
export function nameBasedUuid(namespace: string, name: string): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const marketId = (slug: string): string => nameBasedUuid(MARKET_ID_NAMESPACE, slug);

export function writeCompatMarkets(writer: OutputWriter): number {
  const main = writtenJson(writer, MARKETS_PATH, MarketsEnvelope);
  const markets: CompatMarketT[] = main.items
    .filter((m) => HALLS.has(m.kind) && m.enabled && !STOPPED.has(m.status) && m.last_observed_date !== null)
    .map((m) => ({ id: marketId(m.slug), name: m.name, slug: m.slug, city: m.province, isActive: true }));
  writer.writeJson(COMPAT_MARKETS_PATH, CompatMarkets.parse(markets));
  return markets.length;
}
