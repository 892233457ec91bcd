import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { compatCsv } from './compat-csv.ts';

describe('the compat CSV', () => {
  it('writes RFC 4180 with CRLF, quoting only where needed, and neutralises formulas in text cells', () => {
    const csv = compatCsv(
      ['market_name', 'product_name', 'avg_price'],
      [
        ['İzmir Hali', 'Domates, salkım "yerli"', '12.50'],
        ['@SUM(1+1)', '=HYPERLINK("http://example.invalid")', '7.00'],
        ['-Hal', '+Ürün', ''],
      ],
    );
    expect(csv.startsWith('market_name,product_name,avg_price\r\n')).toBe(true);
    expect(csv).toContain('İzmir Hali,"Domates, salkım ""yerli""",12.50\r\n');
    expect(parse(csv, { columns: true })).toEqual([
      { market_name: 'İzmir Hali', product_name: 'Domates, salkım "yerli"', avg_price: '12.50' },
      { market_name: "'@SUM(1+1)", product_name: `'=HYPERLINK("http://example.invalid")`, avg_price: '7.00' },
      { market_name: "'-Hal", product_name: "'+Ürün", avg_price: '' },
    ]);
  });
});
