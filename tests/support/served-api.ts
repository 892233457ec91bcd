/**
 * One test file's view of the suite's real build: the run's shared worker serving it, the store
 * read-only (to compare answers with) and the OpenAPI document it serves as a validator.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, inject } from 'vitest';
import { openApiValidator, type OpenApiValidator } from './openapi.ts';
import { clientOf, sharedWorker, type Client, type Served } from './worker.ts';

export type ServedApi = {
  client: () => Client;
  db: Database.Database;
  api: OpenApiValidator;
  worker: Served;
};

/** `ipPrefix`: the file's own client addresses, so files do not share a rate-limit window. */
export function servedApi(ipPrefix?: string): ServedApi {
  const worker = sharedWorker();
  const served = { client: () => clientOf(worker, ipPrefix), worker } as ServedApi;
  beforeAll(async () => {
    served.db = new Database(inject('dbPath'), { readonly: true });
    served.api = openApiValidator((await served.client()('/api/v1/openapi.json')).json());
  });
  afterAll(() => served.db?.close());
  return served;
}
