/**
 * The Excel-export parser on a CONSTRUCTED UTF-16LE export (tests/fixtures/hal-gov-tr/README.md)
 * holding the 444 real lines of the bulletin of 2026-04-21 and each page's pager row.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import type { SourceDocument } from '../types.ts';
import { decodeExport, parseHksExcel, PARSER, readHksExcel } from './excel.ts';
import { readHksJson } from './json.ts';

const EXPORT = readFileSync(new URL('../../tests/fixtures/hal-gov-tr/excel-export-2026-04-22.xls', import.meta.url));
const REAL = readHksJson(
  readFileSync(
    new URL('../../data/sources/hal-gov-tr/hal_fiyatlari_bulten-2026-04-22_veri-2026-04-21.json', import.meta.url),
    'utf8',
  ),
);

const utf16 = (text: string) => {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    bytes[2 + 2 * i] = text.charCodeAt(i) & 0xff;
    bytes[3 + 2 * i] = text.charCodeAt(i) >> 8;
  }
  return bytes;
};
const doc = (bytes: Uint8Array, requestedDay: string | null = null): SourceDocument => ({
  url: 'x',
  fetchedAt: null,
  contentType: 'application/vnd.ms-excel',
  bytes,
  requestedDay,
});
const TABLE = (rows: string) =>
  `<html><body><table><tr><td colspan="6">Bülten Tarihi : 22.04.2026 (21.04.2026 Tarihli Veriler Kullanılmıştır.)</td></tr><tr><td>Ürün Adı</td><td>Ürün Cinsi</td><td>Ürün Türü</td><td>Ortalama Fiyat</td><td>İşlem Hacmi</td><td>Birim Adı</td></tr>${rows}</table></body></html>`;

describe('HKS Excel export of all pages, 22.04.2026', () => {
  const read = readHksExcel(EXPORT);

  it('is UTF-16LE with a byte-order mark', () => {
    expect([EXPORT[0], EXPORT[1]]).toEqual([0xff, 0xfe]);
    expect(decodeExport(EXPORT)).toContain('Bülten Tarihi : 22.04.2026');
  });

  it('reads 444 lines and rejects the 18 pager rows', () => {
    expect(read.lines).toBe(444);
    expect(read.pagerRows).toBe(18);
  });

  it('gives the 260 products of the real JSON with the same values', () => {
    expect(read.bulletinDay).toBe('2026-04-22');
    expect(read.document.bulletinDays).toEqual(['2026-04-21']);
    const values = (r: { name: string; unit: string; avg: number | null; dataDay: string }) => [
      r.name.replace(/\s+/g, ' '),
      r.unit,
      r.avg,
      r.dataDay,
    ];
    expect(read.document.rows.map(values)).toEqual(REAL.document.rows.map(values));
  });

  it('reads numbers printed without thousands dots', () => {
    // DOMATES (PEMBE): `95,60`×`367274`, `110,81`×`115131`, `257,05`×`53` → 47882684.16 / 482458 = 99.25
    const row = read.document.rows.find((r) => r.name === 'DOMATES (PEMBE)');
    // urunler[96], [104], [111] of the JSON: each page has 2 junk items there and 1 pager row here, and the
    // export opens with 2 title rows, so row = index − junk before + pager rows before + 2 + 1:
    // 96 − 6 + 3 + 3 = 96, 104 − 6 + 3 + 3 = 104, 111 − 8 + 4 + 3 = 110
    expect(row).toMatchObject({ avg: 99.25, location: 'row 96, row 104, row 110' });
    expect(JSON.parse(row!.printed)[0]).toEqual([
      'DOMATES',
      'PEMBE',
      'Geleneksel(Konvansiyonel)',
      '95,60',
      '367274',
      'Kg',
    ]);
  });
});

describe('HKS Excel export: edge cases', () => {
  it('reads an export with a header and no lines as no bulletin', () => {
    expect(parseHksExcel(doc(utf16(TABLE(''))))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('takes the requested day when the export has no label', () => {
    const text = TABLE(
      '<tr><td>ACUR</td><td>ACUR</td><td>Geleneksel(Konvansiyonel)</td><td>121,28</td><td>5434</td><td>Kg</td></tr>',
    ).replace(/Bülten Tarihi[^<]*/, 'Fiyatlar');
    expect(parseHksExcel(doc(utf16(text), '2026-04-21'))).toMatchObject({
      bulletinDays: ['2026-04-21'],
      rows: [{ name: 'ACUR', avg: 121.28, location: 'row 3' }],
    });
  });

  it('throws on a body that is not the UTF-16 export', () => {
    // an HTML error page in UTF-8 (an even number of bytes) decodes to text without any table
    const page = new TextEncoder().encode('<html><body><table><tr><td>Hata</td></tr></table></body></html> ');
    expect(page.length % 2).toBe(0);
    expect(expectLayoutError(PARSER, () => parseHksExcel(doc(page))).message).toBe(
      'hal-gov-tr-excel: no table with the HKS header (Ürün Adı … Birim Adı)',
    );
    expect(() => parseHksExcel(doc(new Uint8Array([0xfe, 0xff, 0, 0x3c])))).toThrow('UTF-16BE byte-order mark');
    expect(() => parseHksExcel(doc(new Uint8Array([0x3c, 0, 0x3e])))).toThrow('odd byte count');
  });
});
