/**
 * A Parquet file of the store's observations written with DuckDB, DuckDB's answers on that local
 * file, and a fetch that counts what a reader over HTTP was sent: what the range tests compare.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';

/** Rows per row group: small, so that a one-product filter skips most of a year by the groups' statistics. */
const ROW_GROUP_ROWS = 2048;

/**
 * One year of observations as Parquet, sorted by product then market then day, zstd-compressed,
 * with statistics per row group (DuckDB writes them). One thread: the same store gives the same bytes.
 */
export async function writeObservationsParquet(dbPath: string, file: string, year: string): Promise<Uint8Array> {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  const json = `${file}.ndjson`;
  try {
    const rows = db
      .prepare(
        `SELECT o.id AS observation_id, o.data_day, n.variant_slug AS product, o.market_slug AS market,
                o.source_key AS source, o.min_price, o.max_price, o.avg_price, o.unit, o.quality_flags
         FROM observations o JOIN source_names n ON n.id = o.source_name_id
         WHERE n.variant_slug IS NOT NULL AND o.data_day BETWEEN ? AND ?`,
      )
      .all(`${year}-01-01`, `${year}-12-31`);
    writeFileSync(json, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  } finally {
    db.close();
  }
  const columns = `{observation_id: 'VARCHAR', data_day: 'DATE', product: 'VARCHAR', market: 'VARCHAR',
    source: 'VARCHAR', min_price: 'DOUBLE', max_price: 'DOUBLE', avg_price: 'DOUBLE', unit: 'VARCHAR',
    quality_flags: 'VARCHAR'}`;
  await withDuckDB(async (run) => {
    await run('SET threads = 1');
    await run(
      `COPY (SELECT * FROM read_json('${json}', format = 'newline_delimited', columns = ${columns})
             ORDER BY product, market, data_day, observation_id)
       TO '${file}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`,
    );
  });
  return new Uint8Array(readFileSync(file));
}

/** DuckDB's rows for `sql` (which reads local files), as JSON values: dates as `YYYY-MM-DD`. */
export async function duckdbRows(sql: string): Promise<Record<string, unknown>[]> {
  return withDuckDB(async (_, all) => all(sql));
}

type Run = (sql: string) => Promise<void>;
type All = (sql: string) => Promise<Record<string, unknown>[]>;

async function withDuckDB<T>(work: (run: Run, all: All) => Promise<T>): Promise<T> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    return await work(
      async (sql) => void (await connection.run(sql)),
      async (sql) => (await connection.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[],
    );
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** What a reader asked and was sent: one entry per request (method, Range, status, body bytes). */
export type Exchange = { method: string; range: string | null; status: number; bytes: number };

/** A fetch that records every exchange, the body read in full so its bytes are counted as sent. */
export function countingFetch(
  headers: Record<string, string> = {},
  through: (input: string | URL | Request, init?: RequestInit) => Promise<Response> = fetch,
): { fetch: typeof fetch; exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  const counting = async (input: string | URL | Request, init: RequestInit = {}) => {
    const sent = new Headers(init.headers);
    for (const [name, value] of Object.entries(headers)) sent.set(name, value);
    const response = await through(input, { ...init, headers: sent });
    const body = await response.arrayBuffer();
    const method = init.method ?? 'GET';
    exchanges.push({ method, range: sent.get('range'), status: response.status, bytes: body.byteLength });
    const empty = method === 'HEAD' || response.status === 304;
    return new Response(empty ? null : body, { status: response.status, headers: response.headers });
  };
  return { fetch: counting as typeof fetch, exchanges };
}
