/**
 * The rows behind /prices/latest, one per variant × market (each market's latest price in the
 * window): what `/prices/export?latest=1` exports, filtered at the edge.
 */
import { LATEST_ROWS_PATH } from '../../core/objects.ts';
import type { NationalIndicator } from '../national.ts';
import { NDJSON_TYPE, type OutputWriter } from '../writer.ts';

export function writeLatestRows(indicators: Map<string, NationalIndicator>, writer: OutputWriter): number {
  const rows = [...indicators.values()].sort((a, b) => (a.variant < b.variant ? -1 : 1)).flatMap((n) => n.rows);
  writer.write(LATEST_ROWS_PATH, rows.map((r) => r.json).join('\n') + (rows.length ? '\n' : ''), NDJSON_TYPE);
  return rows.length;
}
