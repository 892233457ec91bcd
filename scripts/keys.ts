/**
 * npm run keys: the operator's command for keyed access (docs/keyed-access.md).
 *
 *   npm run keys -- issue --plan free|pro --owner "…"     prints the new key, once
 *   npm run keys -- revoke <key or key id>
 *   npm run keys -- list                                   ids, owners, plans, dates; never a key
 *   npm run keys -- plans
 *   npm run keys -- plan set <name> [--daily N] [--burst M] [--description "…"]
 *
 * Against the local D1 of `npm start` (`.cache/keys/`, or --dir), or production's with --remote.
 */
import { parseArgs } from 'node:util';
import { KeyAdmin, KeyAdminError, type KeySql } from './lib/key-admin.ts';
import { DEFAULT_KEYS_DIR, openLocalKeys } from './lib/keys-local.ts';
import { remoteSqlFromEnvironment } from './lib/keys-remote.ts';

const USAGE = `usage: npm run keys -- <command> [--remote | --dir <folder>]
  issue --plan <plan> --owner <text>   a new key, printed once
  revoke <key | key id>                the key stops working at its next request
  list                                 every key: id, plan, owner, created, revoked
  plans                                every plan: daily quota, burst
  plan set <name> [--daily N] [--burst M] [--description <text>]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    plan: { type: 'string' },
    owner: { type: 'string' },
    daily: { type: 'string' },
    burst: { type: 'string' },
    description: { type: 'string' },
    remote: { type: 'boolean', default: false },
    dir: { type: 'string', default: DEFAULT_KEYS_DIR },
  },
});

const whole = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new KeyAdminError(`--${name}: a whole number`);
  return Number(value);
};
const table = (rows: Record<string, unknown>[]) => {
  if (!rows.length) return console.log('(none)');
  const columns = Object.keys(rows[0]!);
  const cells = rows.map((r) => columns.map((c) => String(r[c] ?? '–')));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  for (const row of [columns, ...cells]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
};

async function run(admin: KeyAdmin, [command, ...rest]: string[]): Promise<void> {
  if (command === 'issue') {
    if (!values.plan || !values.owner) throw new KeyAdminError('issue needs --plan and --owner');
    const { key, id } = await admin.issue(values.plan, values.owner);
    console.log(`key id ${id}, plan ${values.plan}, owner ${values.owner.trim()}`);
    console.log('The key, shown only now (only its SHA-256 is stored): hand it over and keep no copy.');
    console.log(key);
  } else if (command === 'revoke' && rest.length === 1) {
    const revoked = await admin.revoke(rest[0]!);
    console.log(`key ${revoked.id} (${revoked.owner}, ${revoked.plan}) revoked at ${revoked.revokedAt}`);
  } else if (command === 'list') {
    table(
      (await admin.list()).map((k) => ({
        id: k.id,
        plan: k.plan,
        owner: k.owner,
        created: k.createdAt,
        revoked: k.revokedAt,
      })),
    );
  } else if (command === 'plans') {
    table(await admin.plans());
  } else if (command === 'plan' && rest[0] === 'set' && rest.length === 2) {
    const plan = await admin.setPlan(rest[1]!, {
      daily: whole('daily', values.daily),
      burst: whole('burst', values.burst),
      description: values.description,
    });
    console.log(`plan ${plan.name}: ${plan.dailyQuota} a day, ${plan.burst} a minute, from the next request`);
  } else throw new KeyAdminError(USAGE);
}

let local: { sql: KeySql; dispose(): Promise<void> } | null = null;
try {
  const sql = values.remote ? remoteSqlFromEnvironment() : (local = await openLocalKeys(values.dir)).sql;
  await run(new KeyAdmin(sql), positionals);
} catch (error) {
  if (!(error instanceof KeyAdminError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await local?.dispose();
}
