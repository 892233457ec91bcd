/**
 * What the importer reads of each TÜİK national table (data/production/MANIFEST.md describes every
 * cell): one row per year from `firstRow`, the year in `yearColumns`, and per printed product the
 * tonnes column, the decares column where the table gives an area, and the header cells that name
 * them. Left out: the balance sheets (marketing years, a use account rather than harvests), the
 * fruit price table 50_t3 (TL/kg), the summary TD 6.1_4 (its six columns repeat 45_t13, 45_t16,
 * 45_t21, 45_t15, 45_t19 and 45_t22), tree counts and tea growers (no tonnes).
 */
import { column } from './sheet.ts';

type Series = {
  /** the product as this importer names the printed column: the Turkish header words, trimmed */
  name: string;
  tonnes: string;
  area?: string;
  /** header cells (A1 address → the words the cell begins with) that must name this column */
  headers: Record<string, string>;
};

export type YearTable = {
  table: string;
  file: string;
  title: string;
  firstRow: number;
  years: [number, number];
  yearColumns: string[];
  series: Series[];
};

export const NATIONAL_DIR = 'data/production/tuik-national/meyve';
const FRUIT = 'meyveler_içecek_ve_baharat_bitkileri';

/** Fruit tables with tree counts: the name over three columns, production in the third. */
function trees(...groups: [string, string][]): Series[] {
  return groups.map(([first, name]) => {
    const tonnes = column(first, 2);
    return { name, tonnes, headers: { [`${first}3`]: name, [`${tonnes}6`]: 'Üretim' } };
  });
}

/** An area column (decares) followed by its production column, both under the product's name. */
function areaThenTonnes(area: string, name: string, nameRow: number, unitRow: number): Series {
  const tonnes = column(area, 1);
  return {
    name,
    tonnes,
    area,
    headers: { [`${area}${nameRow}`]: name, [`${area}${unitRow}`]: 'Alan', [`${tonnes}${unitRow}`]: 'Üretim' },
  };
}

const years = [1988, 2024] as [number, number];

export const YEAR_TABLES: YearTable[] = [
  {
    table: '45_t10',
    file: 'sebzeler/Meyvesi İçin Yetiştirilen Sebzeler.xls',
    title: 'Meyvesi için yetiştirilen sebzeler, 1988-2024',
    firstRow: 7,
    years,
    yearColumns: ['A', 'P'],
    series: [
      { name: 'Domates Toplam', tonnes: 'B', headers: { B3: 'Domates', B5: 'Toplam' } },
      { name: 'Domates Sofralık', tonnes: 'C', headers: { C5: 'Sofralık' } },
      { name: 'Domates Salçalık', tonnes: 'D', headers: { D5: 'Salçalık' } },
      { name: 'Hıyar Toplam', tonnes: 'F', headers: { F3: 'Hıyar', F5: 'Toplam' } },
      { name: 'Hıyar Sofralık', tonnes: 'G', headers: { G5: 'Sofralık' } },
      { name: 'Hıyar Turşuluk', tonnes: 'H', headers: { H5: 'Turşuluk' } },
      { name: 'Acur', tonnes: 'I', headers: { I4: 'Acur' } },
      { name: 'Biber Salçalık, kapya', tonnes: 'K', headers: { K3: 'Biber', K4: 'Salçalık, kapya' } },
      { name: 'Biber Dolmalık', tonnes: 'L', headers: { L5: 'Dolmalık' } },
      { name: 'Biber Sivri', tonnes: 'M', headers: { M5: 'Sivri' } },
      { name: 'Biber Çarliston', tonnes: 'N', headers: { N5: 'Çarliston' } },
      { name: 'Bamya', tonnes: 'O', headers: { O5: 'Bamya' } },
      { name: 'Patlıcan', tonnes: 'Q', headers: { Q5: 'Patlıcan' } },
      { name: 'Kabak (Sakız)', tonnes: 'R', headers: { R4: 'Kabak', R5: '(Sakız)' } },
      { name: 'Balkabağı', tonnes: 'S', headers: { S5: 'Balkabağı' } },
      { name: 'Kabak (Çerezlik)', tonnes: 'T', headers: { T3: 'Kabak', T4: '(Çerezlik)' } },
      { name: 'Kavun', tonnes: 'U', headers: { U5: 'Kavun' } },
      { name: 'Karpuz', tonnes: 'V', headers: { V4: 'Karpuz' } },
      { name: 'Pepino', tonnes: 'W', headers: { W5: 'Pepino' } },
      { name: 'Kudret narı', tonnes: 'X', headers: { X5: 'Kudret narı' } },
      { name: 'Bezelye (Taze)', tonnes: 'Y', headers: { Y4: 'Bezelye', Y5: '(Taze)' } },
      { name: 'Fasulye (Taze)', tonnes: 'Z', headers: { Z4: 'Fasulye', Z5: '(Taze)' } },
      { name: 'Börülce (Taze)', tonnes: 'AA', headers: { AA4: 'Börülce', AA5: '(Taze)' } },
      { name: 'Bakla (Taze)', tonnes: 'AB', headers: { AB4: 'Bakla (Taze)' } },
      { name: 'Barbunya fasulye (Taze)', tonnes: 'AC', headers: { AC4: 'Barbunya', AC5: 'fasulye (Taze)' } },
    ],
  },
  {
    table: '45_t13',
    file: `${FRUIT}/Üzüm.xls`,
    title: 'Üzüm, 1988-2024',
    firstRow: 8,
    years,
    yearColumns: ['A'],
    series: [
      { name: 'Üzüm Toplam', tonnes: 'D', area: 'B', headers: { B4: 'Alan', D3: 'Üretim', D6: 'Toplam' } },
      { name: 'Üzüm Sofralık', tonnes: 'E', headers: { E6: 'Sofralık' } },
      { name: 'Üzüm Kurutmalık', tonnes: 'F', headers: { F6: 'Kurutmalık' } },
      { name: 'Üzüm Şaraplık', tonnes: 'G', headers: { G6: 'Şaraplık' } },
    ],
  },
  {
    table: '45_t14',
    file: `${FRUIT}/Muz, Kivi, Avakado, İncir.xls`,
    title: 'Muz, kivi, avokado, incir, 1988-2024',
    firstRow: 10,
    years,
    yearColumns: ['A'],
    series: [
      areaThenTonnes('B', 'Muz', 3, 6),
      { name: 'Kivi', tonnes: 'G', headers: { E3: 'Kivi', G6: 'Üretim' } },
      { name: 'Avokado', tonnes: 'K', headers: { H3: 'Avokado', K6: 'Üretim' } },
      { name: 'İncir', tonnes: 'O', headers: { M3: 'İncir', O6: 'Üretim' } },
    ],
  },
  {
    table: '45_t15',
    file: `${FRUIT}/Turunçgiller.xls`,
    title: 'Turunçgiller, 1988-2024',
    firstRow: 10,
    years,
    yearColumns: ['A'],
    series: trees(
      ['B', 'Toplam'],
      ['F', 'Portakal'],
      ['J', 'Mandalina'],
      ['N', 'Limon'],
      ['R', 'Altıntop (greyfurt)'],
      ['V', 'Turunç'],
    ),
  },
  {
    table: '45_t16',
    file: `${FRUIT}/Yumuşak Çekirdekli Meyveler.xls`,
    title: 'Yumuşak çekirdekli meyveler, 1988-2024',
    firstRow: 10,
    years,
    yearColumns: ['A'],
    series: trees(['B', 'Elma'], ['F', 'Armut'], ['J', 'Muşmula'], ['N', 'Ayva'], ['R', 'Yenidünya']),
  },
  {
    table: '45_t17',
    file: `${FRUIT}/Taş Çekirdekli Meyveler.xls`,
    title: 'Taş çekirdekli meyveler, 1988-2024',
    firstRow: 10,
    years,
    yearColumns: ['A', 'AK'],
    series: trees(
      ['B', 'Şeftali ve Nektarin'],
      ['F', 'Erik'],
      ['J', 'Kayısı'],
      ['N', 'Zerdali'],
      ['R', 'Kiraz'],
      ['V', 'Vişne'],
      ['Z', 'Kızılcık'],
      ['AD', 'İğde'],
      ['AH', 'Hünnap'],
    ),
  },
  {
    table: '45_t18',
    file: `${FRUIT}/Diğer Meyveler.xls`,
    title: 'Diğer meyveler, 1988-2024',
    firstRow: 10,
    years,
    yearColumns: ['A'],
    series: [
      ...trees(['B', 'Dut'], ['F', 'Nar']),
      areaThenTonnes('J', 'Çilek', 3, 6),
      ...trees(['M', 'Trabzon hurması'], ['Q', 'Keçiboynuzu']),
      areaThenTonnes('U', 'Ahududu', 3, 6),
      areaThenTonnes('X', 'Böğürtlen', 3, 6),
      areaThenTonnes('AA', 'Yaban mersini (Mavi yemiş)', 3, 6),
    ],
  },
  {
    table: '45_t19',
    file: `${FRUIT}/Sert Kabuklu Meyveler.xls`,
    title: 'Sert kabuklu meyveler, 1988-2024',
    firstRow: 10,
    years,
    yearColumns: ['A'],
    series: trees(['B', 'Badem'], ['F', 'Fındık'], ['J', 'Ceviz'], ['N', 'Kestane'], ['R', 'Antep fıstığı']),
  },
  {
    table: '45_t20',
    file: `${FRUIT}/Baharat Bitkileri.xls`,
    title: 'Baharat bitkileri, 1988-2024',
    firstRow: 8,
    years,
    yearColumns: ['A'],
    series: [
      areaThenTonnes('B', 'Kırmızı biber', 3, 4),
      areaThenTonnes('E', 'Anason', 3, 4),
      areaThenTonnes('H', 'Kimyon', 3, 4),
      areaThenTonnes('K', 'Kekik', 3, 4),
      areaThenTonnes('N', 'Çörekotu', 3, 4),
      areaThenTonnes('Q', 'Rezene', 3, 4),
      areaThenTonnes('T', 'Kişniş', 3, 4),
      areaThenTonnes('W', 'Süpürge Otu', 3, 4),
      areaThenTonnes('Y', 'Kapari (Gebere Otu)', 3, 4),
    ],
  },
  {
    table: '45_t21',
    file: `${FRUIT}/Zeytin Üretimi.xls`,
    title: 'Zeytin üretimi, 1988-2024',
    firstRow: 9,
    years,
    yearColumns: ['A'],
    series: [
      { name: 'Zeytin Toplam', tonnes: 'F', headers: { F4: 'Üretim', F7: 'Toplam' } },
      { name: 'Zeytin Sofralık', tonnes: 'G', headers: { G6: 'Sofralık' } },
      { name: 'Zeytin Yağlık', tonnes: 'H', headers: { H6: 'Yağlık' } },
    ],
  },
  {
    table: '45_t22',
    file: `${FRUIT}/Çay Üretimi.xls`,
    title: 'Çay üretimi, 1988-2024',
    firstRow: 11,
    years,
    yearColumns: ['A'],
    series: [
      {
        name: 'Yaş çay yaprağı',
        tonnes: 'D',
        area: 'C',
        headers: { D3: 'Yaş çay', D4: 'yaprağı', D6: '(Ton)', C3: 'Çay', C6: '(Dekar)' },
      },
    ],
  },
];
