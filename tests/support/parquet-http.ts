/**
 * DuckDB's answers on a local Parquet file, and a fetch that counts what a reader over HTTP was
 * sent: what the range tests compare.
 */
import { DuckDBInstance } from '@duckdb/node-api';

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
