/**
 * Golden tests of the İzmir 2026 JSON-API dump (CSV) on the real file.
 *
 * Expected numbers counted with coreutils, independently of the parser (no quotes in the file):
 *   rows:  tail -n +2 FILE | grep -c .                                  → 14704
 *   days:  tail -n +2 FILE | cut -d, -f12 | sort -u | wc -l              → 169
 *   a day: tail -n +2 FILE | cut -d, -f12 | sort | uniq -c | grep DAY
 *   group: tail -n +2 FILE | cut -d, -f10 | sort | uniq -c               → MEYVE 4091, SEBZE 9599, İTHAL 1014
 * Spot rows copied from `sed -n Np FILE`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LayoutError } from '../types.ts';
import { parseIzmirApiDump, PARSER } from './api-dump.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import ROWS from './api-dump.rows.json' with { type: 'json' };

const TEXT = readFileSync(
  new URL('../../data/sources/izmir/izbb-sebzemeyve-hal-fiyatlari-2026_api-derived.csv', import.meta.url),
  'utf8',
);
const DOC = parseIzmirApiDump(TEXT);
const HEADER =
  'OrtalamaUcret,MAL_ADI,BIRIM,ASGARI_FIYAT,AZAMI_FIYAT,MalId,tarih,HAL_TURU,MalTipId,MAL_TIPI,Gorsel,TARIH,ORTALAMA_FIYAT';
const atLine = (n: number) => DOC.rows.find((r) => r.location === `line ${n}`);
const fileLine = (n: number) => TEXT.split('\n')[n - 1];

describe('İzmir 2026 API dump: counts', () => {
  it('has 14704 rows on 169 bulletin days, 2026-01-02 … 2026-07-23', () => {
    expect(DOC.rows).toHaveLength(14704);
    expect(DOC.bulletinDays).toHaveLength(169);
    expect(DOC.bulletinDays[0]).toBe('2026-01-02');
    expect(DOC.bulletinDays.at(-1)).toBe('2026-07-23');
  });

  it('has the counted rows on the first, two mid-year and the last day', () => {
    const on = (day: string) => DOC.rows.filter((r) => r.dataDay === day).length;
    expect(on('2026-01-02')).toBe(84);
    expect(on('2026-04-15')).toBe(86);
    expect(on('2026-05-08')).toBe(93);
    expect(on('2026-07-23')).toBe(95);
  });

  it('has 9599 SEBZE, 4091 MEYVE and 1014 İTHAL rows', () => {
    const groups = new Map<string | null, number>();
    for (const r of DOC.rows) groups.set(r.group, (groups.get(r.group) ?? 0) + 1);
    expect(Object.fromEntries(groups)).toEqual({ İTHAL: 1014, MEYVE: 4091, SEBZE: 9599 });
  });

  it('has no bulletin on the Kurban Bayramı days 2026-05-27 … 05-29', () => {
    expect(DOC.bulletinDays).toContain('2026-05-26');
    expect(DOC.bulletinDays).not.toContain('2026-05-27');
    expect(DOC.bulletinDays).not.toContain('2026-05-28');
    expect(DOC.bulletinDays).not.toContain('2026-05-29');
    expect(DOC.bulletinDays).toContain('2026-05-30');
  });
});

/** The first row of the dump, as read whichever order its columns come in. */
const ANANAS_2026_01_02 = {
  dataDay: '2026-01-02',
  name: 'ANANAS',
  unit: 'ADET',
  group: 'İTHAL',
  min: 70,
  max: 110,
  avg: 90,
};

describe('İzmir 2026 API dump: spot values as printed', () => {
  it('reads line 2 (the first row)', () => {
    const printed = '90.0,ANANAS,ADET,70,110,53,,1,3,İTHAL,8d021386-fa36-4850-bb28-bc0e6b7c7a56.jpg,2026-01-02,90.0';
    expect(fileLine(2)).toBe(printed);
    expect(atLine(2)).toEqual({ ...ANANAS_2026_01_02, market: 'izmir-sebze-meyve', printed, location: 'line 2' });
  });

  it('keeps the runs of spaces in names (line 3: ARMUT  DEVECI 40 / 90 / 65.0)', () => {
    expect(atLine(3)).toMatchObject({
      dataDay: '2026-01-02',
      name: 'ARMUT  DEVECI',
      unit: 'KG',
      group: 'MEYVE',
      min: 40,
      max: 90,
      avg: 65,
    });
  });

  it('reads mid-year lines 7168 and 7207 (2026-04-15)', () => {
    expect(atLine(7168)).toMatchObject({
      dataDay: '2026-04-15',
      name: 'ANANAS',
      unit: 'ADET',
      group: 'İTHAL',
      min: 70,
      max: 130,
      avg: 100,
    });
    expect(atLine(7207)).toMatchObject({
      dataDay: '2026-04-15',
      name: 'KABAK  BAL',
      unit: 'KG',
      group: 'SEBZE',
      min: 35,
      max: 70,
      avg: 52.5,
      printed: '52.5,KABAK  BAL,KG,35,70,116,,1,1,SEBZE,edcecaef-59c0-4e5e-bd21-b6bf9db34629.jpg,2026-04-15,52.5',
    });
  });

  it('reads the last line 14705 (ŞEFTALI 30 / 70 / 50.0)', () => {
    expect(DOC.rows.at(-1)).toEqual(ROWS['ŞEFTALI']);
  });

  it('keeps the duplicated BEZELYE of 2026-05-08 as two rows with their different prices', () => {
    const bezelye = DOC.rows.filter((r) => r.dataDay === '2026-05-08' && r.name === 'BEZELYE');
    expect(bezelye.map((r) => [r.location, r.min, r.max, r.avg])).toEqual([
      ['line 8944', 50, 85, 67.5],
      ['line 8945', 40, 80, 60],
    ]);
  });

  it('passes the market key through', () => {
    expect(parseIzmirApiDump(`${HEADER}\n${fileLine(2)}\n`, 'izmir-test').rows[0]!.market).toBe('izmir-test');
  });
});

describe('İzmir 2026 API dump: a changed layout is loud', () => {
  const line2 = '90.0,ANANAS,ADET,70,110,53,,1,3,İTHAL,8d021386-fa36-4850-bb28-bc0e6b7c7a56.jpg,2026-01-02,90.0';

  it('reads columns by name, in any order', () => {
    const reordered =
      'TARIH,MAL_TIPI,HAL_TURU,MAL_ADI,BIRIM,ASGARI_FIYAT,AZAMI_FIYAT,ORTALAMA_FIYAT\n2026-01-02,İTHAL,1,ANANAS,ADET,70,110,90.0\n';
    expect(parseIzmirApiDump(reordered).rows[0]).toMatchObject(ANANAS_2026_01_02);
  });

  it('throws naming the missing columns', () => {
    const header = HEADER.replace('ORTALAMA_FIYAT', 'ORT');
    expect(expectLayoutError(PARSER, () => parseIzmirApiDump(`${header}\n${line2}\n`)).message).toBe(
      'izmir-api-dump: missing columns ORTALAMA_FIYAT',
    );
    const yearCsv = readFileSync(
      new URL('../../data/sources/izmir/izbb-sebzemeyve-hal-fiyatlari_2023.csv', import.meta.url),
      'utf8',
    );
    expect(expectLayoutError(PARSER, () => parseIzmirApiDump(yearCsv)).message).toMatch(
      /^izmir-api-dump: missing columns /,
    );
    expect(() => parseIzmirApiDump('')).toThrow(LayoutError);
  });

  it('throws on a TARIH that is not a day', () => {
    const dotted = line2.replace(',2026-01-02,', ',02.01.2026,');
    expect(expectLayoutError(PARSER, () => parseIzmirApiDump(`${HEADER}\n${dotted}\n`)).message).toMatch(
      /^izmir-api-dump: line 2: /,
    );
  });

  it('throws on a market other than HAL_TURU 1', () => {
    const fish = line2.replace(',,1,3,', ',,2,3,');
    expect(expectLayoutError(PARSER, () => parseIzmirApiDump(`${HEADER}\n${fish}\n`)).message).toBe(
      'izmir-api-dump: line 2: HAL_TURU 2',
    );
  });

  it('throws on a line with a missing cell', () => {
    expect(() => parseIzmirApiDump(`${HEADER}\n${line2.replace(',90.0', '')}\n`)).toThrow(LayoutError);
  });
});
