/**
 * A dated snapshot of the whole store for researchers: the SQLite file and one CSV per table
 * (plus `prices`, one flat table for spreadsheets), gzip-compressed, Parquet files to query in place
 * (publish/snapshot-parquet.ts), all described by a Frictionless
 * `datapackage.json` and checked by `SHA256SUMS`. Its prefix in the bucket is named by its
 * content (`snapshots/<day>/<sha256 of SHA256SUMS>/`), so a published snapshot never changes.
 */
import Database from 'better-sqlite3';
import { stringify } from 'csv-stringify/sync';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { fieldOf, licenceOf, parquetResource, PARQUET_TYPE, PRICES_FIELDS, type Column } from './datapackage.ts';
import { writeParquetSnapshot, type ParquetFile } from './snapshot-parquet.ts';
import { CACHE, snapshotPrefix } from './layout.ts';
import { sha256HexSync, etagOfSync } from '../core/digest-sync.ts';
import type { LocalFile } from './plan.ts';

type SnapshotFile = { path: string; bytes: number; sha256: string };
export type SnapshotFiles = {
  day: string;
  prefix: string;
  dir: string;
  files: SnapshotFile[];
  objects: LocalFile[];
  rows: Record<string, number>;
};
export type SnapshotOptions = { dbPath: string; outDir: string; day: string; buildId: string; builtAt: string };

type Table = {
  name: string;
  columns: Column[];
  primaryKey: string[];
  foreignKeys: { fields: string; reference: { resource: string; fields: string } }[];
};

export const DATABASE_FILE = 'hal.sqlite.gz';
export const DATAPACKAGE_FILE = 'datapackage.json';
const CHECKSUMS_FILE = 'SHA256SUMS';

export async function createSnapshot(options: SnapshotOptions): Promise<SnapshotFiles> {
  const dir = options.outDir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'csv'), { recursive: true });
  const db = new Database(options.dbPath, { readonly: true, fileMustExist: true });
  try {
    await copyDatabase(db, dir);
    const tables = tablesOf(db);
    const rows: Record<string, number> = {};
    for (const table of tables)
      rows[table.name] = await writeCsv(
        db,
        `SELECT * FROM "${table.name}" ORDER BY ${orderOf(table)}`,
        join(dir, 'csv', `${table.name}.csv.gz`),
      );
    rows.prices = await writeCsv(db, PRICES_SQL, join(dir, 'csv', 'prices.csv.gz'));
    const parquet = (await writeParquetSnapshot(db, dir, options.day)).files;
    const dataFiles = [
      DATABASE_FILE,
      ...tables.map((t) => `csv/${t.name}.csv.gz`),
      'csv/prices.csv.gz',
      ...parquet.map((f) => f.path),
    ].map((path) => fileOf(dir, path));
    writeFileSync(
      join(dir, DATAPACKAGE_FILE),
      JSON.stringify(datapackage(db, options, tables, rows, dataFiles, parquet), null, 2) + '\n',
    );
    const files = [...dataFiles, fileOf(dir, DATAPACKAGE_FILE)];
    writeFileSync(join(dir, CHECKSUMS_FILE), files.map((f) => `${f.sha256}  ${f.path}\n`).join(''));
    files.push(fileOf(dir, CHECKSUMS_FILE));
    const prefix = snapshotPrefix(options.day, sha256HexSync(readFileSync(join(dir, CHECKSUMS_FILE))).slice(0, 12));
    return { day: options.day, prefix, dir, files, objects: files.map((f) => objectOf(dir, prefix, f)), rows };
  } finally {
    db.close();
  }
}

/** A consistent copy (VACUUM INTO reads one snapshot of the store), as a plain single-file database, gzip-compressed. */
async function copyDatabase(db: Database.Database, dir: string): Promise<void> {
  const raw = join(dir, 'hal.sqlite');
  db.prepare('VACUUM INTO ?').run(raw);
  const copy = new Database(raw);
  copy.pragma('journal_mode = DELETE');
  copy.close();
  await pipeline(createReadStream(raw), createGzip({ level: 6 }), createWriteStream(join(dir, DATABASE_FILE)));
  rmSync(raw);
}

function tablesOf(db: Database.Database): Table[] {
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  return names.map((name) => {
    const info = db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string; type: string; pk: number }[];
    const fks = db.prepare(`PRAGMA foreign_key_list("${name}")`).all() as { table: string; from: string; to: string }[];
    return {
      name,
      columns: info.map((c) => ({ name: c.name, sqliteType: c.type })),
      primaryKey: info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      foreignKeys: fks.map((f) => ({ fields: f.from, reference: { resource: f.table, fields: f.to } })),
    };
  });
}

const orderOf = (t: Table): string => (t.primaryKey.length ? t.primaryKey.map((c) => `"${c}"`).join(', ') : 'rowid');

/** Streams a query into a gzip-compressed CSV (header row, RFC 4180 quoting, UTF-8); returns the row count. */
async function writeCsv(db: Database.Database, sql: string, file: string): Promise<number> {
  const statement = db.prepare(sql).raw(true);
  const columns = statement.columns().map((c) => c.name);
  const gzip = createGzip({ level: 6 });
  const done = pipeline(gzip, createWriteStream(file));
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  await write(stringify([columns]));
  let rows = 0;
  let batch: unknown[][] = [];
  for (const row of statement.iterate() as IterableIterator<unknown[]>) {
    batch.push(row);
    rows++;
    if (batch.length === 5000) {
      await write(stringify(batch));
      batch = [];
    }
  }
  if (batch.length) await write(stringify(batch));
  gzip.end();
  await done;
  return rows;
}

function fileOf(dir: string, path: string): SnapshotFile {
  const bytes = readFileSync(join(dir, path));
  return { path, bytes: bytes.byteLength, sha256: sha256HexSync(bytes) };
}

const TYPES: [RegExp, string][] = [
  [/\.gz$/, 'application/gzip'],
  [/\.parquet$/, PARQUET_TYPE],
  [/\.json$/, 'application/json; charset=utf-8'],
  [/./, 'text/plain; charset=utf-8'],
];

function objectOf(dir: string, prefix: string, f: SnapshotFile): LocalFile {
  const type = TYPES.find(([re]) => re.test(f.path))![1];
  // Stored as they are (no content encoding): a download must match its checksum byte for byte.
  return {
    key: prefix + f.path,
    path: null,
    file: join(dir, f.path),
    etag: etagOfSync(readFileSync(join(dir, f.path))),
    bytes: f.bytes,
    type,
    cacheControl: CACHE.immutable,
    shared: false,
    encode: false,
  };
}

const PRICES_SQL = `
  SELECT o.id AS observation_id, o.data_day, o.source_key AS source, s.name AS source_name, o.market_slug AS market, m.name AS market_name,
         m.province AS city, n.variant_slug AS product, v.name AS product_name, p.category_slug AS category, n.raw_name AS printed_name,
         COALESCE(${correction('min_price')}, o.min_price) AS min_price, COALESCE(${correction('max_price')}, o.max_price) AS max_price,
         COALESCE(${correction('avg_price')}, o.avg_price) AS avg_price, o.avg_method, o.unit, o.currency, o.quality_flags,
         EXISTS (SELECT 1 FROM corrections c WHERE c.observation_id = o.id) AS corrected, d.sha256 AS document_sha256
  FROM observations o
  JOIN sources s ON s.key = o.source_key JOIN markets m ON m.slug = o.market_slug JOIN source_names n ON n.id = o.source_name_id
  LEFT JOIN variants v ON v.slug = n.variant_slug LEFT JOIN products p ON p.slug = v.product_slug JOIN documents d ON d.id = o.document_id
  ORDER BY o.data_day, o.source_key, o.market_slug, o.id`;

/** The latest correction of a field wins, as in the build (build/model.ts applies them in order). */
function correction(field: string): string {
  return `(SELECT c.value FROM corrections c WHERE c.observation_id = o.id AND c.field = '${field}' ORDER BY c.corrected_at DESC, c.id DESC LIMIT 1)`;
}

type SourceRow = {
  key: string;
  name: string;
  organisation: string;
  url: string | null;
  licence: string | null;
  attribution: string;
};

type ProductionDocumentRow = {
  table_id: string;
  title: string;
  source_line: string | null;
  provenance: string;
  licence: string | null;
};

function productionDocuments(db: Database.Database): ProductionDocumentRow[] {
  return db
    .prepare('SELECT table_id, title, source_line, provenance, licence FROM production_documents ORDER BY table_id')
    .all() as ProductionDocumentRow[];
}

function datapackage(
  db: Database.Database,
  options: SnapshotOptions,
  tables: Table[],
  rows: Record<string, number>,
  files: SnapshotFile[],
  parquet: ParquetFile[],
) {
  const sources = db
    .prepare('SELECT key, name, organisation, url, licence, attribution FROM sources ORDER BY number')
    .all() as SourceRow[];
  const file = (path: string) => files.find((f) => f.path === path)!;
  const licences = [
    ...new Map(
      sources
        .map((s) => licenceOf(s.licence))
        .filter((l) => l !== null)
        .map((l) => [l.name, { name: l.name, path: l.path }]),
    ).values(),
  ];
  const csv = (
    name: string,
    title: string,
    fields: Record<string, unknown>[],
    extra: Record<string, unknown> = {},
  ) => ({
    name,
    title,
    path: `csv/${name}.csv.gz`,
    format: 'csv',
    mediatype: 'text/csv',
    compression: 'gz',
    encoding: 'utf-8',
    bytes: file(`csv/${name}.csv.gz`).bytes,
    hash: `sha256:${file(`csv/${name}.csv.gz`).sha256}`,
    rows: rows[name],
    dialect: { delimiter: ',', quoteChar: '"', header: true },
    schema: { fields, ...extra },
  });
  return {
    profile: 'data-package',
    name: `hal-api-snapshot-${options.day}`,
    id: options.buildId,
    title: `Türkiye toptancı hal fiyatları: hal-api snapshot of ${options.day}`,
    description:
      'Every price of the hal-api store as of this build day: official wholesale-market (hal) fruit, vegetable and fish prices, each with its data day, source and the document it was read from. ' +
      'The SQLite file is the whole store; each CSV is one table (prices is a flat join of observations for spreadsheets). ' +
      '`bytes` and `hash` describe the files as published (gzip-compressed), as SHA256SUMS does. ' +
      "Each source's own licence and attribution apply to its rows (see sources); show the attribution when you republish.",
    version: options.day,
    created: options.builtAt,
    keywords: ['hal', 'wholesale market', 'prices', 'Türkiye', 'fruit', 'vegetables', 'fish'],
    licenses: licences,
    sources: [
      ...sources.map((s) => ({
        title: s.name,
        path: s.url ?? undefined,
        key: s.key,
        organisation: s.organisation,
        licence: s.licence,
        licenses: [licenceOf(s.licence)].filter((l) => l !== null),
        attribution: s.attribution,
      })),
      // The yearly production tables: no licence stated; their Kaynak line is the attribution.
      ...productionDocuments(db).map((d) => ({
        title: d.title,
        key: `production:${d.table_id}`,
        licence: d.licence,
        licenses: [licenceOf(d.licence)].filter((l) => l !== null),
        attribution: d.source_line ?? d.provenance,
        provenance: d.provenance,
      })),
    ],
    resources: [
      {
        name: 'database',
        title: 'The whole store (SQLite 3)',
        path: DATABASE_FILE,
        format: 'sqlite',
        mediatype: 'application/vnd.sqlite3',
        compression: 'gz',
        bytes: file(DATABASE_FILE).bytes,
        hash: `sha256:${file(DATABASE_FILE).sha256}`,
      },
      ...tables.map((t) =>
        csv(
          t.name,
          t.name,
          t.columns.map((c) => fieldOf(t.name, c)),
          {
            ...(t.primaryKey.length ? { primaryKey: t.primaryKey } : {}),
            ...(t.foreignKeys.length ? { foreignKeys: t.foreignKeys } : {}),
          },
        ),
      ),
      csv(
        'prices',
        'Prices, one row per observation, with names (for spreadsheets)',
        Object.keys(PRICES_FIELDS).map((name) =>
          fieldOf('prices', { name, sqliteType: name.endsWith('_price') ? 'REAL' : 'TEXT' }),
        ),
        { primaryKey: ['observation_id'] },
      ),
      ...parquet.map((p) => parquetResource(p, file(p.path))),
    ],
  };
}
