/**
 * Antalya Büyükşehir Belediyesi: the day's hal bulletin is a PDF. Its text, as lines:
 * a title "[ANTALYA TOPTANCI HALİ] GÜNLÜK FİYAT LİSTESİ DD.MM.YYYY" (the data day), section headings
 * SEBZELER, MEYVELER, İTHAL or İTHAL ÜRÜNLER, and price lines holding one or two entries side by
 * side (two columns): `idx name unit min max [idx name unit min max]`. Prices `1.040,00`; `0` = no
 * quote (null). A heading line with one section sets it for both columns (a heading across the
 * page); a line with two sets the left and the right column; a heading after a left entry, on its
 * line, starts the right column's section there. Lines without digits (column headers, the
 * municipality's name), page numbers, the notes under the list (`* …`) and the form number
 * (`92800895.FR.60/R.00/1.1`) are skipped; any other line with digits that is not a price line
 * is a changed layout.
 *
 * The text comes from `pdf-text.ts` (pdf.js). The real bulletin of 08.09.2026 is known as text that
 * `pdftotext -layout` extracted (tests/fixtures/antalya/README.md), not as a PDF read by pdf.js.
 */
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow } from '../types.ts';
import { parseDottedDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { parseTurkishNumber } from '../lib/numbers.ts';
import { pdfTextLines } from './pdf-text.ts';

export const PDF_PARSER = 'antalya-pdf';
export const TEXT_PARSER = 'antalya-pdf-text';
const MARKET = 'antalya-sebze-meyve';

const SECTIONS: Record<string, string> = { sebzeler: 'SEBZELER', meyveler: 'MEYVELER', ithal: 'İTHAL' };
/** `İTHAL ÜRÜNLER` ("imported products") is how the real bulletin heads İTHAL. */
const LONG_HEADINGS = /\bithal urunler\b/g;
/** A section heading after a left entry, on its line: the right column's next section. */
const TRAILING_HEADING = /\s+(SEBZELER|MEYVELER|İTHAL(?: ÜRÜNLER)?)$/u;
const NUM = String.raw`\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:,\d{1,2})?`;
/** A word of a name: anything but a bare number (so a name cannot swallow a price column). */
const WORD = String.raw`(?!\d[\d.,]*(?:\s|$))\S+`;
/** idx · name · unit (no digits) · min · max */
const ENTRY = String.raw`(\d+)\s+(${WORD}(?:\s+${WORD})*?)\s+([^\s\d]+)\s+(${NUM})\s+(${NUM})`;
const PRICE_LINE = new RegExp(`^${ENTRY}(?:\\s+${ENTRY})?$`, 'u');
const TITLE = /^(?:antalya toptanci hali )?gunluk fiyat listesi (\d{2}) (\d{2}) (\d{4})$/;
/** The notes under the list (`* Bu bülten bilgilendirme amaçlı olup; …`). */
const NOTE = /^\* /;
/** The form number printed at the foot of the page. */
const FORM_NUMBER = /^\d+\.FR\.\d+\/R\.\d+\/\d+(?:\.\d+)*$/;

/** `0` is how the bulletin prints "no quote". */
function price(text: string): number | null {
  const value = parseTurkishNumber(text);
  return value === 0 ? null : value;
}

function titleDay(lines: string[]): Day | null {
  for (const line of lines) {
    const m = TITLE.exec(fold(line));
    if (m) return parseDottedDay(`${m[1]}.${m[2]}.${m[3]}`);
  }
  return null;
}

/** Rows of the bulletin's text lines; `parser` names the parser in errors. */
export function parseAntalyaTextLines(lines: string[], parser = TEXT_PARSER): ParsedDocument {
  const day = titleDay(lines);
  if (!day) throw new LayoutError(parser, 'no title "GÜNLÜK FİYAT LİSTESİ DD.MM.YYYY"');
  const section: [string | null, string | null] = [null, null];
  const rows: PrintedRow[] = [];
  lines.forEach((raw, i) => {
    const line = raw.replace(/\s+/g, ' ').trim();
    const folded = fold(line);
    if (line === '' || TITLE.test(folded) || /^sayfa \d+( \d+)?$/.test(folded)) return;
    if (NOTE.test(line) || FORM_NUMBER.test(line)) return;
    const words = folded.replace(LONG_HEADINGS, 'ithal').split(' ');
    if (words.every((w) => SECTIONS[w])) {
      if (words.length > 2)
        throw new LayoutError(parser, `line ${i + 1}: ${words.length} section headings on one line`);
      const left = SECTIONS[words[0]!]!;
      section[0] = left;
      section[1] = words[1] ? SECTIONS[words[1]]! : left;
      return;
    }
    const heading = TRAILING_HEADING.exec(line);
    const entries = heading ? line.slice(0, heading.index) : line;
    const m = PRICE_LINE.exec(entries);
    if (!m || (heading && m[6] !== undefined)) {
      if (/\d/.test(line)) throw new LayoutError(parser, `line ${i + 1}: not a price line ${JSON.stringify(line)}`);
      return; // column headers and other words without numbers
    }
    for (const column of [0, 1] as const) {
      const [idx, name, unit, min, max] = m.slice(1 + column * 5, 6 + column * 5);
      if (idx === undefined) continue;
      const group = section[column];
      if (!group) throw new LayoutError(parser, `line ${i + 1}: a price before any section heading`);
      rows.push({
        dataDay: day,
        market: MARKET,
        name: name!,
        unit: unit!,
        group,
        min: price(min!),
        max: price(max!),
        avg: null,
        printed: [idx, name, unit, min, max].join(' '),
        location: `line ${i + 1} ${column === 0 ? 'left' : 'right'}`,
      });
    }
    if (heading) section[1] = SECTIONS[fold(heading[1]!).replace(LONG_HEADINGS, 'ithal')]!;
  });
  if (rows.length === 0) throw new LayoutError(parser, 'a bulletin without price lines');
  return { rows, bulletinDays: [day] };
}

type PdfReading = { lines: string[] } | { refused: string };

async function readPdf(bytes: Uint8Array): Promise<PdfReading> {
  if (new TextDecoder('latin1').decode(bytes.subarray(0, 5)) !== '%PDF-') return { refused: 'not a PDF' };
  let lines: string[];
  try {
    lines = await pdfTextLines(bytes);
  } catch (error) {
    return { refused: `pdf.js cannot read it (${(error as Error).message})` };
  }
  return lines.length ? { lines } : { refused: 'a PDF without a text layer (a scanned page?)' };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a === b || (a.byteLength === b.byteLength && a.every((v, i) => v === b[i]));

/**
 * The parser of one fetched bulletin PDF. pdf.js reads asynchronously and a parser does not, so
 * the text is extracted here, once, and `parse` reads it; a PDF that cannot be read is refused by
 * `parse` (a LayoutError), so the collection keeps it as evidence and marks the source broken.
 */
export async function antalyaPdfParser(bytes: Uint8Array): Promise<Parser> {
  const reading = await readPdf(bytes);
  return {
    id: PDF_PARSER,
    version: 3,
    parse(document) {
      if (!sameBytes(document.bytes, bytes)) throw new Error(`${PDF_PARSER}: parser of another document`);
      if ('refused' in reading) throw new LayoutError(PDF_PARSER, reading.refused);
      return parseAntalyaTextLines(reading.lines, PDF_PARSER);
    },
  };
}

/** The bulletin's text extracted elsewhere (e.g. `pdftotext`), kept as a UTF-8 text document. */
export const antalyaPdfText: Parser = {
  id: TEXT_PARSER,
  version: 2,
  parse: (d) => parseAntalyaTextLines(new TextDecoder().decode(d.bytes).split(/\r?\n/)),
};
