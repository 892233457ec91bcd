import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adapter } from './index.ts';

const REAL_PATH = 'data/sources/hal-gov-tr/hal_fiyatlari_bulten-2026-04-22_veri-2026-04-21.json';

describe('HKS registry entry', () => {
  it('declares the national source number 5 with its one market', () => {
    const d = adapter.definition;
    expect([d.key, d.number, d.kind, d.licence, d.attribution, d.dataLagDays, d.verification]).toEqual([
      'hal-gov-tr',
      5,
      'national',
      null,
      'Kaynak: T.C. Ticaret Bakanlığı Hal Kayıt Sistemi',
      1,
      'verified',
    ]);
    expect(d.url).toBe('https://www.hal.gov.tr/Sayfalar/FiyatDetaylari.aspx');
    expect(d.publishingDays).toEqual([1, 2, 3, 4, 5, 6]);
    expect(d.note).toContain('assumption');
    expect(d.note).toContain('constructed');
    expect(d.markets).toEqual([
      {
        slug: 'hal-gov-tr-turkiye',
        name: 'Türkiye ortalaması (Hal Kayıt Sistemi)',
        province: 'Türkiye',
        district: null,
        kind: 'ulusal',
      },
    ]);
  });
});

describe('HKS archive', () => {
  const docs = adapter.archive!();

  it("lists the one real bulletin, byte for byte, with the scraper's fetch moment", () => {
    expect(docs).toHaveLength(1);
    const doc = docs[0]!;
    expect(doc.storedPath).toBe(REAL_PATH);
    expect(doc.parser.id).toBe('hal-gov-tr-json');
    expect(doc.url).toBe(
      'https://raw.githubusercontent.com/avkkann/pazar-app/ce0c2aadd99549f5d6e902ac09ae18297189651e/hal_fiyatlari.json',
    );
    expect(doc.fetchedAt).toBe('2026-04-22T18:38:40.000Z');
    expect(doc.requestedDay).toBeNull();
    const shared = readFileSync(new URL(`../../${REAL_PATH}`, import.meta.url));
    expect(createHash('sha256').update(doc.bytes).digest('hex')).toBe(
      createHash('sha256').update(shared).digest('hex'),
    );
    expect(doc.bytes.byteLength).toBe(80381);
  });

  it('parses to 260 products of data day 2026-04-21', () => {
    const parsed = docs[0]!.parser.parse(docs[0]!);
    expect(parsed.bulletinDays).toEqual(['2026-04-21']);
    expect(parsed.rows).toHaveLength(260);
  });
});
