/**
 * One test file's view of the suite's real build: the worker serving it, the store read-only
 * (to compare answers with) and the OpenAPI document it serves as a validator. Set up before
 * the file's tests, disposed after.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, inject } from 'vitest';
import type { LocalWorker } from '../../scripts/lib/local-worker.ts';
import { openApiValidator, type OpenApiValidator } from './openapi.ts';
import { clientOf, startWorker, type Client } from './worker.ts';

export type ServedApi = {
  client: () => Client;
  db: Database.Database;
  api: OpenApiValidator;
  worker: LocalWorker;
};

/** `ipPrefix`: the file's own client addresses, so files do not share a rate-limit window. */
export function servedApi(ipPrefix: string): ServedApi {
  let worker: LocalWorker;
  const served = { client: () => clientOf(worker, ipPrefix) } as ServedApi;
  beforeAll(async () => {
    worker = await startWorker();
    served.worker = worker;
    served.db = new Database(inject('dbPath'), { readonly: true });
    served.api = openApiValidator((await served.client()('/api/v1/openapi.json')).json());
  });
  afterAll(async () => {
    await worker?.dispose();
    served.db?.close();
  });
  return served;
}
