/**
 * Golden tests of the İzmir open-data yearly CSVs (2014–2023) on the real files.
 *
 * The expected numbers were counted from the files with coreutils, independently of the parser:
 *   rows:  tail -n +2 FILE | grep -c .
 *   days:  tail -n +2 FILE | cut -d';' -f1 | sort -u | wc -l
 *   a day: tail -n +2 FILE | cut -d';' -f1 | sort | uniq -c | grep DAY
 * and the spot rows are lines 2, ⌊n/3⌋, ⌊2n/3⌋ and n (the last) of each file, copied as printed
 * (`sed -n Np FILE`); their numbers are the printed text read as decimals by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LayoutError, type ParsedDocument } from '../types.ts';
import { parseIzmirYearCsv, PARSER } from './year-csv.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';

type Year = 2014 | 2015 | 2016 | 2017 | 2018 | 2019 | 2020 | 2021 | 2022 | 2023;
const YEARS: Year[] = [2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023];

const path = (year: Year) =>
  new URL(`../../data/sources/izmir/izbb-sebzemeyve-hal-fiyatlari_${year}.csv`, import.meta.url);
/** As Node reads it: `utf8` keeps the BOM, so the parser itself must drop it. */
const text = (year: Year) => readFileSync(path(year), 'utf8');
const parsed = new Map<Year, ParsedDocument>();
function parse(year: Year): ParsedDocument {
  if (!parsed.has(year)) parsed.set(year, parseIzmirYearCsv(text(year)));
  return parsed.get(year)!;
}
const rowsOn = (year: Year, day: string) => parse(year).rows.filter((r) => r.dataDay === day).length;

/** rows, bulletin days, and rows on the first day, a day in mid June and the last day. */
const GOLDEN: Record<
  Year,
  { rows: number; days: number; first: [string, number]; mid: [string, number]; last: [string, number] }
> = {
  2014: { rows: 20381, days: 255, first: ['2014-01-02', 75], mid: ['2014-06-16', 78], last: ['2014-12-31', 83] },
  2015: { rows: 23748, days: 280, first: ['2015-01-02', 83], mid: ['2015-06-15', 84], last: ['2015-12-31', 85] },
  2016: { rows: 26417, days: 306, first: ['2016-01-02', 85], mid: ['2016-06-15', 85], last: ['2016-12-31', 86] },
  2017: { rows: 26879, days: 309, first: ['2017-01-02', 83], mid: ['2017-06-15', 86], last: ['2017-12-30', 87] },
  2018: { rows: 27299, days: 307, first: ['2018-01-02', 87], mid: ['2018-06-18', 91], last: ['2018-12-31', 86] },
  2019: { rows: 27063, days: 307, first: ['2019-01-02', 86], mid: ['2019-06-15', 89], last: ['2019-12-31', 87] },
  2020: { rows: 26161, days: 301, first: ['2020-01-02', 87], mid: ['2020-06-15', 89], last: ['2020-12-31', 89] },
  2021: { rows: 26759, days: 303, first: ['2021-01-02', 89], mid: ['2021-06-15', 93], last: ['2021-12-31', 85] },
  2022: { rows: 30334, days: 306, first: ['2022-01-03', 85], mid: ['2022-06-15', 96], last: ['2022-12-31', 105] },
  2023: { rows: 32622, days: 307, first: ['2023-01-02', 106], mid: ['2023-06-15', 107], last: ['2023-12-30', 110] },
};

type Spot = {
  line: number;
  day: string;
  group: string;
  name: string;
  unit: string;
  min: number;
  max: number;
  avg: number;
  printed: string;
};
const SPOTS: Record<Year, Spot[]> = {
  2014: [
    {
      line: 2,
      day: '2014-01-02',
      group: 'SEBZE',
      name: 'KABAK  BAL',
      unit: 'KG',
      min: 0.5,
      max: 1,
      avg: 0.75,
      printed: '2014-01-02;SEBZE;KABAK  BAL;KG;0.50;1;0.75',
    },
    {
      line: 6794,
      day: '2014-05-09',
      group: 'MEYVE',
      name: 'LIMON  DOKME',
      unit: 'KG',
      min: 0.6,
      max: 1.5,
      avg: 1.05,
      printed: '2014-05-09;MEYVE;LIMON  DOKME;KG;0.60;1.50;1.05',
    },
    {
      line: 13588,
      day: '2014-09-09',
      group: 'MEYVE',
      name: 'INCIR  SİYAH',
      unit: 'KG',
      min: 1.5,
      max: 3.5,
      avg: 2.5,
      printed: '2014-09-09;MEYVE;INCIR  SİYAH;KG;1.50;3.50;2.50',
    },
    {
      line: 20382,
      day: '2014-12-31',
      group: 'SEBZE',
      name: 'BIBER  SIVRI',
      unit: 'KG',
      min: 0.7,
      max: 2.6,
      avg: 1.65,
      printed: '2014-12-31;SEBZE;BIBER  SIVRI;KG;0.70;2.60;1.65',
    },
  ],
  2015: [
    {
      line: 2,
      day: '2015-01-02',
      group: 'SEBZE',
      name: 'MANTAR',
      unit: 'KG',
      min: 2.5,
      max: 4.5,
      avg: 3.5,
      printed: '2015-01-02;SEBZE;MANTAR;KG;2.50;4.50;3.50',
    },
    {
      line: 7916,
      day: '2015-05-15',
      group: 'SEBZE',
      name: 'PAZI',
      unit: 'ADET',
      min: 0.5,
      max: 1.3,
      avg: 0.9,
      printed: '2015-05-15;SEBZE;PAZI;ADET;0.50;1.30;0.90',
    },
    {
      line: 15832,
      day: '2015-09-10',
      group: 'MEYVE',
      name: 'ÜZÜM  RED GLOBE',
      unit: 'KG',
      min: 1,
      max: 2.5,
      avg: 1.75,
      printed: '2015-09-10;MEYVE;ÜZÜM  RED GLOBE;KG;1;2.50;1.75',
    },
    {
      line: 23749,
      day: '2015-12-31',
      group: 'MEYVE',
      name: 'LIMON  KASA',
      unit: 'KG',
      min: 1.5,
      max: 3,
      avg: 2.25,
      printed: '2015-12-31;MEYVE;LIMON  KASA;KG;1.50;3;2.25',
    },
  ],
  2016: [
    {
      line: 2,
      day: '2016-01-02',
      group: 'SEBZE',
      name: 'PAZI',
      unit: 'ADET',
      min: 0.6,
      max: 1.5,
      avg: 1.05,
      printed: '2016-01-02;SEBZE;PAZI;ADET;0.60;1.50;1.05',
    },
    {
      line: 8806,
      day: '2016-04-29',
      group: 'SEBZE',
      name: 'ISPANAK',
      unit: 'KG',
      min: 0.4,
      max: 1,
      avg: 0.7,
      printed: '2016-04-29;SEBZE;ISPANAK;KG;0.40;1;0.70',
    },
    {
      line: 17612,
      day: '2016-08-27',
      group: 'SEBZE',
      name: 'PATATES',
      unit: 'KG',
      min: 0.2,
      max: 0.6,
      avg: 0.4,
      printed: '2016-08-27;SEBZE;PATATES;KG;0.20;0.60;0.40',
    },
    {
      line: 26418,
      day: '2016-12-31',
      group: 'SEBZE',
      name: 'Y.MAYDONOZ',
      unit: 'BAĞ',
      min: 0.25,
      max: 0.4,
      avg: 0.33,
      printed: '2016-12-31;SEBZE;Y.MAYDONOZ;BAĞ;0.25;0.40;0.33',
    },
  ],
  2017: [
    {
      line: 2,
      day: '2017-01-02',
      group: 'SEBZE',
      name: 'HAVUC',
      unit: 'KG',
      min: 0.7,
      max: 1.7,
      avg: 1.2,
      printed: '2017-01-02;SEBZE;HAVUC;KG;0.70;1.70;1.20',
    },
    {
      line: 8960,
      day: '2017-05-06',
      group: 'MEYVE',
      name: 'PORTAKAL  VALENCIA',
      unit: 'KG',
      min: 1,
      max: 2.5,
      avg: 1.75,
      printed: '2017-05-06;MEYVE;PORTAKAL  VALENCIA;KG;1;2.50;1.75',
    },
    {
      line: 17920,
      day: '2017-09-09',
      group: 'MEYVE',
      name: 'ERIK MUHTELİF',
      unit: 'KG',
      min: 0.5,
      max: 2,
      avg: 1.25,
      printed: '2017-09-09;MEYVE;ERIK MUHTELİF;KG;0.50;2;1.25',
    },
    {
      line: 26880,
      day: '2017-12-30',
      group: 'İTHAL',
      name: 'HINDISTAN CEVIZI',
      unit: 'ADET',
      min: 2,
      max: 4,
      avg: 3,
      printed: '2017-12-30;İTHAL..;HINDISTAN CEVIZI;ADET;2;4;3',
    },
  ],
  2018: [
    {
      line: 2,
      day: '2018-01-02',
      group: 'SEBZE',
      name: 'FASULYE   CALI',
      unit: 'KG',
      min: 2.5,
      max: 8,
      avg: 5.25,
      printed: '2018-01-02;SEBZE;FASULYE   CALI;KG;2.50;8;5.25',
    },
    {
      line: 9100,
      day: '2018-05-04',
      group: 'SEBZE',
      name: 'BEZELYE',
      unit: 'KG',
      min: 0.75,
      max: 2.8,
      avg: 1.78,
      printed: '2018-05-04;SEBZE;BEZELYE;KG;0.75;2.80;1.78',
    },
    {
      line: 18200,
      day: '2018-09-05',
      group: 'SEBZE',
      name: 'BİBER SALÇALIK',
      unit: 'KG',
      min: 0.6,
      max: 1.9,
      avg: 1.25,
      printed: '2018-09-05;SEBZE;BİBER SALÇALIK;KG;0.60;1.90;1.25',
    },
    {
      line: 27300,
      day: '2018-12-31',
      group: 'SEBZE',
      name: 'KAVUN  TARLA',
      unit: 'KG',
      min: 1.8,
      max: 4.8,
      avg: 3.3,
      printed: '2018-12-31;SEBZE;KAVUN  TARLA;KG;1.80;4.80;3.30',
    },
  ],
  2019: [
    {
      line: 2,
      day: '2019-01-02',
      group: 'SEBZE',
      name: 'SOGAN   KURU',
      unit: 'KG',
      min: 0.9,
      max: 3.3,
      avg: 2.1,
      printed: '2019-01-02;SEBZE;SOGAN   KURU;KG;0.90;3.30;2.10',
    },
    {
      line: 9021,
      day: '2019-04-30',
      group: 'MEYVE',
      name: 'ELMA  STARKING',
      unit: 'KG',
      min: 2,
      max: 4.5,
      avg: 3.25,
      printed: '2019-04-30;MEYVE;ELMA  STARKING;KG;2;4.50;3.25',
    },
    {
      line: 18042,
      day: '2019-08-31',
      group: 'SEBZE',
      name: 'DOMATES  BEEF',
      unit: 'KG',
      min: 0.5,
      max: 2.8,
      avg: 1.65,
      printed: '2019-08-31;SEBZE;DOMATES  BEEF;KG;0.50;2.80;1.65',
    },
    {
      line: 27064,
      day: '2019-12-31',
      group: 'MEYVE',
      name: 'MUZ  YERLI',
      unit: 'KG',
      min: 2.5,
      max: 6.5,
      avg: 4.5,
      printed: '2019-12-31;MEYVE;MUZ  YERLI;KG;2.50;6.50;4.50',
    },
  ],
  2020: [
    {
      line: 2,
      day: '2020-01-02',
      group: 'SEBZE',
      name: 'Y.NANE',
      unit: 'BAĞ',
      min: 0.4,
      max: 0.75,
      avg: 0.58,
      printed: '2020-01-02;SEBZE;Y.NANE;BAĞ;0.40;0.75;0.58',
    },
    {
      line: 8720,
      day: '2020-05-02',
      group: 'MEYVE',
      name: 'ELMA MUHTELİF',
      unit: 'KG',
      min: 0.6,
      max: 2.5,
      avg: 1.55,
      printed: '2020-05-02;MEYVE;ELMA MUHTELİF;KG;0.60;2.50;1.55',
    },
    {
      line: 17441,
      day: '2020-09-05',
      group: 'MEYVE',
      name: 'INCIR  BARDACIK',
      unit: 'KG',
      min: 6,
      max: 12,
      avg: 9,
      printed: '2020-09-05;MEYVE;INCIR  BARDACIK;KG;6;12;9',
    },
    {
      line: 26162,
      day: '2020-12-31',
      group: 'İTHAL',
      name: 'MUZ  ITHAL',
      unit: 'KG',
      min: 9,
      max: 15,
      avg: 12,
      printed: '2020-12-31;İTHAL..;MUZ  ITHAL;KG;9;15;12',
    },
  ],
  2021: [
    {
      line: 2,
      day: '2021-01-02',
      group: 'SEBZE',
      name: 'ISPANAK',
      unit: 'KG',
      min: 1,
      max: 2.7,
      avg: 1.85,
      printed: '2021-01-02;SEBZE;ISPANAK;KG;1;2.70;1.85',
    },
    {
      line: 8920,
      day: '2021-04-29',
      group: 'SEBZE',
      name: 'SALATALIK  KASA',
      unit: 'KG',
      min: 2.5,
      max: 7,
      avg: 4.75,
      printed: '2021-04-29;SEBZE;SALATALIK  KASA;KG;2.50;7;4.75',
    },
    {
      line: 17840,
      day: '2021-09-02',
      group: 'MEYVE',
      name: 'MUZ  YERLI',
      unit: 'KG',
      min: 2,
      max: 12,
      avg: 7,
      printed: '2021-09-02;MEYVE;MUZ  YERLI;KG;2;12;7',
    },
    {
      line: 26760,
      day: '2021-12-31',
      group: 'SEBZE',
      name: 'KARPUZ',
      unit: 'KG',
      min: 2,
      max: 4.5,
      avg: 3.25,
      printed: '2021-12-31;SEBZE;KARPUZ;KG;2;4.50;3.25',
    },
  ],
  2022: [
    {
      line: 2,
      day: '2022-01-03',
      group: 'MEYVE',
      name: 'AYVA',
      unit: 'kg',
      min: 2,
      max: 7,
      avg: 4.5,
      printed: '2022-01-03;MEYVE;AYVA;kg;2;7;4.5',
    },
    {
      line: 10111,
      day: '2022-05-26',
      group: 'SEBZE',
      name: 'LAHANA  BEYAZ',
      unit: 'kg',
      min: 5,
      max: 12,
      avg: 8.5,
      printed: '2022-05-26;SEBZE;LAHANA  BEYAZ;kg;5;12;8.5',
    },
    {
      line: 20223,
      day: '2022-09-17',
      group: 'SEBZE',
      name: 'SOGAN   KIRMIZI',
      unit: 'kg',
      min: 4,
      max: 10,
      avg: 7,
      printed: '2022-09-17;SEBZE;SOGAN   KIRMIZI;kg;4;10;7',
    },
    {
      line: 30335,
      day: '2022-12-31',
      group: 'İTHAL',
      name: 'ANANAS',
      unit: 'adet',
      min: 22,
      max: 36,
      avg: 29,
      printed: '2022-12-31;İTHAL..;ANANAS;adet;22;36;29',
    },
  ],
  2023: [
    {
      line: 2,
      day: '2023-01-02',
      group: 'SEBZE',
      name: 'PATATES TAZE(YIKANMIŞ)',
      unit: 'kg',
      min: 4,
      max: 12,
      avg: 8,
      printed: '2023-01-02;SEBZE;PATATES TAZE(YIKANMIŞ);kg;4.0;12.0;8',
    },
    {
      line: 10874,
      day: '2023-05-12',
      group: 'SEBZE',
      name: 'SOGAN   KIRMIZI',
      unit: 'kg',
      min: 8,
      max: 30,
      avg: 19,
      printed: '2023-05-12;SEBZE;SOGAN   KIRMIZI;kg;8.0;30.0;19',
    },
    {
      line: 21748,
      day: '2023-09-11',
      group: 'MEYVE',
      name: 'ERIK  CAN',
      unit: 'kg',
      min: 10,
      max: 140,
      avg: 75,
      printed: '2023-09-11;MEYVE;ERIK  CAN;kg;10.0;140.0;75',
    },
    {
      line: 32623,
      day: '2023-12-30',
      group: 'SEBZE',
      name: 'KARNABAHAR',
      unit: 'kg',
      min: 5,
      max: 30,
      avg: 17.5,
      printed: '2023-12-30;SEBZE;KARNABAHAR;kg;5.0;30.0;17.5',
    },
  ],
};

describe.each(YEARS)('İzmir year CSV %i', (year) => {
  const golden = GOLDEN[year];

  it(`has ${golden.rows} rows on ${golden.days} bulletin days`, () => {
    const doc = parse(year);
    expect(doc.rows).toHaveLength(golden.rows);
    expect(doc.bulletinDays).toHaveLength(golden.days);
    expect(doc.bulletinDays[0]).toBe(golden.first[0]);
    expect(doc.bulletinDays.at(-1)).toBe(golden.last[0]);
    expect(doc.bulletinDays).toEqual([...new Set(doc.rows.map((r) => r.dataDay))].sort());
  });

  it('has the counted rows on its first, a mid-year and its last day', () => {
    for (const [day, count] of [golden.first, golden.mid, golden.last]) expect(rowsOn(year, day), day).toBe(count);
  });

  it.each(SPOTS[year])('reads line $line ($name) as printed', (spot) => {
    const row = parse(year).rows.find((r) => r.location === `line ${spot.line}`);
    expect(row).toEqual({
      dataDay: spot.day,
      market: 'izmir-sebze-meyve',
      name: spot.name,
      unit: spot.unit,
      group: spot.group,
      min: spot.min,
      max: spot.max,
      avg: spot.avg,
      printed: spot.printed,
      location: `line ${spot.line}`,
    });
    // the location points at the file's own line
    expect(text(year).split('\n')[spot.line - 1]).toBe(spot.printed);
  });
});

describe('İzmir year CSV layout quirks', () => {
  it('strips the two dots of `İTHAL..` (2020: 16119 SEBZE, 7784 MEYVE, 2258 İTHAL rows, by `cut -f2 | sort | uniq -c`)', () => {
    expect(text(2020)).toContain('\n2020-01-02;İTHAL..;ELMA GSMIT(İTHAL);KG;5;15;10\n');
    const groups = new Map<string | null, number>();
    for (const r of parse(2020).rows) groups.set(r.group, (groups.get(r.group) ?? 0) + 1);
    expect(Object.fromEntries(groups)).toEqual({ SEBZE: 16119, MEYVE: 7784, İTHAL: 2258 });
    expect(parse(2020).rows.find((r) => r.location === 'line 3')).toMatchObject({
      name: 'ELMA GSMIT(İTHAL)',
      group: 'İTHAL',
      printed: '2020-01-02;İTHAL..;ELMA GSMIT(İTHAL);KG;5;15;10',
    });
  });

  it('keeps the lower-case units of 2022 as printed (25779 kg, 3112 adet, 1443 bağ)', () => {
    const units = new Map<string, number>();
    for (const r of parse(2022).rows) units.set(r.unit, (units.get(r.unit) ?? 0) + 1);
    expect(Object.fromEntries(units)).toEqual({ kg: 25779, adet: 3112, bağ: 1443 });
    const upper = new Map<string, number>();
    for (const r of parse(2021).rows) upper.set(r.unit, (upper.get(r.unit) ?? 0) + 1);
    expect(Object.fromEntries(upper)).toEqual({ KG: 22339, ADET: 3094, BAĞ: 1326 });
  });

  it('reads 2023 without a BOM and with `4.0` decimals', () => {
    expect(text(2023).startsWith('TARIH;')).toBe(true);
    expect(text(2014).startsWith('\ufeffTARIH;')).toBe(true);
    // line 13 of 2023: 2023-01-02;MEYVE;ELMA  GALA;kg;7.5;13.0;10.25
    expect(parse(2023).rows.find((r) => r.location === 'line 13')).toMatchObject({
      name: 'ELMA  GALA',
      min: 7.5,
      max: 13,
      avg: 10.25,
    });
  });

  it('keeps a reversed min/max as printed (2014-08-15 KIVI İTHAL 10 / 1.70 / 5.85); repair is normalise’s job', () => {
    expect(parse(2014).rows.find((r) => r.location === 'line 11960')).toMatchObject({
      dataDay: '2014-08-15',
      name: 'KIVI  İTHAL',
      group: 'İTHAL',
      min: 10,
      max: 1.7,
      avg: 5.85,
    });
  });
});

describe('İzmir year CSV: a changed layout is loud', () => {
  const HEADER = 'TARIH;MAL_TURU;MAL_ADI;BIRIM;ASGARI_UCRET;AZAMI_UCRET;ORTALAMA_UCRET';
  const LINE = '2014-01-02;SEBZE;KABAK  BAL;KG;0.50;1;0.75';

  it('throws LayoutError naming the parser on a renamed column', () => {
    const error = expectLayoutError(PARSER, () =>
      parseIzmirYearCsv(`${HEADER.replace('ORTALAMA_UCRET', 'ORTALAMA_FIYAT')}\n${LINE}\n`),
    );
    expect(error.parser).toBe(PARSER);
    expect(error.message).toMatch(/^izmir-year-csv: unexpected header/);
  });

  it('throws LayoutError on the 2026 API dump and on an empty document', () => {
    const dump = readFileSync(
      new URL('../../data/sources/izmir/izbb-sebzemeyve-hal-fiyatlari-2026_api-derived.csv', import.meta.url),
      'utf8',
    );
    expect(expectLayoutError(PARSER, () => parseIzmirYearCsv(dump)).parser).toBe('izmir-year-csv');
    expect(expectLayoutError(PARSER, () => parseIzmirYearCsv('')).parser).toBe('izmir-year-csv');
  });

  it('throws on a TARIH that is not a day', () => {
    expect(
      expectLayoutError(PARSER, () => parseIzmirYearCsv(`${HEADER}\n02.01.2014;SEBZE;KABAK  BAL;KG;0.50;1;0.75\n`))
        .message,
    ).toContain('line 2');
    expect(() => parseIzmirYearCsv(`${HEADER}\n${LINE}\n2014-02-30;SEBZE;KABAK  BAL;KG;0.50;1;0.75\n`)).toThrow(
      /^izmir-year-csv: line 3/,
    );
  });

  it('throws on a line with a missing or an extra cell', () => {
    expect(() => parseIzmirYearCsv(`${HEADER}\n2014-01-02;SEBZE;KABAK  BAL;KG;0.50;1\n`)).toThrow(LayoutError);
    expect(() => parseIzmirYearCsv(`${HEADER}\n${LINE};x\n`)).toThrow(LayoutError);
  });

  it('parses the same line under the header into one row', () => {
    expect(parseIzmirYearCsv(`${HEADER}\r\n${LINE}\r\n`).rows).toEqual([
      {
        dataDay: '2014-01-02',
        market: 'izmir-sebze-meyve',
        name: 'KABAK  BAL',
        unit: 'KG',
        group: 'SEBZE',
        min: 0.5,
        max: 1,
        avg: 0.75,
        printed: LINE,
        location: 'line 2',
      },
    ]);
  });
});
