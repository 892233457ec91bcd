/**
 * The --remote path of `npm run keys`: the operator's keys over the D1 HTTP API's request and
 * answer shapes (POST …/d1/database/{id}/query with {sql, params}; {success, errors, result:
 * [{results}]}), against a local server that runs each statement on a real D1 (miniflare's, with the
 * migrations applied), so the SQL the command sends is the SQL production runs.
 */
import { Miniflare } from 'miniflare';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyAdmin, KeyAdminError } from './key-admin.ts';
import { applyKeyMigrations, type LocalD1 } from './keys-local.ts';
import { keysDatabaseId, remoteSql } from './keys-remote.ts';

const TOKEN = 'test-token';
let mf: Miniflare;
let server: Server;
let api: string;
const seen: { path: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  mf = new Miniflare({
    modules: true,
    script: 'export default { fetch: () => new Response(null) }',
    d1Databases: ['KEYS'],
  });
  const db = (await mf.getD1Database('KEYS')) as unknown as LocalD1;
  await applyKeyMigrations(db);
  server = createServer(async (req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.statusCode = 403;
      return res.end(JSON.stringify({ success: false, errors: [{ code: 10000, message: 'Authentication error' }] }));
    }
    const { sql, params } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { sql: string; params: unknown[] };
    try {
      const { results } = await db
        .prepare(sql)
        .bind(...params)
        .all();
      res.end(JSON.stringify({ success: true, errors: [], result: [{ results, success: true, meta: {} }] }));
    } catch (error) {
      res.statusCode = 400;
      res.end(JSON.stringify({ success: false, errors: [{ code: 7500, message: String(error) }] }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
}, 60_000);
afterAll(async () => {
  server?.close();
  await mf?.dispose();
});

describe('the keys command against a remote D1', () => {
  it('issues, lists, revokes and changes a plan through the query endpoint', async () => {
    const admin = new KeyAdmin(remoteSql({ accountId: 'acc', databaseId: 'db-1', token: TOKEN, api }));
    const { key, id } = await admin.issue('pro', 'A newsroom');
    expect(key).toMatch(/^hal_[A-Za-z0-9_-]{43}$/);
    const listed = await admin.list();
    expect(listed).toEqual([expect.objectContaining({ id, owner: 'A newsroom', plan: 'pro', revokedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(key.slice(4));
    expect((await admin.revoke(key)).revokedAt).not.toBeNull();
    expect((await admin.setPlan('pro', { burst: 10 })).burst).toBe(10);
    expect(seen.every((s) => s.path === '/client/v4/accounts/acc/d1/database/db-1/query')).toBe(true);
  });

  it("says what the API refused, in the API's words", async () => {
    const admin = new KeyAdmin(remoteSql({ accountId: 'acc', databaseId: 'db-1', token: 'wrong', api }));
    await expect(admin.list()).rejects.toThrow(new KeyAdminError('D1 HTTP API: 403 10000 Authentication error'));
    const good = new KeyAdmin(remoteSql({ accountId: 'acc', databaseId: 'db-1', token: TOKEN, api }));
    await expect(good.issue('gold', 'x')).rejects.toThrow('no plan "gold"');
  });

  it("takes the database id from wrangler.toml's KEYS binding, never its placeholder", () => {
    const toml = (id: string) =>
      `[[d1_databases]]\nbinding = "KEYS"\ndatabase_name = "hal-keys"\ndatabase_id = "${id}"\n`;
    expect(keysDatabaseId(toml('6f1c2b8e-1d2a-4c55-9b7e-0a1b2c3d4e5f'))).toBe('6f1c2b8e-1d2a-4c55-9b7e-0a1b2c3d4e5f');
    expect(() => keysDatabaseId(toml('00000000-0000-0000-0000-000000000000'))).toThrow('database_id');
  });
});
