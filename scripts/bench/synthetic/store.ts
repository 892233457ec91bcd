/** A profile's synthetic store, generated once into .cache/bench/<profile>/full.sqlite and kept for the next run. */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '../../../store/db.ts';
import { generateSynthetic } from './generate.ts';
import type { Profile } from './profiles.ts';

export function syntheticStore(profile: Profile, regenerate: boolean, log: (line: string) => void = () => {}): string {
  const dir = join('.cache/bench', profile.name);
  mkdirSync(dir, { recursive: true });
  const full = join(dir, 'full.sqlite');
  if (existsSync(full) && !regenerate) return full;
  rmSync(full, { force: true });
  const t = performance.now();
  const db = openDb(full);
  const g = generateSynthetic(db, profile, log);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  console.log(
    `generated ${profile.name}: ${g.observations} observations on ${g.days} publishing days in ${Math.round(performance.now() - t)} ms`,
  );
  return full;
}
