/**
 * A key's row and its plan's limits, read from D1 (binding KEYS) on every keyed request: a plan
 * changed or a key revoked by the operator (scripts/keys.ts) applies to the next request, with no
 * deploy and no cache to wait out. Found by the key's hash; the key itself never reaches D1.
 */
import type { PlanLimits } from './quota-window.ts';

/** What the lookup needs of a D1 binding. */
export type KeysDatabase = {
  prepare(query: string): { bind(...values: unknown[]): { first<T>(): Promise<T | null> } };
};

export type KeyRecord = { id: string; plan: string; limits: PlanLimits; revoked: boolean };

export async function findKey(db: KeysDatabase, hash: string): Promise<KeyRecord | null> {
  const row = await db
    .prepare(
      'SELECT k.key_id, k.plan, k.revoked_at, p.daily_quota, p.burst FROM api_keys k ' +
        'JOIN plans p ON p.name = k.plan WHERE k.key_hash = ?',
    )
    .bind(hash)
    .first<{ key_id: string; plan: string; revoked_at: string | null; daily_quota: number; burst: number }>();
  if (!row) return null;
  return {
    id: row.key_id,
    plan: row.plan,
    limits: { daily: Number(row.daily_quota), burst: Number(row.burst) },
    revoked: row.revoked_at !== null,
  };
}
