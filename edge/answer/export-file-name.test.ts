import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-file-name.ts';

const base = { filters: {}, latest: false, turkish: false, today: '2026-11-21' };

describe('the export file name', () => {
  it('names the filters in a fixed order, the day or period, latest and the Turkish form', () => {
    expect(
      exportFileName({
        ...base,
        filters: { market: 'izmir-sebze-meyve', product: 'domates' },
        date: '2026-07-23',
        turkish: true,
      }),
    ).toBe('hal-fiyatlari_domates_izmir-sebze-meyve_2026-07-23_tr.csv');
    expect(exportFileName({ ...base, filters: { product: 'domates' }, range: 3650 })).toBe(
      'hal-fiyatlari_domates_son-3650-gun_2026-11-21.csv',
    );
    expect(exportFileName({ ...base, filters: { category: 'sebze', city: 'izmir' }, latest: true })).toBe(
      'hal-fiyatlari_izmir_sebze_en-son_2026-11-21.csv',
    );
    expect(exportFileName(base)).toBe('hal-fiyatlari_2026-11-21.csv');
  });

  it('stays short and plain ASCII whatever the slugs', () => {
    const name = exportFileName({
      ...base,
      filters: { product: 'a'.repeat(200), market: 'b'.repeat(200), city: 'c'.repeat(200), category: 'd'.repeat(200) },
    });
    expect(name.length).toBeLessThan(255);
    expect(name).toMatch(/^[a-z0-9_.-]+$/);
  });
});
