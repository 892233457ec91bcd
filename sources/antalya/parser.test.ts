/**
 * The Antalya parsers on constructed text and PDFs (tests/fixtures/antalya/README.md), not real
 * documents: no real bulletin PDF has been captured yet. When one is, it becomes the golden test here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { antalyaPdfParser, antalyaPdfText, parseAntalyaTextLines, PDF_PARSER, TEXT_PARSER } from './parser.ts';
import { pdfTextLines } from './pdf-text.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

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
    expect(rows[0]).toEqual(ROWS.DOMATES);
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
    expect(antalyaPdfText.id).toBe('antalya-pdf-text');
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
    expect(parser).toMatchObject({ id: 'antalya-pdf', version: 2 });
    expect(() => parser.parse(pdfDoc(PDF))).toThrow('antalya-pdf: parser of another document');
  });
});
