/**
 * Golden tests of the İzmir 2024 CKAN datastore dump on the real file.
 *
 * The expected numbers were counted from the file with coreutils, independently of the parser
 * (no quotes in the file, so `cut -d,` splits it as a CSV reader would):
 *   rows:       tail -n +2 FILE | grep -c .                                          → 34001
 *   per month:  tail -n +2 FILE | cut -d, -f2 | cut -c1-7 | sort | uniq -c
 *   days:       tail -n +2 FILE | cut -d, -f2 | cut -c1-10 | sort -u | cut -c1-7 | uniq -c
 *   a day:      tail -n +2 FILE | cut -d, -f2 | cut -c1-10 | sort | uniq -c | grep DAY
 *   groups:     tail -n +2 FILE | cut -d, -f3 | sort | uniq -c;  units: the same with -f5
 *   min > max:  tail -n +2 FILE | awk -F, '$6+0 > $7+0'
 * The spot rows (ckan-csv.rows.json) are lines copied as printed (`sed -n Np FILE`), their numbers
 * the printed text read as decimals by a Python script that does not use the parser.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalisePrice } from '../lib/normalise.ts';
import { LayoutError } from '../types.ts';
import { parseIzmirApiDump } from './api-dump.ts';
import { parseIzmirCkanCsv, PARSER } from './ckan-csv.ts';
import { parseIzmirReport2025 } from './report-2025.ts';
import { parseIzmirYearCsv } from './year-csv.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import ROWS from './ckan-csv.rows.json' with { type: 'json' };

const file = (name: string) => new URL(`../../data/sources/izmir/${name}`, import.meta.url);
/** As Node reads it: `utf8` keeps the BOM, so the parser itself must drop it. */
const TEXT = readFileSync(file('izbb-sebzemeyve-hal-fiyatlari_2024.csv'), 'utf8');
const DOC = parseIzmirCkanCsv(TEXT);
const atLine = (n: number) => DOC.rows.find((r) => r.location === `line ${n}`);
const fileLine = (n: number) => TEXT.split('\n')[n - 1];
const countBy = (key: (r: (typeof DOC.rows)[number]) => string) => {
  const counts = new Map<string, number>();
  for (const r of DOC.rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  return Object.fromEntries(counts);
};

/** month → [rows, bulletin days] */
const MONTHS: Record<string, [number, number]> = {
  '2024-01': [2856, 26],
  '2024-02': [2664, 25],
  '2024-03': [2849, 26],
  '2024-04': [2593, 23],
  '2024-05': [3260, 27],
  '2024-06': [2737, 22],
  '2024-07': [3050, 27],
  '2024-08': [2981, 27],
  '2024-09': [2946, 25],
  '2024-10': [2781, 26],
  '2024-11': [2672, 26],
  '2024-12': [2612, 26],
};

describe('İzmir 2024 CKAN dump: counts', () => {
  it('has 34001 rows on 306 bulletin days, 2024-01-02 … 2024-12-31', () => {
    expect(DOC.rows).toHaveLength(34001);
    expect(DOC.bulletinDays).toHaveLength(306);
    expect(DOC.bulletinDays[0]).toBe('2024-01-02');
    expect(DOC.bulletinDays.at(-1)).toBe('2024-12-31');
    expect(DOC.bulletinDays).toEqual([...new Set(DOC.rows.map((r) => r.dataDay))].sort());
  });

  it('has the counted rows and bulletin days in every month', () => {
    expect(countBy((r) => r.dataDay.slice(0, 7))).toEqual(
      Object.fromEntries(Object.entries(MONTHS).map(([month, [rows]]) => [month, rows])),
    );
    const days = new Map<string, number>();
    for (const day of DOC.bulletinDays) days.set(day.slice(0, 7), (days.get(day.slice(0, 7)) ?? 0) + 1);
    expect(Object.fromEntries(days)).toEqual(
      Object.fromEntries(Object.entries(MONTHS).map(([month, [, count]]) => [month, count])),
    );
  });

  it('has the counted rows on the first, two mid-year and the last day', () => {
    const on = (day: string) => DOC.rows.filter((r) => r.dataDay === day).length;
    expect(on('2024-01-02')).toBe(110);
    expect(on('2024-06-14')).toBe(126);
    expect(on('2024-06-15')).toBe(126);
    expect(on('2024-12-31')).toBe(102);
  });

  it('has no bulletin on the Kurban Bayramı days 2024-06-16 … 06-19', () => {
    expect(DOC.bulletinDays.filter((d) => d >= '2024-06-15' && d <= '2024-06-20')).toEqual([
      '2024-06-15',
      '2024-06-20',
    ]);
  });

  it('has 20909 SEBZE, 10391 MEYVE, 2701 İTHAL rows; 28420 kg, 4051 adet, 1530 bağ', () => {
    expect(countBy((r) => r.group!)).toEqual({ SEBZE: 20909, MEYVE: 10391, İTHAL: 2701 });
    expect(countBy((r) => r.unit)).toEqual({ kg: 28420, adet: 4051, bağ: 1530 });
  });
});

describe('İzmir 2024 CKAN dump: spot values as printed', () => {
  it.each(Object.values(ROWS))('reads $location ($name) as printed', (spot) => {
    expect(atLine(Number(spot.location.slice('line '.length)))).toEqual(spot);
    // the location points at the file's own line
    expect(fileLine(Number(spot.location.slice('line '.length)))).toBe(spot.printed);
  });

  it('keeps the trailing and doubled spaces of names (KIVI  , PORTAKAL   FINIKE)', () => {
    expect(ROWS['line 23800'].name).toBe('KIVI  ');
    expect(ROWS['line 30600'].name).toBe('PORTAKAL   FINIKE');
  });
});

describe('İzmir 2024 CKAN dump: the four rows printed with min > max', () => {
  const reversed = [
    ['line 12286', '2024-05-14', 'MALTA', 62, 45, 53.5],
    ['line 12431', '2024-05-15', 'MALTA', 62, 45, 53.5],
    ['line 12544', '2024-05-16', 'MALTA', 62, 45, 53.5],
    ['line 21329', '2024-08-14', 'SALATALIK  SİLOR', 32, 30, 31],
  ];

  it('are kept as printed by the parser, and no other row is', () => {
    const found = DOC.rows.filter((r) => r.min! > r.max!);
    expect(found.map((r) => [r.location, r.dataDay, r.name, r.min, r.max, r.avg])).toEqual(reversed);
  });

  it('are swapped and flagged by normalise, the printed average inside the swapped range', () => {
    for (const [location, , , min, max, avg] of reversed) {
      const price = normalisePrice(atLine(Number(String(location).slice('line '.length)))!);
      expect(price, String(location)).toEqual({
        min: max,
        max: min,
        avg,
        avgMethod: 'reported',
        unit: 'kg',
        flags: ['min_max_swapped'],
      });
    }
  });
});

describe('İzmir 2024 CKAN dump: a changed layout is loud', () => {
  const HEADER = '_id,TARIH,MAL_TURU,MAL_ADI,BIRIM,ASGARI_UCRET,AZAMI_UCRET,ORTALAMA_UCRET';
  const LINE = '1,2024-01-02T00:00:00,SEBZE,YAPRAK  SALAMURA,kg,10.0,50.0,30';
  const LINE2 = '2,2024-01-02T00:00:00,SEBZE,SARIMSAK  KURU,kg,15.0,120.0,67.5';
  const refused = (text: string) => expectLayoutError(PARSER, () => parseIzmirCkanCsv(text)).message;

  it('is refused by the three other İzmir parsers, and refuses their files', () => {
    const bytes = new Uint8Array(readFileSync(file('izbb-sebzemeyve-hal-fiyatlari_2024.csv')));
    expect(() => parseIzmirYearCsv(TEXT)).toThrow(LayoutError);
    expect(() => parseIzmirApiDump(TEXT)).toThrow(LayoutError);
    expect(() => parseIzmirReport2025(bytes)).toThrow(LayoutError);
    for (const other of [
      'izbb-sebzemeyve-hal-fiyatlari_2023.csv',
      'izbb-sebzemeyve-hal-fiyatlari_2025.csv',
      'izbb-sebzemeyve-hal-fiyatlari-2026_api-derived.csv',
    ]) {
      expect(refused(readFileSync(file(other), 'utf8')), other).toMatch(/^izmir-ckan-csv: line 1: unexpected header/);
    }
    expect(refused('')).toBe('izmir-ckan-csv: line 1: unexpected header []');
  });

  it('refuses a renamed, a missing or an extra column', () => {
    expect(refused(`${HEADER.replace('ORTALAMA_UCRET', 'ORTALAMA_FIYAT')}\n${LINE}\n`)).toMatch(/line 1/);
    expect(refused(`${HEADER.replace('_id,', '')}\n${LINE.replace('1,', '')}\n`)).toMatch(/line 1/);
    expect(refused(`${HEADER},EXTRA\n${LINE},x\n`)).toMatch(/line 1/);
    expect(refused(`${HEADER.replaceAll(',', ';')}\n${LINE.replaceAll(',', ';')}\n`)).toMatch(/line 1/);
  });

  it('refuses a TARIH that is not a day at midnight, naming the line', () => {
    for (const datetime of ['2024-01-02', '2024-01-02T12:00:00', '2024-01-02 00:00:00', '2024-02-30T00:00:00']) {
      expect(refused(`${HEADER}\n${LINE}\n${LINE2.replace('2024-01-02T00:00:00', datetime)}\n`), datetime).toMatch(
        /^izmir-ckan-csv: line 3: /,
      );
    }
  });

  it('refuses an `_id` out of file order, naming the line', () => {
    expect(refused(`${HEADER}\n${LINE2}\n${LINE}\n`)).toBe('izmir-ckan-csv: line 2: _id 2, expected 1');
    expect(refused(`${HEADER}\n${LINE}\n${LINE2.replace('2,', '3,')}\n`)).toBe(
      'izmir-ckan-csv: line 3: _id 3, expected 2',
    );
  });

  it('refuses a price that is not a decimal-point number, a missing cell and a blank line', () => {
    expect(refused(`${HEADER}\n${LINE.replace('10.0', '"10,0"')}\n`)).toBe(
      'izmir-ckan-csv: line 2: not a price "10,0"',
    );
    expect(refused(`${HEADER}\n${LINE.replace(',30', ',30 TL')}\n`)).toBe(
      'izmir-ckan-csv: line 2: not a price "30 TL"',
    );
    expect(refused(`${HEADER}\n${LINE.replace(',30', '')}\n`)).toMatch(/^izmir-ckan-csv: line 2: /);
    expect(refused(`${HEADER}\n${LINE}\n\n${LINE2}\n`)).toMatch(/^izmir-ckan-csv: line 3: /);
  });

  it('reads a datastore null (an empty cell) as no quote; CRLF line ends as LF', () => {
    expect(parseIzmirCkanCsv(`${HEADER}\r\n${LINE.replace(',30', ',')}\r\n`).rows).toEqual([
      {
        dataDay: '2024-01-02',
        market: 'izmir-sebze-meyve',
        name: 'YAPRAK  SALAMURA',
        unit: 'kg',
        group: 'SEBZE',
        min: 10,
        max: 50,
        avg: null,
        printed: '1,2024-01-02T00:00:00,SEBZE,YAPRAK  SALAMURA,kg,10.0,50.0,',
        location: 'line 2',
      },
    ]);
    expect(parseIzmirCkanCsv(`${HEADER}\n${LINE}\n`, 'izmir-test').rows[0]!.market).toBe('izmir-test');
  });
});
