/**
 * The researchers' snapshot of the whole real store (the suite's archive build): every file is
 * what SHA256SUMS and datapackage.json say, the SQLite file is the store, every table is a CSV
 * whose header is its described schema, and the flat `prices` table says what the API says.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { suiteSnapshot } from '../support/suite-snapshot.ts';
import { parseCsv } from '../../sources/lib/csv.ts';
import { firstPriceRows } from '../support/dist-file.ts';
import { SOURCES } from '../../sources/registry.ts';

/** The snapshot the suite's setup wrote from its store, as the nightly writes one after its build. */
const snapshot = suiteSnapshot();
let db: Database.Database;
let pkg: any;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const file = (path: string) => readFileSync(join(snapshot.dir, path));
const csv = (name: string) =>
  parseCsv(gunzipSync(file(`csv/${name}.csv.gz`)).toString('utf8')).filter((r) => !(r.length === 1 && r[0] === ''));

beforeAll(async () => {
  db = new Database(inject('dbPath'), { readonly: true });
  pkg = JSON.parse(file('datapackage.json').toString('utf8'));
}, 180_000);
afterAll(() => db?.close());

const tables = () =>
  db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];

describe('checksums', () => {
  it('SHA256SUMS lists every other file with its SHA-256, in the format of sha256sum -c', () => {
    const lines = file('SHA256SUMS').toString('utf8').trim().split('\n');
    const listed = lines.map((l) => /^([0-9a-f]{64}) {2}(\S+)$/.exec(l)!).map((m) => ({ sha256: m[1], path: m[2] }));
    expect(listed.map((l) => l.path).sort()).toEqual(
      snapshot.files
        .map((f) => f.path)
        .filter((p) => p !== 'SHA256SUMS')
        .sort(),
    );
    for (const l of listed) expect(sha256(file(l.path!)), l.path).toBe(l.sha256);
    expect(snapshot.prefix).toBe(`snapshots/${inject('today')}/${sha256(file('SHA256SUMS')).slice(0, 12)}/`);
  });

  it('the data package gives each file its size and hash, as published', () => {
    for (const resource of pkg.resources) {
      expect(resource.bytes, resource.name).toBe(file(resource.path).byteLength);
      expect(resource.hash, resource.name).toBe(`sha256:${sha256(file(resource.path))}`);
    }
  });
});

describe('the database', () => {
  it('is the whole store: a plain SQLite file with every table and row', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hal-snapshot-'));
    const path = join(dir, 'hal.sqlite');
    writeFileSync(path, gunzipSync(file('hal.sqlite.gz')));
    const copy = new Database(path, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(copy.pragma('quick_check', { simple: true })).toBe('ok');
    for (const table of tables()) {
      const count = (d: Database.Database) => d.prepare(`SELECT count(*) FROM "${table}"`).pluck().get();
      expect(count(copy), table).toBe(count(db));
    }
    expect(copy.prepare('SELECT count(*) FROM observations').pluck().get()).toBeGreaterThan(300_000);
    copy.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the CSV tables', () => {
  it('one per table, its header the described schema, every row of the store', () => {
    const resources = new Map(pkg.resources.map((r: { name: string }) => [r.name, r]));
    for (const table of tables()) {
      const resource: any = resources.get(table);
      expect(resource, table).toBeDefined();
      const rows = csv(table);
      const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name);
      expect(rows[0], table).toEqual(columns);
      expect(
        resource.schema.fields.map((f: { name: string }) => f.name),
        table,
      ).toEqual(columns);
      expect(rows.length - 1, table).toBe(db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get());
      expect(resource.rows, table).toBe(rows.length - 1);
    }
  });

  it('values round-trip: text with commas and quotes, numbers, and empty for null', () => {
    const rows = csv('sources');
    const header = rows[0]!;
    const stored = db.prepare('SELECT * FROM sources ORDER BY key').all() as Record<string, unknown>[];
    expect(rows.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])))).toEqual(
      stored.map((s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v === null ? '' : String(v)]))),
    );
    expect(stored.some((s) => String(s.method).includes(','))).toBe(true);
  });

  it('the flat prices table holds the values the API publishes for the same observations', () => {
    const lines = gunzipSync(file('csv/prices.csv.gz')).toString('utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.length - 1).toBe(db.prepare('SELECT count(*) FROM observations').pluck().get()); // one line per row: no field holds a line break
    const apiRows = firstPriceRows(inject('distDir'), 'domates-salkim', 200);
    const wanted = new Set(apiRows.map((r) => r.id));
    const [header, ...picked] = parseCsv([lines[0], ...lines.filter((l) => wanted.has(l.slice(0, 36)))].join('\n'));
    const byId = new Map(picked.map((r) => [r[0], Object.fromEntries(header!.map((h, i) => [h, r[i]!]))]));
    const num = (v: string) => (v === '' ? null : Number(v));
    expect(byId.size).toBe(apiRows.length);
    for (const r of apiRows) {
      const row = byId.get(r.id)!;
      expect({
        min: num(row.min_price!),
        max: num(row.max_price!),
        avg: num(row.avg_price!),
        day: row.data_day,
        market: row.market,
        product: row.product,
        city: row.city,
        unit: row.unit,
        category: row.category,
      }).toEqual({
        min: r.minPrice,
        max: r.maxPrice,
        avg: r.avgPrice,
        day: r.recordedDate,
        market: r.marketSlug,
        product: r.productSlug,
        city: r.cityName,
        unit: r.unit,
        category: r.categorySlug,
      });
    }
  });
});

describe('datapackage.json', () => {
  it('is a Frictionless data package naming its build, day and files', () => {
    expect(pkg).toMatchObject({
      profile: 'data-package',
      name: `hal-api-snapshot-${inject('today')}`,
      // The build it was written beside (tests/setup/archive.ts), as the nightly names it.
      id: JSON.parse(readFileSync(join(inject('distDir'), 'manifest.json'), 'utf8')).buildId,
      version: inject('today'),
      created: '2026-11-21T03:00:00Z',
    });
    expect(pkg.resources.map((r: { path: string }) => r.path).sort()).toEqual(
      snapshot.files
        .map((f) => f.path)
        .filter((p) => p !== 'SHA256SUMS' && p !== 'datapackage.json')
        .sort(),
    );
  });

  it('describes every field, with its type and the unit of every price', () => {
    const types = new Set(['string', 'integer', 'number', 'boolean', 'date', 'datetime', 'array']);
    const undescribed: string[] = [];
    for (const resource of pkg.resources.filter((r: { schema?: unknown }) => r.schema)) {
      for (const field of resource.schema.fields) {
        if (!field.description) undescribed.push(`${resource.name}.${field.name}`);
        expect(types, `${resource.name}.${field.name}`).toContain(field.type);
        if (/_price$/.test(field.name)) expect(field.unit, `${resource.name}.${field.name}`).toBe('TRY per `unit`');
      }
    }
    // A new column needs its meaning in publish/datapackage.ts (FIELD_DESCRIPTIONS).
    expect(undescribed).toEqual([]);
    const observations = pkg.resources.find((r: { name: string }) => r.name === 'observations').schema;
    expect(observations.primaryKey).toEqual(['id']);
    expect(observations.foreignKeys).toContainEqual({
      fields: 'document_id',
      reference: { resource: 'documents', fields: 'id' },
    });
    expect(observations.fields.find((f: { name: string }) => f.name === 'data_day').type).toBe('date');
  });

  it('names every source with its attribution, and its licence where it states one', () => {
    const prices = pkg.sources.filter((s: { key: string }) => !s.key.startsWith('production:'));
    expect(prices.map((s: { key: string }) => s.key).sort()).toEqual(SOURCES.map((s) => s.key).sort());
    for (const s of prices) expect(s.attribution, s.key).toBe(SOURCES.find((x) => x.key === s.key)!.attribution);
    expect(pkg.sources.find((s: { key: string }) => s.key === 'izmir').licenses).toEqual([
      {
        name: 'CC-BY-4.0',
        path: 'https://creativecommons.org/licenses/by/4.0/',
        title: 'CC BY 4.0 (İzmir Büyükşehir Belediyesi Açık Veri Portalı)',
      },
    ]);
    expect(pkg.sources.find((s: { key: string }) => s.key === 'ankara').licenses).toEqual([]);
    expect(pkg.licenses).toEqual([{ name: 'CC-BY-4.0', path: 'https://creativecommons.org/licenses/by/4.0/' }]);
  });

  it('names every production table with its Kaynak line as attribution, where it came from, and no licence', () => {
    const production = pkg.sources.filter((s: { key: string }) => s.key.startsWith('production:'));
    expect(production).toHaveLength(13);
    const tomatoes = production.find((s: { key: string }) => s.key === 'production:45_t10');
    expect(tomatoes).toMatchObject({ attribution: 'Kaynak: Tarım ve Orman Bakanlığı', licence: null, licenses: [] });
    expect(tomatoes.provenance).toMatch(/^ahmetarifozden\/tuik-pipeline @ 675001a/);
    // The province database states no source of its own: its provenance is what a reader can cite.
    const province = production.find((s: { key: string }) => s.key === 'production:kds');
    expect(province.attribution).toBe(province.provenance);
  });
});
