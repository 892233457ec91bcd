/**
 * Administrators' corrections, kept as data (data/corrections.csv: observation_id, field,
 * value, reason, corrected_by, corrected_at) and synced into the store on every import. The
 * build applies them and marks the row `corrected_value`; the observation keeps the printed
 * value, and the evidence record lists original and correction side by side.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCsv } from '../sources/lib/csv.ts';
import type { Db } from './db.ts';

const FILE = fileURLToPath(new URL('../data/corrections.csv', import.meta.url));
const COLUMNS = ['observation_id', 'field', 'value', 'reason', 'corrected_by', 'corrected_at'];
const FIELDS = new Set(['min_price', 'max_price', 'avg_price']);

export type CorrectionRow = {
  observation_id: string;
  field: string;
  value: number;
  reason: string;
  corrected_by: string;
  corrected_at: string;
};

export function readCorrections(text = readFileSync(FILE, 'utf8')): CorrectionRow[] {
  const [header, ...rows] = parseCsv(text);
  if (!header || COLUMNS.some((c, i) => header[i] !== c))
    throw new Error(`corrections.csv: header must be ${COLUMNS.join(',')}`);
  return rows
    .filter((r) => !(r.length === 1 && r[0] === ''))
    .map((r, i) => {
      const [observation_id, field, value, reason, corrected_by, corrected_at] = r;
      const where = `corrections.csv line ${i + 2}`;
      if (!FIELDS.has(field ?? '')) throw new Error(`${where}: field must be min_price, max_price or avg_price`);
      if (!value || !Number.isFinite(Number(value)) || Number(value) <= 0)
        throw new Error(`${where}: value must be a positive number`);
      if (!reason?.trim() || !corrected_by?.trim())
        throw new Error(`${where}: a correction needs a reason and who made it`);
      if (!corrected_at || Number.isNaN(Date.parse(corrected_at)))
        throw new Error(`${where}: corrected_at must be an ISO timestamp`);
      return {
        observation_id: observation_id!,
        field: field!,
        value: Number(value),
        reason: reason!,
        corrected_by: corrected_by!,
        corrected_at: new Date(corrected_at).toISOString(),
      };
    });
}

/** Replaces the store's corrections with the file's; an id the store does not hold is an error. */
export function syncCorrections(db: Db, corrections: CorrectionRow[] = readCorrections()): number {
  const exists = db.prepare('SELECT 1 FROM observations WHERE id = ?').pluck();
  db.transaction(() => {
    db.exec('DELETE FROM corrections');
    const insert = db.prepare(
      'INSERT INTO corrections (observation_id, field, value, reason, corrected_by, corrected_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const c of corrections) {
      if (!exists.get(c.observation_id)) throw new Error(`correction for unknown observation ${c.observation_id}`);
      insert.run(c.observation_id, c.field, c.value, c.reason, c.corrected_by, c.corrected_at);
    }
  })();
  return corrections.length;
}
