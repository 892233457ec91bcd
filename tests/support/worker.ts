/**
 * The worker in workerd over the suite's real build: the run's shared one, or a file's own, and a
 * client that speaks to it over HTTP through the local edge from an address of its own.
 */
import { request } from 'undici';
import { expect, inject } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMarker } from '../setup/marker.ts';
import { PUBLISH_FAILED, type Published } from '../setup/shared-worker.ts';
import { startLocalWorker, type LocalWorker, type LocalWorkerOptions } from '../../scripts/lib/local-worker.ts';

export type Reply = { status: number; headers: Headers; text: string; json(): any };
export type Client = (path: string, init?: { headers?: Record<string, string>; method?: string }) => Promise<Reply>;
/** A worker's address behind the local edge. */
export type Served = { url: URL };

/** The worker the worker project starts once for the whole run (tests/setup/shared-worker.ts), in a file that waited for it. */
export function sharedWorker(): Served {
  return { url: new URL(readMarker<Published>(inject('publishedMarker'), PUBLISH_FAILED).url) };
}

/**
 * A worker of the file's own, with D1 databases of its own unless it names a folder for them: the
 * keys a developer issued into .cache/keys/ stay out of the tests, and two files running at once
 * never share a database.
 */
export async function startOwnWorker(options: LocalWorkerOptions): Promise<LocalWorker> {
  const keysDir = options.keysDir ?? options.persist ?? mkdtempSync(join(tmpdir(), 'hal-worker-d1-'));
  return startLocalWorker({ ...options, keysDir });
}

/**
 * Addresses no other file uses at the same time: files share the run's worker and its per-IP
 * limits, and each test file is a process of its own.
 */
const processNet = `10.${(process.pid >> 8) & 255}.${process.pid & 255}`;
let ipCounter = 0;
/** An address this process has not used yet. */
export const newIp = (prefix = processNet): string => `${prefix}.${++ipCounter}`;

/** Each client is a different IP address, so one test's requests never count against another's limit. */
export function clientOf(worker: Served, prefix = processNet): Client {
  const ip = newIp(prefix);
  return async (path, init = {}) => {
    const response = await request(new URL(path, worker.url), {
      method: (init.method ?? 'GET') as 'GET',
      headers: { 'cf-connecting-ip': ip, ...init.headers },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers))
      for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) headers.append(name, v);
    // Decode keeping a byte order mark: the export must start with one.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.body.arrayBuffer());
    return { status: response.statusCode, headers, text, json: () => JSON.parse(text) };
  };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The contract's five-key error body, with the nested error, Turkish message and the header's request id; never cached. */
export function expectErrorBody(r: Reply, status: number, code: string): void {
  expect(r.status).toBe(status);
  const body = r.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'error', 'message', 'requestId', 'timestamp']);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'details', 'message', 'requestId']);
  expect(body.code).toBe(code);
  expect(body.error.code).toBe(code);
  expect(body.message).toBe(body.error.message);
  expect(body.message.length).toBeGreaterThan(10);
  expect(body.requestId).toBe(r.headers.get('x-request-id'));
  expect(body.error.requestId).toBe(body.requestId);
  expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  expect(r.headers.get('cache-control')).toBe('no-store');
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
}
