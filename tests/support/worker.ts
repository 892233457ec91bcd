/** The worker in workerd over the suite's real build, and a client that speaks from its own IP. */
import { expect, inject } from 'vitest';
import { startLocalWorker, type LocalWorker } from '../../scripts/lib/local-worker.ts';

export type Reply = { status: number; headers: Headers; text: string; json(): any };
export type Client = (path: string, init?: { headers?: Record<string, string>; method?: string }) => Promise<Reply>;

export async function startWorker(): Promise<LocalWorker> {
  return startLocalWorker({ distDir: inject('distDir') });
}

let ipCounter = 0;
/** Each client is a different IP address, so one test's requests never count against another's limit. */
export function clientOf(worker: LocalWorker, prefix = '198.51.100'): Client {
  const ip = `${prefix}.${++ipCounter}`;
  return async (path, init = {}) => {
    const response = await worker.mf.dispatchFetch(`http://localhost${path}`, {
      method: init.method ?? 'GET',
      headers: { 'cf-connecting-ip': ip, ...init.headers },
    });
    // Decode keeping a byte order mark: the export must start with one.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
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
