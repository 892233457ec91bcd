/**
 * The operator's side of keyed access (scripts/keys.ts): issue, revoke and list keys, read and
 * change plans, through one small SQL interface that the local D1 of `npm start`
 * (scripts/lib/keys-local.ts) and production's D1 over Cloudflare's HTTP API
 * (scripts/lib/keys-remote.ts) both give. A key is shown once, when it is issued; only its
 * SHA-256 is stored, and a listing names a key by its id (the hash's first 12 hex digits).
 */
import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, isWellFormedKey, keyHashOf, keyIdOf } from '../../core/keyed-access.ts';

type SqlValue = string | number | null;
/** One statement with its parameters, answering its rows. */
export type KeySql = { query<T = Record<string, unknown>>(sql: string, params?: SqlValue[]): Promise<T[]> };

export type Plan = { name: string; dailyQuota: number; burst: number; description: string; updatedAt: string | null };
export type KeyListing = { id: string; owner: string; plan: string; createdAt: string; revokedAt: string | null };

const KEY_ID = /^[0-9a-f]{12}$/;
const OWNER_MAX = 200;

export class KeyAdminError extends Error {}

export class KeyAdmin {
  constructor(
    private readonly sql: KeySql,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new key for `owner` on `plan`: the key itself is in the answer and nowhere else. */
  async issue(plan: string, owner: string): Promise<{ key: string; id: string }> {
    const who = owner.trim();
    if (!who || who.length > OWNER_MAX) throw new KeyAdminError(`--owner: 1 to ${OWNER_MAX} characters`);
    if (!(await this.plan(plan))) throw new KeyAdminError(`no plan ${JSON.stringify(plan)} (see: plans)`);
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const hash = await keyHashOf(key);
    await this.sql.query('INSERT INTO api_keys (key_hash, key_id, plan, owner, created_at) VALUES (?, ?, ?, ?, ?)', [
      hash,
      keyIdOf(hash),
      plan,
      who,
      this.#stamp(),
    ]);
    return { key, id: keyIdOf(hash) };
  }

  /** Revokes a key given itself or its id; a revoked key stays revoked (its first moment is kept). */
  async revoke(keyOrId: string): Promise<KeyListing> {
    const where = isWellFormedKey(keyOrId)
      ? { column: 'key_hash', value: await keyHashOf(keyOrId) }
      : KEY_ID.test(keyOrId)
        ? { column: 'key_id', value: keyOrId }
        : null;
    if (!where) throw new KeyAdminError('revoke: give a key (hal_…) or a key id (12 hex digits, see: list)');
    await this.sql.query(`UPDATE api_keys SET revoked_at = ? WHERE ${where.column} = ? AND revoked_at IS NULL`, [
      this.#stamp(),
      where.value,
    ]);
    const [row] = await this.#listings(`WHERE ${where.column} = ?`, [where.value]);
    if (!row) throw new KeyAdminError('no such key');
    return row;
  }

  list(): Promise<KeyListing[]> {
    return this.#listings('ORDER BY created_at, key_id', []);
  }

  async plans(): Promise<Plan[]> {
    const rows = await this.sql.query<PlanRow>(`${PLAN_SELECT} ORDER BY daily_quota, name`);
    return rows.map(planOf);
  }

  async plan(name: string): Promise<Plan | null> {
    const [row] = await this.sql.query<PlanRow>(`${PLAN_SELECT} WHERE name = ?`, [name]);
    return row ? planOf(row) : null;
  }

  /** Changes a plan's limits (or makes a new plan with both given): every key on it follows at its next request. */
  async setPlan(name: string, change: { daily?: number; burst?: number; description?: string }): Promise<Plan> {
    for (const [option, value, min] of [
      ['--daily', change.daily, 0],
      ['--burst', change.burst, 1],
    ] as const)
      if (value !== undefined && (!Number.isSafeInteger(value) || value < min))
        throw new KeyAdminError(`${option}: a whole number ≥ ${min}`);
    const before = await this.plan(name);
    if (!before && (change.daily === undefined || change.burst === undefined))
      throw new KeyAdminError(`no plan ${JSON.stringify(name)}: a new plan needs both --daily and --burst`);
    if (!before && !/^[a-z][a-z0-9-]{0,31}$/.test(name))
      throw new KeyAdminError('a plan name: a lower-case letter, then letters, digits or -, at most 32');
    await this.sql.query(
      'INSERT INTO plans (name, daily_quota, burst, description, updated_at) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT (name) DO UPDATE SET daily_quota = excluded.daily_quota, burst = excluded.burst, ' +
        'description = excluded.description, updated_at = excluded.updated_at',
      [
        name,
        change.daily ?? before!.dailyQuota,
        change.burst ?? before!.burst,
        change.description ?? before?.description ?? '',
        this.#stamp(),
      ],
    );
    return (await this.plan(name))!;
  }

  async #listings(tail: string, params: SqlValue[]): Promise<KeyListing[]> {
    const rows = await this.sql.query<{
      key_id: string;
      owner: string;
      plan: string;
      created_at: string;
      revoked_at: string | null;
    }>(`SELECT key_id, owner, plan, created_at, revoked_at FROM api_keys ${tail}`, params);
    return rows.map((r) => ({
      id: r.key_id,
      owner: r.owner,
      plan: r.plan,
      createdAt: r.created_at,
      revokedAt: r.revoked_at,
    }));
  }

  #stamp(): string {
    return this.now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
  }
}

type PlanRow = { name: string; daily_quota: number; burst: number; description: string; updated_at: string | null };
const PLAN_SELECT = 'SELECT name, daily_quota, burst, description, updated_at FROM plans';
const planOf = (r: PlanRow): Plan => ({
  name: r.name,
  dailyQuota: Number(r.daily_quota),
  burst: Number(r.burst),
  description: r.description,
  updatedAt: r.updated_at,
});
