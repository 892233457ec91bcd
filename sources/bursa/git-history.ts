/**
 * DERIVED file `bursa_history_from_git_commits.csv`: one snapshot of the scraper's
 * `onceki_fiyatlar.json` per commit whose content changed, `commit_time_utc,commit,urun_ad,min,max,br`,
 * values unchanged (Python float text, dot decimal: `3.5`, `6000.0`).
 *
 * The API shows "today's" list without a date, so a snapshot's data day is the Europe/Istanbul
 * day of its commit. A day often has several snapshots (the scraper ran several times; the list
 * is updated in the morning, and early-morning runs still carry the previous list): the LAST
 * snapshot of a day supersedes the earlier ones and is that day's list.
 */
import { istanbulDay, type Day } from '../../core/dates.ts';
import { LayoutError, type ParsedDocument, type PrintedRow, type SourceDocument } from '../types.ts';
import { parseCsvRecords, type CsvRecord } from '../lib/csv.ts';
import { MARKET, utf8 } from './common.ts';

export const PARSER = 'bursa-git-history';
export const PARSER_VERSION = 1;
const HEADER = 'commit_time_utc,commit,urun_ad,min,max,br';

export type Snapshot = { time: string; commit: string; day: Day; records: CsvRecord[] };

function snapshotOf(record: CsvRecord): Pick<Snapshot, 'time' | 'commit' | 'day'> {
  const [time, commit] = record.cells as [string, string];
  const moment = new Date(time);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\+00:00|Z)$/.test(time) || Number.isNaN(moment.getTime())) {
    throw new LayoutError(PARSER, `line ${record.line}: commit_time_utc ${JSON.stringify(time)}`);
  }
  if (!/^[0-9a-f]{40}$/.test(commit))
    throw new LayoutError(PARSER, `line ${record.line}: commit ${JSON.stringify(commit)}`);
  return { time, commit, day: istanbulDay(moment) };
}

/** Every snapshot in file order (consecutive lines of one commit). */
export function readSnapshots(text: string): Snapshot[] {
  const [header, ...records] = parseCsvRecords(text).filter((r) => r.cells.some((c) => c !== ''));
  if (!header || header.cells.join(',') !== HEADER)
    throw new LayoutError(PARSER, `header ${JSON.stringify(header?.cells.join(','))}`);
  const snapshots: Snapshot[] = [];
  for (const record of records) {
    if (record.cells.length !== 6)
      throw new LayoutError(PARSER, `line ${record.line} has ${record.cells.length} cells`);
    const last = snapshots.at(-1);
    if (last && last.commit === record.cells[1]) last.records.push(record);
    else snapshots.push({ ...snapshotOf(record), records: [record] });
  }
  return snapshots;
}

/** The last snapshot (by commit time, then file order) of each Istanbul day, by day. */
export function listsByDay(snapshots: Snapshot[]): Map<Day, Snapshot> {
  const byDay = new Map<Day, Snapshot>();
  for (const s of snapshots) {
    const held = byDay.get(s.day);
    if (!held || Date.parse(s.time) >= Date.parse(held.time)) byDay.set(s.day, s);
  }
  return new Map([...byDay].sort(([a], [b]) => a.localeCompare(b)));
}

/** Python float text (`3.5`, `150.0`); anything else is not the file we know. */
function floatText(text: string, where: string): number {
  if (!/^\d+(\.\d+)?$/.test(text)) throw new LayoutError(PARSER, `${where}: price ${JSON.stringify(text)}`);
  return Number(text);
}

function toRow(s: Snapshot, record: CsvRecord, lines: string[]): PrintedRow {
  const [, , name, min, max, unit] = record.cells as [string, string, string, string, string, string];
  const where = `commit ${s.commit} line ${record.line}`;
  return {
    dataDay: s.day,
    market: MARKET,
    name,
    unit,
    group: null,
    min: floatText(min, where),
    max: floatText(max, where),
    avg: null,
    printed: lines[record.line - 1]!.replace(/\r$/, ''),
    location: where,
  };
}

export function parseBursaGitHistory(document: SourceDocument): ParsedDocument {
  const text = utf8(document.bytes);
  const lines = text.split('\n');
  const days = listsByDay(readSnapshots(text));
  const rows = [...days.values()].flatMap((s) => s.records.map((r) => toRow(s, r, lines)));
  return { rows, bulletinDays: [...days.keys()] };
}
