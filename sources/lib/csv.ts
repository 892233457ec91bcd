/** A small RFC 4180 reader (quotes, doubled quotes, CRLF) for the sources' CSV dumps. */
export function parseCsv(text: string, separator = ','): string[][] {
  return parseCsvRecords(text, separator).map((r) => r.cells);
}

/** Records with the file line each starts on (quoted cells can span lines). */
export type CsvRecord = { cells: string[]; line: number };

export function parseCsvRecords(text: string, separator = ','): CsvRecord[] {
  const rows: CsvRecord[] = [];
  let row: string[] = [];
  let line = 1;
  let startLine = 1;
  let cell = '';
  let quoted = false;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push({ cells: row, line: startLine });
      row = [];
      cell = '';
      startLine = ++line;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push({ cells: row, line: startLine });
  }
  return rows;
}
