/**
 * Observation ids are UUIDs (RFC 9562 version 8, the vendor-specific layout) that carry where
 * their evidence lives, so the edge reads exactly one object for `/observations/{id}`:
 *   bits 0–47   data day as Unix milliseconds (ids sort by data day, like version 7)
 *   bits 48–51  version 8
 *   bits 52–63  the source's registry number (0–4095)
 *   bits 64–65  RFC 9562 variant `10`
 *   bits 66–127 62 bits of SHA-256 over the observation's natural key (build side)
 * The natural key (source, market, printed name, unit, day, repeat) never depends on the
 * catalogue, so ids stay stable when a name is re-linked to another variant.
 */
import { dayToEpochDays, epochDaysToDay, type Day } from './dates.ts';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MS_PER_DAY = 86_400_000;

export function encodeObservationId(day: Day, sourceNumber: number, hash: Uint8Array): string {
  if (!Number.isInteger(sourceNumber) || sourceNumber < 0 || sourceNumber > 0xfff) {
    throw new RangeError(`source number ${sourceNumber} does not fit 12 bits`);
  }
  if (hash.length < 8) throw new RangeError('hash needs at least 8 bytes');
  const bytes = new Uint8Array(16);
  let ms = dayToEpochDays(day) * MS_PER_DAY;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x80 | (sourceNumber >> 8);
  bytes[7] = sourceNumber & 0xff;
  bytes[8] = 0x80 | (hash[0]! & 0x3f);
  for (let i = 9; i < 16; i++) bytes[i] = hash[i - 8]!;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type DecodedObservationId = { day: Day; sourceNumber: number };

/** null when the string is a UUID but not one of ours (other version, variant or day). */
export function decodeObservationId(id: string): DecodedObservationId | null {
  if (!UUID_PATTERN.test(id)) return null;
  const hex = id.toLowerCase().replace(/-/g, '');
  if (hex[12] !== '8' || !'89ab'.includes(hex[16]!)) return null;
  const ms = Number.parseInt(hex.slice(0, 12), 16);
  if (ms % MS_PER_DAY !== 0) return null;
  const day = epochDaysToDay(ms / MS_PER_DAY);
  if (day < '1990-01-01' || day > '2199-12-31') return null;
  return { day, sourceNumber: Number.parseInt(hex.slice(13, 16), 16) };
}

const SHARDS = 'api/v1/_evidence/';

/** Where the evidence of one source's data day is published (one object per source × day). */
export function observationShardPath(day: Day, sourceNumber: number): string {
  return `${SHARDS}${day.slice(0, 4)}/${day}/${sourceNumber}.json`;
}

/** The data day of an evidence shard's path; null for any other path. */
export function shardDayOf(path: string): Day | null {
  return path.startsWith(SHARDS) ? path.slice(SHARDS.length + 5, SHARDS.length + 15) : null;
}
