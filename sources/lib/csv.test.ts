import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('splits plain rows on the separator', () => {
    expect(parseCsv('a,b,c\n1,2,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('2014-01-02;SEBZE;KABAK  BAL;KG;0.50;1;0.75', ';')).toEqual([
      ['2014-01-02', 'SEBZE', 'KABAK  BAL', 'KG', '0.50', '1', '0.75'],
    ]);
  });

  it('keeps separators and newlines inside quotes (the 2025 report title cell)', () => {
    expect(parseCsv(';;;"T.C.\nİZMİR BÜYÜKŞEHİR BELEDİYE BAŞKANLIĞI\n";;\nBülten Tarihi ;;:;;1.01.2025', ';')).toEqual([
      ['', '', '', 'T.C.\nİZMİR BÜYÜKŞEHİR BELEDİYE BAŞKANLIĞI\n', '', ''],
      ['Bülten Tarihi ', '', ':', '', '1.01.2025'],
    ]);
    expect(parseCsv('"10,00 TL","a;b"')).toEqual([['10,00 TL', 'a;b']]);
  });

  it('reads a doubled quote as one quote', () => {
    expect(parseCsv('"say ""kg""",x')).toEqual([['say "kg"', 'x']]);
    expect(parseCsv('""""')).toEqual([['"']]);
  });

  it('accepts CRLF, LF and lone CR line ends', () => {
    expect(parseCsv('a,b\r\nc,d\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('a\rb')).toEqual([['a'], ['b']]);
  });

  it('drops a leading BOM so the first header cell is clean', () => {
    const rows = parseCsv('\ufeffTARIH;MAL_TURU\n2014-01-02;SEBZE\n', ';');
    expect(rows[0]![0]).toBe('TARIH');
    expect(rows).toEqual([
      ['TARIH', 'MAL_TURU'],
      ['2014-01-02', 'SEBZE'],
    ]);
  });

  it('adds no empty row for a trailing newline, but keeps an empty line in the middle', () => {
    expect(parseCsv('a,b\n')).toEqual([['a', 'b']]);
    expect(parseCsv('a\n\nb\n')).toEqual([['a'], [''], ['b']]);
  });

  it('keeps empty cells, also a last empty one', () => {
    expect(parseCsv('65;Y.TERE;;;;BAĞ;3;;7;5;;;;;;;;', ';')[0]).toHaveLength(18);
    expect(parseCsv('a,')).toEqual([['a', '']]);
    expect(parseCsv(',\n')).toEqual([['', '']]);
  });

  it('returns no rows for empty text', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\ufeff')).toEqual([]);
  });
});
