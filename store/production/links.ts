/**
 * The reviewed links from each printed production name to a catalogue product family
 * (data/production/links.csv), as the price aliases are for the markets' names: `table`,
 * `printed_name` (as the importer stores it), `product` (a family slug, or empty: reviewed, no
 * family), `measure` (`total` or `part`, see data/migrations/006_production.sql), `note`.
 * A name without a row stays unlinked too; both are reported, never dropped.
 */
import { readFileSync } from 'node:fs';
import { parseCsv } from '../../sources/lib/csv.ts';

export type Link = { product: string | null; measure: 'total' | 'part' | null; note: string };
export type Links = Map<string, Link>;

export const LINKS_FILE = 'data/production/links.csv';
const HEADER = ['table', 'printed_name', 'product', 'measure', 'note'];

export function linkKey(table: string, printedName: string): string {
  return `${table}|${printedName}`;
}

export function readLinks(path: string, families: ReadonlySet<string>): Links {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  if (header?.join(',') !== HEADER.join(',')) throw new Error(`${path}: header must be ${HEADER.join(',')}`);
  const links: Links = new Map();
  rows.forEach((row, i) => {
    const where = `${path} line ${i + 2}`;
    if (row.length === 1 && row[0] === '') return;
    if (row.length !== HEADER.length) throw new Error(`${where}: ${row.length} cells`);
    const [table, name, product, measure, note] = row as [string, string, string, string, string];
    if (product && !families.has(product)) throw new Error(`${where}: unknown product family ${product}`);
    if (product ? measure !== 'total' && measure !== 'part' : measure !== '')
      throw new Error(`${where}: measure ${JSON.stringify(measure)} (total or part with a family, empty without)`);
    const key = linkKey(table, name);
    if (links.has(key)) throw new Error(`${where}: ${table} ${name} listed twice`);
    links.set(key, { product: product || null, measure: (measure || null) as Link['measure'], note });
  });
  return links;
}
