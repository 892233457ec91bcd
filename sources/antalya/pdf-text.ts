/**
 * The text layer of a PDF as lines, read with pdf.js (pdfjs-dist, its legacy build for Node):
 * compressed streams, font encodings and ToUnicode maps are pdf.js's work. Text items on one
 * baseline make one line, left to right; lines run top to bottom, page after page. pdf.js reads
 * asynchronously, so a collection extracts the text before a parser reads it.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

type Piece = { x: number; seq: number; text: string };

/** Lines of every page; rejects with pdf.js's error when the bytes are not a PDF it can open. */
export async function pdfTextLines(bytes: Uint8Array): Promise<string[]> {
  // pdf.js may transfer the buffer it is given to its worker: it gets a copy, the document keeps its bytes.
  const task = getDocument({
    data: bytes.slice(),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  });
  try {
    const pdf = await task.promise;
    const lines: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const { items } = await page.getTextContent();
      const byBaseline = new Map<number, Piece[]>();
      items.forEach((item, seq) => {
        if (!('str' in item) || item.str.trim() === '') return;
        const [, , , , x, y] = item.transform as number[];
        const baseline = Math.round(y!);
        byBaseline.set(baseline, [...(byBaseline.get(baseline) ?? []), { x: x!, seq, text: item.str }]);
      });
      for (const [, pieces] of [...byBaseline].sort((a, b) => b[0] - a[0])) {
        const text = pieces
          .sort((a, b) => a.x - b.x || a.seq - b.seq)
          .map((p) => p.text)
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim();
        if (text) lines.push(text);
      }
    }
    return lines;
  } finally {
    await task.destroy();
  }
}
