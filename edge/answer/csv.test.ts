import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../sources/lib/csv.ts';
import { CSV_DEFAULT, CSV_TR, csvLine } from './csv.ts';

describe('csvLine', () => {
  it('neutralises a text cell a spreadsheet would run as a formula (OWASP CSV injection)', () => {
    const line = csvLine(
      ['=HYPERLINK("http://example.invalid","x")', '+1', '-1+2', '@SUM(A1)', '\tx', '\rx', 'Domates'],
      CSV_DEFAULT,
    );
    const [cells] = parseCsv(line, ',') as [string[]];
    expect(cells).toEqual([
      '\'=HYPERLINK("http://example.invalid","x")',
      "'+1",
      "'-1+2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      'Domates',
    ]);
  });

  it('never alters a number, whatever its sign, in either locale', () => {
    expect(csvLine([30.5, -2.25, 0, null, 'x'], CSV_DEFAULT)).toBe('30.5,-2.25,0,,x\r\n');
    expect(csvLine([30.5, -2.25, 0, null, 'x'], CSV_TR)).toBe('30,5;-2,25;0;;x\r\n');
  });

  it('quotes a cell holding the separator, a quote or a line break', () => {
    expect(csvLine(['a; b', 'a,b', 'say "x"'], CSV_TR)).toBe('"a; b";a,b;"say ""x"""\r\n');
    expect(csvLine(['a; b', 'a,b', 'l1\nl2'], CSV_DEFAULT)).toBe('a; b,"a,b","l1\nl2"\r\n');
    expect(csvLine(['l1\rl2', 'l1\r\nl2', 'Domates, salkım'], CSV_DEFAULT)).toBe(
      '"l1\rl2","l1\r\nl2","Domates, salkım"\r\n',
    );
  });
});
