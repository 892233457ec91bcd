import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decodeObservationId,
  encodeObservationId,
  observationShardPath,
  shardDayOf,
  UUID_PATTERN,
} from './observation-id.ts';

const sha = (text: string) => new Uint8Array(createHash('sha256').update(text).digest());
const HASH = sha('izmir|izmir-sebze-meyve|BİBER  SİVRİ|KG|2025-01-01|0');

describe('observation ids (UUID version 8)', () => {
  it('round-trips the data day and the source number', () => {
    const cases: [string, number][] = [
      ['2014-01-02', 1],
      ['2024-02-29', 2],
      ['2025-12-31', 4095],
      ['2026-07-23', 0],
      ['1990-01-01', 17],
    ];
    for (const [day, source] of cases) {
      const id = encodeObservationId(day, source, HASH);
      expect(UUID_PATTERN.test(id), id).toBe(true);
      expect(decodeObservationId(id)).toEqual({ day, sourceNumber: source });
      expect(decodeObservationId(id.toUpperCase())).toEqual({ day, sourceNumber: source });
    }
  });

  it('lays out day milliseconds, version nibble 8, source number and variant bits 10', () => {
    const id = encodeObservationId('2026-07-23', 1, HASH);
    const hex = id.replace(/-/g, '');
    // 2026-07-23T00:00:00Z = 1784764800000 ms = 0x019f8c459c00
    expect(hex.slice(0, 12)).toBe('019f8c459c00');
    expect(hex[12]).toBe('8');
    expect(hex.slice(13, 16)).toBe('001');
    expect(Number.parseInt(hex[16]!, 16) >> 2).toBe(0b10);
    // the 62 hash bits: low 6 bits of byte 0, then bytes 1..7
    expect(Number.parseInt(hex.slice(16, 18), 16) & 0x3f).toBe(HASH[0]! & 0x3f);
    expect(hex.slice(18)).toBe(Buffer.from(HASH.slice(1, 8)).toString('hex'));
  });

  it('sorts by data day as text', () => {
    const days = ['2014-01-02', '2019-12-31', '2025-01-01', '2026-07-23'];
    const ids = days.map((day) => encodeObservationId(day, 4095, sha(day)));
    expect([...ids].sort()).toEqual(ids);
  });

  it('gives different ids to different natural keys on the same day and source', () => {
    const a = encodeObservationId('2026-05-08', 1, sha('BEZELYE|KG|2026-05-08|0'));
    const b = encodeObservationId('2026-05-08', 1, sha('BEZELYE|KG|2026-05-08|1'));
    expect(a).not.toBe(b);
    expect(a.slice(0, 19)).toBe(b.slice(0, 19));
  });

  it('refuses a source number outside 12 bits and a short hash', () => {
    expect(() => encodeObservationId('2026-07-23', 4096, HASH)).toThrow(RangeError);
    expect(() => encodeObservationId('2026-07-23', -1, HASH)).toThrow(RangeError);
    expect(() => encodeObservationId('2026-07-23', 1.5, HASH)).toThrow(RangeError);
    expect(() => encodeObservationId('2026-07-23', 1, new Uint8Array(7))).toThrow(RangeError);
  });

  it('decodes a v4 UUID, a non-UUID and a v8 id that is not a day to null', () => {
    expect(decodeObservationId('3b241101-e2bb-4255-8caf-4136c566a962')).toBeNull(); // version 4
    expect(decodeObservationId('not-a-uuid')).toBeNull();
    expect(decodeObservationId('')).toBeNull();
    expect(decodeObservationId('019f8c459c008001-8000-000000000000')).toBeNull(); // no dashes
    // version 8 with the variant bits 11 (Microsoft) instead of 10
    const ours = encodeObservationId('2026-07-23', 1, HASH);
    expect(decodeObservationId(`${ours.slice(0, 19)}c${ours.slice(20)}`)).toBeNull();
    // version 8, variant 10, but a timestamp 1 ms after midnight
    const offDay = (Date.UTC(2026, 6, 23) + 1).toString(16).padStart(12, '0');
    expect(decodeObservationId(`${offDay.slice(0, 8)}-${offDay.slice(8)}-8001-8000-000000000000`)).toBeNull();
  });
});

describe('observationShardPath', () => {
  it('puts one object per source × data day under the year', () => {
    expect(observationShardPath('2026-07-23', 1)).toBe('api/v1/_evidence/2026/2026-07-23/1.json');
    expect(shardDayOf(observationShardPath('2026-07-23', 12))).toBe('2026-07-23');
    expect(shardDayOf('api/v1/_p/ab/ab12.ndjson')).toBeNull();
    expect(observationShardPath('2014-01-02', 4095)).toBe('api/v1/_evidence/2014/2014-01-02/4095.json');
  });
});
