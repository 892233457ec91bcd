/**
 * Snapshot files over HTTP range requests, under workerd: a Parquet file of the suite's snapshot in
 * the local bucket (miniflare's R2, and s3rver read as an S3-compatible origin), read in place through
 * the worker by hyparquet with a one-product filter, its answer checked against DuckDB's on the
 * local file and the bytes it fetched against the file's size; then every status and header of
 * the route (200, 206, 416, 304, HEAD, If-Range, several ranges).
 */
import { asyncBufferFromUrl, parquetMetadataAsync, parquetQuery, type AsyncBuffer } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteSnapshot } from '../support/suite-snapshot.ts';
import { etagOfSync } from '../../core/digest-sync.ts';
import { CACHE } from '../../publish/layout.ts';
import type { PutInput } from '../../publish/bucket.ts';
import { ROOT } from '../../scripts/lib/bundle-worker.ts';
import { workerBase } from '../../scripts/lib/local-worker.ts';
import { SNAPSHOT_RATE_LIMIT } from '../../core/routes.ts';
import { SNAPSHOT_FILE_CACHE } from '../../edge/routes/snapshot-files.ts';
import { readFileSync } from 'node:fs';
import { countingFetch, duckdbRows } from '../support/parquet-http.ts';
import { startS3rver, type LocalS3 } from '../support/s3rver.ts';
import { expectErrorBody, newIp, sharedWorker } from '../support/worker.ts';

const YEAR = '2025';
const PRODUCT = 'domates-salkim';
const PARQUET_TYPE = 'application/vnd.apache.parquet';
/** A one-product query fetches at most this share of the file (row groups it cannot skip, the footer). */
const MAX_SHARE = 0.1;
/**
 * The reader's first read at the file's end, for the footer: hyparquet's default (512 KiB) is most
 * of a file under a megabyte; DuckDB and arrow read a few KiB and then the footer's exact length.
 */
const FOOTER_READ = 16 * 1024;

const snapshot = suiteSnapshot();
const path = `parquet/observations/year=${YEAR}/observations.parquet`;
/** The year file of the suite's snapshot, which the archive's setup published with the build. */
const file = join(snapshot.dir, path);
const bytes = new Uint8Array(readFileSync(file));
const key = `${snapshot.prefix}${path}`;
const worker = sharedWorker();

/** Byte for byte, without a deep comparison of a megabyte element by element. */
const expectBytes = (got: Uint8Array, want: Uint8Array) =>
  expect(Buffer.from(got).equals(Buffer.from(want)), `${got.length} bytes against ${want.length}`).toBe(true);

/** The file as the publisher stores a snapshot file: as it is, immutable, its ETag as metadata. */
const stored = (): PutInput => ({
  key,
  body: bytes,
  contentType: PARQUET_TYPE,
  cacheControl: CACHE.immutable,
  contentEncoding: null,
  metadata: { etag: etagOfSync(bytes) },
});

/** A request through the local edge, over real HTTP, from an address of its own. */
async function ask(base: URL | string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(new URL(`/${key}`, base), {
    method,
    headers: { 'cf-connecting-ip': newIp(), ...headers },
  });
  return { response, body: new Uint8Array(await response.arrayBuffer()) };
}

type Row = { id: string; day: string; market: string; avg_price: number };
const COLUMNS = ['id', 'day', 'market', 'avg_price'];
const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : 1);

/** The rows of PRODUCT, read in place: the footer first, then only the row groups its statistics cannot skip. */
async function queryInPlace(parquet: AsyncBuffer) {
  const metadata = await parquetMetadataAsync(parquet, { initialFetchSize: FOOTER_READ });
  const filter = { variant: { $eq: PRODUCT } };
  const found = await parquetQuery({ file: parquet, metadata, columns: COLUMNS, filter, compressors });
  return found.map((r) => ({ ...r, day: day(r.day) }) as Row).sort(byId);
}

/** hyparquet reads the file at `url` in place with a one-product filter: its rows, and what it was sent. */
async function queryOverHttp(url: string) {
  const { fetch, exchanges } = countingFetch({ 'cf-connecting-ip': newIp() });
  const rows = await queryInPlace(await asyncBufferFromUrl({ url, fetch }));
  return { rows, exchanges, fetched: exchanges.reduce((sum, e) => sum + e.bytes, 0) };
}

async function duckdbAnswer(): Promise<Row[]> {
  const rows = await duckdbRows(
    `SELECT ${COLUMNS.join(', ')} FROM read_parquet('${file}') WHERE variant = '${PRODUCT}'`,
  );
  return (rows as Row[]).map((r) => ({ ...r, day: day(r.day) })).sort(byId);
}

describe('a Parquet reader queries a snapshot file in place through the worker', () => {
  it("answers a one-product query as DuckDB does on the local file, for a small share of the file's bytes", async () => {
    const { rows, exchanges, fetched } = await queryOverHttp(new URL(`/${key}`, worker.url).href);
    const expected = await duckdbAnswer();
    expect(expected.length).toBeGreaterThan(50);
    expect(rows).toEqual(expected);
    console.log(
      `${PRODUCT} in ${YEAR}: ${rows.length} rows; file ${bytes.length} bytes; fetched ${fetched} bytes ` +
        `(${((100 * fetched) / bytes.length).toFixed(1)} %) in ${exchanges.length} requests ` +
        `(${exchanges.map((e) => `${e.method} ${e.range ?? ''} → ${e.status} ${e.bytes}`).join('; ')})`,
    );
    expect(exchanges[0]).toMatchObject({ method: 'HEAD', status: 200, bytes: 0 });
    expect(exchanges.slice(1).every((e) => e.status === 206)).toBe(true);
    expect(fetched).toBeLessThan(bytes.length * MAX_SHARE);
    // One query's burst is well inside the keyless limit of 60 requests a minute.
    expect(exchanges.length).toBeLessThanOrEqual(10);
  });
});

describe('the headers and statuses of a snapshot file', () => {
  const size = () => String(bytes.length);

  it('answers 200 with the whole file, its length, strong ETag, Accept-Ranges and an immutable cache', async () => {
    const { response, body } = await ask(worker.url);
    expect(response.status).toBe(200);
    expectBytes(body, bytes);
    expect(response.headers.get('content-length')).toBe(size());
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toBe(etagOfSync(bytes));
    expect(response.headers.get('cache-control')).toBe(SNAPSHOT_FILE_CACHE);
    expect(SNAPSHOT_FILE_CACHE).toBe(CACHE.immutable);
    expect(response.headers.get('content-type')).toBe(PARQUET_TYPE);
    expect(response.headers.get('content-range')).toBeNull();
    // Counted apart from the API's 60 a minute: a Parquet reader's range requests add up.
    expect(response.headers.get('x-ratelimit-limit')).toBe(String(SNAPSHOT_RATE_LIMIT.requests));
    expect(response.headers.get('access-control-expose-headers')).toContain('content-range');
  });

  it('answers HEAD as that GET, without a body (a Range is not applied to HEAD)', async () => {
    const { response, body } = await ask(worker.url, { range: 'bytes=0-9' }, 'HEAD');
    expect(response.status).toBe(200);
    expect(body.length).toBe(0);
    expect(response.headers.get('content-length')).toBe(size());
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toBe(etagOfSync(bytes));
  });

  it.each([
    ['bytes=0-99', 0, 100],
    ['bytes=100-', 100, -1],
    ['bytes=-50', -50, -1],
    ['bytes=10-10', 10, 11],
    ['bytes=4-999999999', 4, -1],
  ])('answers %s with 206, its Content-Range and exact Content-Length', async (range, from, to) => {
    const { response, body } = await ask(worker.url, { range });
    const part = bytes.slice(from < 0 ? bytes.length + from : from, to < 0 ? bytes.length : to);
    const first = from < 0 ? bytes.length + from : from;
    expect(response.status).toBe(206);
    expectBytes(body, part);
    expect(response.headers.get('content-length')).toBe(String(part.length));
    expect(response.headers.get('content-range')).toBe(`bytes ${first}-${first + part.length - 1}/${size()}`);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toBe(etagOfSync(bytes));
  });

  it.each([() => `bytes=${bytes.length}-`, () => `bytes=${bytes.length + 5}-${bytes.length + 9}`, () => 'bytes=-0'])(
    'answers a range beyond the file with 416 and Content-Range bytes */size',
    async (range) => {
      const { response, body } = await ask(worker.url, { range: range() });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${size()}`);
      expect(body.length).toBe(0);
    },
  );

  it.each(['bytes=0-9,20-29', 'bytes=9-2', 'items=0-9', 'bytes=abc'])(
    'answers %s (several ranges, or not a valid bytes range) with the whole file',
    async (range) => {
      const { response, body } = await ask(worker.url, { range });
      expect(response.status).toBe(200);
      expect(body.length).toBe(bytes.length);
      expect(response.headers.get('content-length')).toBe(size());
    },
  );

  it('answers 304 to a matching If-None-Match, with or without a Range', async () => {
    const matching: Record<string, string>[] = [
      { 'if-none-match': etagOfSync(bytes) },
      { 'if-none-match': etagOfSync(bytes), range: 'bytes=0-9' },
    ];
    for (const headers of matching) {
      const { response, body } = await ask(worker.url, headers);
      expect(response.status).toBe(304);
      expect(body.length).toBe(0);
      expect(response.headers.get('etag')).toBe(etagOfSync(bytes));
    }
    expect((await ask(worker.url, { 'if-none-match': '"other"' })).response.status).toBe(200);
  });

  it('honours If-Range: the range from the same file, the whole file when the ETag differs or is weak', async () => {
    const range = 'bytes=0-9';
    expect((await ask(worker.url, { range, 'if-range': etagOfSync(bytes) })).response.status).toBe(206);
    for (const ifRange of ['"other"', `W/${etagOfSync(bytes)}`, 'Wed, 21 Oct 2015 07:28:00 GMT']) {
      const { response, body } = await ask(worker.url, { range, 'if-range': ifRange });
      expect(response.status).toBe(200);
      expect(body.length).toBe(bytes.length);
    }
  });

  it('answers 404 with the error body for a file the snapshot lacks, or a path no snapshot file has', async () => {
    for (const path of [
      `/${key}.missing`,
      '/snapshots/2025-12-31/zz/x.parquet',
      '/snapshots/2025-12-31/abcdef12/../x',
    ]) {
      const response = await fetch(new URL(path, worker.url), { headers: { 'cf-connecting-ip': newIp() } });
      const text = await response.text();
      expectErrorBody(
        { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) },
        404,
        'NOT_FOUND',
      );
    }
  });
});

describe('through an S3-compatible origin (ORIGIN_URL)', () => {
  let s3: LocalS3;
  let mf: Miniflare;
  const bundlePath = `.cache/edge/worker-ranges-${process.pid}.js`;

  beforeAll(async () => {
    s3 = await startS3rver(['hal']);
    await s3.bucket('hal').put(stored());
    mf = new Miniflare({ ...(await workerBase(bundlePath)), bindings: { ORIGIN_URL: `${s3.endpoint}/hal` } });
  }, 120_000);
  afterAll(async () => {
    await mf?.dispose();
    await s3?.close();
    rmSync(join(ROOT, bundlePath), { force: true });
  });

  /** Through miniflare's entry: the origin's ranges pass the worker as its own. */
  const dispatch = (headers: Record<string, string>, method = 'GET') =>
    mf.dispatchFetch(`http://localhost/${key}`, {
      method,
      headers: { 'cf-connecting-ip': newIp(), ...headers },
    });

  it('passes a range through to the origin and answers 206', async () => {
    const response = await dispatch({ range: 'bytes=1000-1999' });
    expect(response.status).toBe(206);
    expectBytes(new Uint8Array(await response.arrayBuffer()), bytes.slice(1000, 2000));
    expect(response.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(response.headers.get('content-length')).toBe('1000');
    expect(response.headers.get('etag')).toBe(etagOfSync(bytes));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
  });

  it('answers HEAD with the size, 416 beyond it, and the one-product query as DuckDB does', async () => {
    const head = await dispatch({}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    const beyond = await dispatch({ range: `bytes=${bytes.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    await beyond.arrayBuffer();
    const viaWorker = (input: string | URL | Request, init?: RequestInit) =>
      mf.dispatchFetch(String(input), init as never) as unknown as Promise<Response>;
    const { fetch: counted, exchanges } = countingFetch({ 'cf-connecting-ip': '192.0.2.250' }, viaWorker);
    const parquet = await asyncBufferFromUrl({ url: `http://localhost/${key}`, fetch: counted });
    expect(await queryInPlace(parquet)).toEqual(await duckdbAnswer());
    expect(exchanges.slice(1).every((e) => e.status === 206)).toBe(true);
  });
});
