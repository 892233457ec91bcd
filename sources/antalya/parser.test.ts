/**
 * The Antalya parsers on the real bulletin text of 08.09.2026 (extracted from the PDF by
 * `pdftotext -layout`, not by pdf.js) and on constructed text and PDFs (tests/fixtures/antalya/README.md).
 * No real bulletin PDF has been captured: when one is, it becomes the golden test of pdf.js's lines here.
 * The real text's expected entries (`BULLETIN_2026_09_08`: idx, name, unit, section, min and max as
 * printed, line, column) were read without the parser, by a Python regex over its lines, the
 * sections from where the headings stand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { antalyaPdfParser, antalyaPdfText, parseAntalyaTextLines, PDF_PARSER, TEXT_PARSER } from './parser.ts';
import { pdfTextLines } from './pdf-text.ts';
import { normalisePrice } from '../lib/normalise.ts';
import type { ParsedDocument } from '../types.ts';
import GOLDEN from './parser.rows.json' with { type: 'json' };

// The closing slash makes the names below resolve inside the folder.
const dir = new URL('../../tests/fixtures/antalya/', import.meta.url);
const TEXT = readFileSync(new URL('gunluk-fiyat-listesi-2026-09-14.txt', dir), 'utf8');
const LINES = TEXT.split('\n');
const PDF = new Uint8Array(readFileSync(new URL('gunluk-fiyat-listesi-2026-09-14-uncompressed.pdf', dir)));
const FLATE = new Uint8Array(readFileSync(new URL('gunluk-fiyat-listesi-2026-09-14-flate.pdf', dir)));
const IDENTITY_H = new Uint8Array(readFileSync(new URL('gunluk-fiyat-listesi-2026-09-14-identity-h.pdf', dir)));
const pdfDoc = (bytes: Uint8Array) =>
  fetchedDocument('https://gezipanel.antalya.bel.tr/HalFiyatPdf/14092026.pdf', bytes, {
    fetchedAt: null,
    contentType: 'application/pdf',
    requestedDay: '2026-09-14',
  });
const latin1 = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

/** A valid one-page PDF whose page draws a line and shows no text, as a scanned page has no text layer. */
function blankPdf(): string {
  const content = '0 0 m 100 100 l S\n';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  return `${pdf}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}

/** idx, name, unit, section, min and max as printed, line, column */
type Entry = [number, string, string, string, string, string, number, string];
const BULLETIN = GOLDEN.BULLETIN_2026_09_08 as Entry[];
const REAL_TEXT = readFileSync(new URL('gunluk-fiyat-listesi-2026-09-08.txt', dir), 'utf8');
const REAL_LINES = REAL_TEXT.split('\n');
/** `1.040,00` → 1040: the one price format of the real bulletin. */
const tl = (printed: string) => Number(printed.replace(/\./g, '').replace(',', '.'));

describe('Antalya: the real bulletin text of 08.09.2026', () => {
  // Read once, by the first test that needs it: a text the parser refuses fails each test, not the file.
  let parsed: ParsedDocument | undefined;
  const real = () =>
    (parsed ??= antalyaPdfText.parse({
      url: 'tests/fixtures/antalya/gunluk-fiyat-listesi-2026-09-08.txt',
      fetchedAt: null,
      contentType: 'text/plain; charset=utf-8',
      bytes: new TextEncoder().encode(REAL_TEXT),
    }));
  const byIdx = (idx: number) => real().rows.find((r) => r.printed.startsWith(`${idx} `));

  it('reads all 87 entries, line by line, left then right: as printed, priced, located', () => {
    const { rows } = real();
    expect(BULLETIN).toHaveLength(87);
    expect(rows.map((r) => [r.printed, r.name, r.unit, r.group, r.min, r.max, r.location])).toEqual(
      BULLETIN.map(([idx, name, unit, group, min, max, line, column]) => [
        `${idx} ${name} ${unit} ${min} ${max}`,
        name,
        unit,
        group,
        tl(min),
        tl(max),
        `line ${line} ${column}`,
      ]),
    );
    expect(rows.map((r) => Number(r.printed.split(' ')[0])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 87 }, (_, i) => i + 1),
    );
    expect(rows[0]).toEqual(GOLDEN.ROWS['Biber(Dolma) 2026-09-08']);
    expect(byIdx(87)).toEqual(GOLDEN.ROWS['Zencefil 2026-09-08']);
  });

  it('takes the data day from the title that follows the hall’s name', () => {
    const { rows } = real();
    expect(REAL_LINES[0]!.trim()).toBe('ANTALYA TOPTANCI HALİ GÜNLÜK FİYAT LİSTESİ 08.09.2026');
    expect(real().bulletinDays).toEqual(['2026-09-08']);
    expect(new Set(rows.map((r) => r.dataDay))).toEqual(new Set(['2026-09-08']));
  });

  it('reads the sections: SEBZELER left, MEYVELER right, İTHAL ÜRÜNLER from the right of a left entry’s line', () => {
    const { rows } = real();
    const count = (group: string) => rows.filter((r) => r.group === group).length;
    expect([count('SEBZELER'), count('MEYVELER'), count('İTHAL')]).toEqual([54, 21, 12]);
    expect(byIdx(23)).toEqual(GOLDEN.ROWS['Karadenizyaprağı 2026-09-08']);
    expect(REAL_LINES[29]!.replace(/\s+/g, ' ').trim()).toBe('23 Karadenizyaprağı Bağ 7,00 15,00 İTHAL ÜRÜNLER');
    // the heading starts the right column's section only: the left column stays SEBZELER to its end
    expect(rows.filter((r) => r.location.endsWith('left')).every((r) => r.group === 'SEBZELER')).toBe(true);
    expect([byIdx(75)!.group, byIdx(76)!.group]).toEqual(['MEYVELER', 'İTHAL']);
  });

  it('reads a thousands separator and the units as printed, every row a price', () => {
    const { rows } = real();
    expect(byIdx(77)).toEqual(GOLDEN.ROWS['Ahududu 2026-09-08']);
    expect(byIdx(82)).toMatchObject({ name: 'Frenk Üzümü', min: 800, max: 1520 });
    const units = new Map<string, number>();
    for (const r of rows) units.set(r.unit, (units.get(r.unit) ?? 0) + 1);
    expect(Object.fromEntries(units)).toEqual({ Kg: 70, Bağ: 10, Adet: 7 });
    const normalised = rows.map((r) => normalisePrice(r));
    expect(normalised.filter((n) => 'reason' in n || n.flags.length > 0)).toEqual([]);
  });

  it('skips the column headers, the notes under the list and the form number, and nothing else', () => {
    const { rows } = real();
    const skipped = REAL_LINES.map((l, i) => [i + 1, l.replace(/\s+/g, ' ').trim()] as const).filter(
      ([line, text]) => text !== '' && !rows.some((r) => r.location.startsWith(`line ${line} `)),
    );
    expect(skipped.map(([, text]) => text.slice(0, 40))).toEqual([
      'ANTALYA TOPTANCI HALİ GÜNLÜK FİYAT LİSTE',
      'FİYATLANDIRMA FİYATLANDIRMA',
      'MALIN CİNSİ BİRİM MALIN CİNSİ BİRİM',
      'EN DÜŞÜK EN YÜKSEK EN DÜŞÜK EN YÜKSEK',
      'SEBZELER MEYVELER',
      '* Bu bülten bilgilendirme amaçlı olup; 5',
      '* Fiyatlar malların arz ve talebine bağl',
      '* İlgili meslek örgütlerinin de görüşü a',
      '92800895.FR.60/R.00/1.1',
    ]);
  });

  it('refuses the real text changed: another foot line with digits, a heading after a right entry', () => {
    const changed = (from: string, to: string) => {
      expect(REAL_LINES.some((l) => l.includes(from))).toBe(true);
      return REAL_LINES.map((l) => l.replace(from, to));
    };
    expect(() => parseAntalyaTextLines(changed('92800895.FR.60/R.00/1.1', 'Sayfa 1 / 1 - 92800895'))).toThrow(
      'antalya-pdf-text: line 72: not a price line "Sayfa 1 / 1 - 92800895"',
    );
    expect(() => parseAntalyaTextLines(changed('Kg      25,00           35,00', 'Kg 25,00 35,00 İTHAL'))).toThrow(
      'antalya-pdf-text: line 13: not a price line',
    );
    expect(() => parseAntalyaTextLines(changed('TOPTANCI HALİ GÜNLÜK', 'TOPTANCI HALİ HAFTALIK'))).toThrow(
      'antalya-pdf-text: no title "GÜNLÜK FİYAT LİSTESİ DD.MM.YYYY"',
    );
  });
});

describe('Antalya bulletin text', () => {
  it('takes the data day from the title and reads 17 entries of two columns', () => {
    const parsed = parseAntalyaTextLines(LINES);
    expect(parsed.bulletinDays).toEqual(['2026-09-14']);
    expect(parsed.rows).toHaveLength(17);
    expect(parsed.rows.map((r) => r.printed.split(' ')[0])).toEqual(
      Array.from({ length: 17 }, (_, i) => String(i + 1)),
    );
  });

  it('reads both columns of a line as printed', () => {
    const rows = parseAntalyaTextLines(LINES).rows;
    expect(rows[0]).toEqual(GOLDEN.ROWS.DOMATES);
    expect(rows[1]).toMatchObject({ name: 'DOMATES SALKIM', unit: 'KG', min: 25, max: 35, location: 'line 5 right' });
    expect(rows[3]).toMatchObject({ name: 'BİBER ÇARLİSTON', min: 28, max: 40 });
    expect(rows[8]).toMatchObject({ name: 'MAYDANOZ', unit: 'BAĞ', min: 5, max: 7.5 });
    expect(rows[10]).toMatchObject({ name: 'BÖRÜLCE', min: 60, max: 80, location: 'line 10 left' });
  });

  it('reads the sections SEBZELER, MEYVELER and İTHAL', () => {
    const groups = parseAntalyaTextLines(LINES).rows.map((r) => r.group);
    expect(groups).toEqual([...Array(11).fill('SEBZELER'), ...Array(4).fill('MEYVELER'), 'İTHAL', 'İTHAL']);
  });

  it('reads `1.040,00` with a thousands separator and `0` as no quote', () => {
    const rows = parseAntalyaTextLines(LINES).rows;
    expect(rows[16]).toMatchObject({ name: 'MANTAR KÜLTÜR', unit: 'KASA', group: 'İTHAL', min: 1040, max: 1250 });
    expect(rows[9]).toMatchObject({ name: 'BAMYA', min: null, max: null, printed: '10 BAMYA KG 0 0' });
    expect(rows[14]).toMatchObject({ name: 'AVOKADO', min: null, max: 120 });
  });

  it('sets the left and the right column from a heading line with two sections', () => {
    const text = [
      'GÜNLÜK FİYAT LİSTESİ 15.09.2026',
      'SEBZELER MEYVELER',
      '1 DOMATES KG 18,00 30,00 2 ELMA KG 20,00 30,00',
      '3 HIYAR KG 15,00 22,00',
    ];
    expect(parseAntalyaTextLines(text).rows.map((r) => [r.name, r.group, r.dataDay])).toEqual([
      ['DOMATES', 'SEBZELER', '2026-09-15'],
      ['ELMA', 'MEYVELER', '2026-09-15'],
      ['HIYAR', 'SEBZELER', '2026-09-15'],
    ]);
  });

  it('reads a text document (text extracted elsewhere) with its own parser id', () => {
    const parsed = antalyaPdfText.parse({
      url: 'x',
      fetchedAt: null,
      contentType: 'text/plain; charset=utf-8',
      bytes: new TextEncoder().encode(TEXT),
    });
    expect(antalyaPdfText).toMatchObject({ id: 'antalya-pdf-text', version: 2 });
    expect(parsed.rows).toHaveLength(17);
  });

  it('throws a LayoutError on changed text', () => {
    expect(
      expectLayoutError(TEXT_PARSER, () => parseAntalyaTextLines(LINES.filter((l) => !l.startsWith('GÜNLÜK')))).message,
    ).toBe('antalya-pdf-text: no title "GÜNLÜK FİYAT LİSTESİ DD.MM.YYYY"');
    // a sixth column (an average) makes the price lines unreadable
    const sixColumns = LINES.map((l) => l.replace('1 DOMATES KG 18,00 30,00', '1 DOMATES KG 18,00 30,00 24,00'));
    expect(() => parseAntalyaTextLines(sixColumns)).toThrow(
      'antalya-pdf-text: line 5: not a price line "1 DOMATES KG 18,00 30,00 24,00 2 DOMATES SALKIM KG 25,00 35,00"',
    );
    expect(() => parseAntalyaTextLines(LINES.filter((l) => l !== 'SEBZELER'))).toThrow(
      'line 4: a price before any section heading',
    );
    expect(() => parseAntalyaTextLines(LINES.map((l) => (l === 'MEYVELER' ? 'SEBZELER MEYVELER İTHAL' : l)))).toThrow(
      'line 11: 3 section headings on one line',
    );
    expect(() => parseAntalyaTextLines(LINES.slice(0, 4))).toThrow('antalya-pdf-text: a bulletin without price lines');
  });
});

describe('Antalya PDF bytes, read with pdf.js', () => {
  const PAGE_1 = [
    'GÜNLÜK FİYAT LİSTESİ 14.09.2026',
    'SEBZELER',
    '1 DOMATES KG 18,00 30,00 2 DOMATES SALKIM KG 25,00 35,00',
    '3 BİBER SİVRİ KG 30,00 45,00 4 BAMYA KG 0 0',
    'MEYVELER İTHAL',
    '5 ÜZÜM SULTANİ KG 35,00 50,00 6 ANANAS ADET 90,00 140,00',
    '7 NAR KG 25,00 40,00 8 MANTAR KÜLTÜR KASA 1.040,00 1.250,00',
  ];
  const ROWS_1 = [
    ['DOMATES', 'KG', 'SEBZELER', 18, 30],
    ['DOMATES SALKIM', 'KG', 'SEBZELER', 25, 35],
    ['BİBER SİVRİ', 'KG', 'SEBZELER', 30, 45],
    ['BAMYA', 'KG', 'SEBZELER', null, null],
    ['ÜZÜM SULTANİ', 'KG', 'MEYVELER', 35, 50],
    ['ANANAS', 'ADET', 'İTHAL', 90, 140],
    ['NAR', 'KG', 'MEYVELER', 25, 40],
    ['MANTAR KÜLTÜR', 'KASA', 'İTHAL', 1040, 1250],
  ];
  const parsePdf = async (bytes: Uint8Array) => (await antalyaPdfParser(bytes)).parse(pdfDoc(bytes));

  it('reads the text of an uncompressed and of a FlateDecode PDF into the same lines, two columns on one line', async () => {
    expect(await pdfTextLines(PDF)).toEqual(PAGE_1);
    expect(await pdfTextLines(FLATE)).toEqual(PAGE_1);
  });

  it('reads two-byte Identity-H text through its ToUnicode map, page after page', async () => {
    expect(await pdfTextLines(IDENTITY_H)).toEqual([
      ...PAGE_1,
      '9 ŞEFTALİ KG 40,00 60,00 10 KİVİ KG 70,00 95,00',
      'Sayfa 2 / 2',
    ]);
  });

  it('parses the compressed PDFs end to end', async () => {
    const flate = await parsePdf(FLATE);
    expect(flate.bulletinDays).toEqual(['2026-09-14']);
    expect(flate.rows.map((r) => [r.name, r.unit, r.group, r.min, r.max])).toEqual(ROWS_1);
    expect((await parsePdf(PDF)).rows).toEqual(flate.rows);
    const twoPages = await parsePdf(IDENTITY_H);
    expect(twoPages.rows.map((r) => [r.name, r.unit, r.group, r.min, r.max])).toEqual([
      ...ROWS_1,
      ['ŞEFTALİ', 'KG', 'MEYVELER', 40, 60],
      ['KİVİ', 'KG', 'İTHAL', 70, 95],
    ]);
    expect(twoPages.rows[9]).toMatchObject({ printed: '10 KİVİ KG 70,00 95,00', location: 'line 8 right' });
  });

  it('refuses bytes that are not a PDF, a PDF pdf.js cannot open and a PDF without text', async () => {
    const html = new TextEncoder().encode('<html>Hata</html>');
    const notPdf = await antalyaPdfParser(html);
    expect(expectLayoutError(PDF_PARSER, () => notPdf.parse(pdfDoc(html))).message).toBe('antalya-pdf: not a PDF');
    const cut = FLATE.subarray(0, 60);
    const unreadable = await antalyaPdfParser(cut);
    expect(() => unreadable.parse(pdfDoc(cut))).toThrow(/^antalya-pdf: pdf\.js cannot read it \(/);
    const blank = latin1(blankPdf());
    const empty = await antalyaPdfParser(blank);
    expect(expectLayoutError(PDF_PARSER, () => empty.parse(pdfDoc(blank))).message).toBe(
      'antalya-pdf: a PDF without a text layer (a scanned page?)',
    );
  });

  it('keeps the bytes it was given and reads no other document', async () => {
    const bytes = FLATE.slice();
    const parser = await antalyaPdfParser(bytes);
    expect(bytes).toEqual(FLATE);
    expect(parser).toMatchObject({ id: 'antalya-pdf', version: 3 });
    expect(() => parser.parse(pdfDoc(PDF))).toThrow('antalya-pdf: parser of another document');
  });
});
