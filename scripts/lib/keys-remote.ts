/**
 * Production's keys database, reached over Cloudflare's D1 HTTP API (POST
 * /accounts/{account}/d1/database/{database}/query, one statement with its params). The account
 * and the token are wrangler's own variables, CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (a
 * token with D1 edit rights); the database is the one wrangler.toml binds as KEYS.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { ROOT } from './bundle-worker.ts';
import type { KeySql } from './key-admin.ts';
import { KeyAdminError } from './key-admin.ts';

const API = 'https://api.cloudflare.com/client/v4';

type QueryAnswer = {
  success: boolean;
  errors?: { code?: number; message?: string }[];
  result?: { results?: unknown[]; success?: boolean }[];
};

/** The id of the D1 database wrangler.toml binds as KEYS; the placeholder of a fresh clone is refused. */
export function keysDatabaseId(toml = readFileSync(join(ROOT, 'wrangler.toml'), 'utf8')): string {
  const databases = (parse(toml) as { d1_databases?: { binding?: string; database_id?: string }[] }).d1_databases;
  const id = databases?.find((d) => d.binding === 'KEYS')?.database_id;
  if (!id || /^0{8}-/.test(id))
    throw new KeyAdminError('wrangler.toml: put the id of `npx wrangler@4 d1 create hal-keys` in database_id');
  return id;
}

export function remoteSql(options: {
  accountId: string;
  databaseId: string;
  token: string;
  api?: string;
  fetch?: typeof fetch;
}): KeySql {
  const url = `${options.api ?? API}/accounts/${options.accountId}/d1/database/${options.databaseId}/query`;
  const send = options.fetch ?? fetch;
  return {
    async query<T>(sql: string, params: (string | number | null)[] = []): Promise<T[]> {
      const response = await send(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sql, params }),
      });
      const text = await response.text();
      let answer: QueryAnswer;
      try {
        answer = JSON.parse(text) as QueryAnswer;
      } catch {
        throw new KeyAdminError(`D1 HTTP API: ${response.status}, not JSON: ${text.slice(0, 200)}`);
      }
      if (!response.ok || !answer.success || !answer.result?.[0]) {
        const why = (answer.errors ?? []).map((e) => `${e.code ?? ''} ${e.message ?? ''}`.trim()).join('; ');
        throw new KeyAdminError(`D1 HTTP API: ${response.status} ${why || 'unsuccessful'}`);
      }
      return (answer.result[0].results ?? []) as T[];
    },
  };
}

/** The remote database from the environment (CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_API_TOKEN) and wrangler.toml. */
export function remoteSqlFromEnvironment(env: NodeJS.ProcessEnv = process.env): KeySql {
  const accountId = env.CLOUDFLARE_ACCOUNT_ID;
  const token = env.CLOUDFLARE_API_TOKEN;
  if (!accountId || !token) throw new KeyAdminError('--remote needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN');
  return remoteSql({ accountId, token, databaseId: keysDatabaseId() });
}
