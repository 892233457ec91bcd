/**
 * A deliberately minimal reader of a PDF's text layer: content streams stored WITHOUT a
 * filter only. No PDF library is installed, so compressed streams (FlateDecode: nearly every
 * real PDF), embedded-font encodings and ToUnicode maps are not read: such a PDF yields no
 * lines and the caller reports that text extraction is not available. What it reads: literal
 * `(…)` and hex `<…>` strings shown with Tj, TJ, ' and ", placed by Td, TD, Tm, T* and TL;
 * pieces on the same baseline make one line, left to right; pages (streams) in file order.
 * String bytes are decoded as Windows-1254, the Turkish single-byte code page a simple font
 * with a Turkish encoding would use (an assumption, not checked against a real document).
 */
export type PdfText = { lines: string[]; compressedStreams: number };

type Token =
  | { kind: 'num'; value: number }
  | { kind: 'str'; bytes: number[] }
  | { kind: 'op'; value: string }
  | { kind: 'open' }
  | { kind: 'close' };
type Piece = { x: number; y: number; seq: number; text: string };

const decoder = new TextDecoder('windows-1254');

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

/** Unfiltered streams that can hold page content (not fonts, images, metadata or xref). */
function contentStreams(pdf: string): { streams: string[]; compressed: number } {
  const streams: string[] = [];
  let compressed = 0;
  const re = /stream\r?\n/g;
  for (let m = re.exec(pdf); m; m = re.exec(pdf)) {
    if (pdf.slice(Math.max(0, m.index - 3), m.index) === 'end') continue;
    const dict = pdf.slice(pdf.lastIndexOf('obj', m.index), m.index);
    const end = pdf.indexOf('endstream', re.lastIndex);
    if (end < 0) break;
    const data = pdf.slice(re.lastIndex, end).replace(/\r?\n$/, '');
    re.lastIndex = end + 'endstream'.length;
    if (/\/(Subtype\s*\/Image|Type\s*\/(XObject|Metadata|ObjStm|XRef)|Length[123]\b)/.test(dict)) continue;
    if (/\/Filter\b/.test(dict)) compressed++;
    else streams.push(data);
  }
  return { streams, compressed };
}

function literal(s: string, start: number): { bytes: number[]; end: number } {
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
  let depth = 1;
  let i = start + 1;
  for (; i < s.length && depth > 0; i++) {
    const ch = s[i]!;
    if (ch === '\\') {
      const next = s[++i] ?? '';
      const octal = /^[0-7]{1,3}/.exec(s.slice(i, i + 3));
      if (octal) {
        bytes.push(parseInt(octal[0], 8) & 0xff);
        i += octal[0].length - 1;
      } else if (next === '\r' || next === '\n') {
        if (next === '\r' && s[i + 1] === '\n') i++;
      } else bytes.push(escapes[next] ?? next.charCodeAt(0));
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')' && --depth === 0) break;
    bytes.push(ch.charCodeAt(0));
  }
  return { bytes, end: i + 1 };
}

function tokens(s: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < s.length) {
    const ch = s[i]!;
    if (/\s/.test(ch)) i++;
    else if (ch === '%') i = s.indexOf('\n', i) < 0 ? s.length : s.indexOf('\n', i);
    else if (ch === '(') {
      const { bytes, end } = literal(s, i);
      out.push({ kind: 'str', bytes });
      i = end;
    } else if (ch === '<' && s[i + 1] !== '<') {
      const end = s.indexOf('>', i);
      const hex = s.slice(i + 1, end).replace(/\s+/g, '');
      const bytes = (hex.length % 2 ? `${hex}0` : hex).match(/../g)?.map((h) => parseInt(h, 16)) ?? [];
      out.push({ kind: 'str', bytes });
      i = end + 1;
    } else if (ch === '[' || ch === ']') {
      out.push(ch === '[' ? { kind: 'open' } : { kind: 'close' });
      i++;
    } else {
      const word = /^(<<|>>|\/[^\s/[\]()<>{}%]*|[+-]?(\d+\.?\d*|\.\d+)|[^\s/[\]()<>{}%]+)/.exec(s.slice(i))?.[0] ?? ch;
      if (/^[+-]?(\d|\.\d)/.test(word)) out.push({ kind: 'num', value: Number(word) });
      else if (!word.startsWith('/') && word !== '<<' && word !== '>>') out.push({ kind: 'op', value: word });
      i += word.length;
    }
  }
  return out;
}

type Str = { bytes: number[] };
type Operand = number | Str | (number | Str)[];

function pieces(stream: string): Piece[] {
  const out: Piece[] = [];
  let operands: Operand[] = [];
  let array: (number | Str)[] | null = null;
  let lineX = 0;
  let lineY = 0;
  let x = 0;
  let y = 0;
  let leading = 0;
  const show = (bytes: number[]) => out.push({ x, y, seq: out.length, text: decoder.decode(new Uint8Array(bytes)) });
  const nextLine = () => {
    lineY -= leading;
    x = lineX;
    y = lineY;
  };
  for (const t of tokens(stream)) {
    if (t.kind === 'open') {
      array = [];
      continue;
    }
    if (t.kind === 'close') {
      operands.push(array ?? []);
      array = null;
      continue;
    }
    if (t.kind !== 'op') {
      const value = t.kind === 'num' ? t.value : { bytes: t.bytes };
      (array ?? operands).push(value);
      continue;
    }
    const n = operands.filter((o): o is number => typeof o === 'number');
    const last = operands.at(-1);
    const text = last !== undefined && typeof last === 'object' && !Array.isArray(last) ? last.bytes : null;
    switch (t.value) {
      case 'BT':
        lineX = lineY = x = y = 0;
        break;
      case 'Td':
      case 'TD':
        lineX += n[0] ?? 0;
        lineY += n[1] ?? 0;
        if (t.value === 'TD') leading = -(n[1] ?? 0);
        x = lineX;
        y = lineY;
        break;
      case 'Tm':
        lineX = x = n[4] ?? 0;
        lineY = y = n[5] ?? 0;
        break;
      case 'TL':
        leading = n[0] ?? 0;
        break;
      case 'T*':
        nextLine();
        break;
      case 'Tj':
        if (text) show(text);
        break;
      case "'":
      case '"':
        nextLine();
        if (text) show(text);
        break;
      case 'TJ':
        // A large negative adjustment is a word gap.
        if (Array.isArray(last)) show(last.flatMap((p) => (typeof p === 'number' ? (p < -200 ? [32] : []) : p.bytes)));
        break;
    }
    operands = [];
  }
  return out;
}

/** Lines of text, top to bottom and left to right, of every unfiltered content stream. */
export function pdfTextLines(bytes: Uint8Array): PdfText {
  const { streams, compressed } = contentStreams(latin1(bytes));
  const lines: string[] = [];
  for (const stream of streams) {
    const byLine = new Map<number, Piece[]>();
    for (const piece of pieces(stream)) {
      const key = Math.round(piece.y);
      byLine.set(key, [...(byLine.get(key) ?? []), piece]);
    }
    for (const [, row] of [...byLine].sort((a, b) => b[0] - a[0])) {
      const text = row
        .sort((a, b) => a.x - b.x || a.seq - b.seq)
        .map((p) => p.text)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      if (text) lines.push(text);
    }
  }
  return { lines, compressedStreams: compressed };
}
