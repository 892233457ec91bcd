/**
 * The nights of data/sources/bursa/nights/: the scraper's `onceki_fiyatlar.json` as it stood at the
 * nightly job's hour of each night 2026-05-31 … 2026-08-17, one file per distinct content, for a
 * replay to serve night by night (never imported: archive.json does not list them). Expected values
 * were counted without the parsers: nights and moments from `git log` of the upstream repository,
 * lists compared as Python dicts.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addDays, type Day } from '../../core/dates.ts';
import { archiveFiles } from '../lib/archive.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import type { PrintedRow, SourceDocument } from '../types.ts';
import { bursaArchive } from './archive.ts';
import { readSnapshots } from './git-history.ts';
import { parseBursaApi, PARSER as API_PARSER } from './live-api.ts';
import { parseBursaScraperJson } from './scraper-json.ts';

type Night = { night: Day; moment: string; file: string; commit: string; time: string; sha256: string; bytes: number };
type Manifest = { nights: Night[]; missing: Day[] };

const DIR = new URL('../../data/sources/bursa/nights/', import.meta.url);
const MANIFEST = JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8')) as Manifest;
const { nights, missing } = MANIFEST;
const bytesOf = new Map(nights.map((n) => [n.file, readFileSync(new URL(n.file, DIR))]));
const doc = (bytes: Uint8Array, requestedDay: Day): SourceDocument => ({
  url: 'x',
  fetchedAt: null,
  contentType: 'application/json',
  bytes,
  requestedDay,
});
/** A list as the pipeline compares lists: every row's name, unit and prices, in a fixed order. */
const listKey = (rows: readonly PrintedRow[]) =>
  JSON.stringify(rows.map((r) => [r.name, r.unit, r.min, r.max]).sort((a, b) => String(a).localeCompare(String(b))));
const parsedNights = nights.map((n) => parseBursaScraperJson(doc(bytesOf.get(n.file)!, n.night)));

describe('Bursa nights: the manifest', () => {
  it('accounts for the 79 nights 2026-05-31 … 2026-08-17: 20 with a document, 59 before the history begins', () => {
    const days = Array.from({ length: 79 }, (_, i) => addDays('2026-05-31', i));
    expect([...missing, ...nights.map((n) => n.night)]).toEqual(days);
    expect([missing.length, nights.length]).toEqual([59, 20]);
    expect([missing[0], missing.at(-1), nights[0]!.night]).toEqual(['2026-05-31', '2026-07-28', '2026-07-29']);
  });

  it('takes each night at the nightly workflow’s hour, from the newest commit at or before it', () => {
    const workflow = readFileSync(new URL('../../.github/workflows/nightly.yml', import.meta.url), 'utf8');
    expect(workflow).toContain("- cron: '30 2 * * *'");
    for (const n of nights) {
      expect(n.moment, n.night).toBe(`${n.night}T02:30:00Z`);
      expect(Date.parse(n.time) <= Date.parse(n.moment), n.night).toBe(true);
      expect(n.commit, n.night).toMatch(/^[0-9a-f]{40}$/);
    }
    const times = nights.map((n) => Date.parse(n.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('holds one file per distinct content, named by its sha256, each the bytes the manifest says', () => {
    for (const n of nights) {
      const bytes = bytesOf.get(n.file)!;
      expect(createHash('sha256').update(bytes).digest('hex'), n.night).toBe(n.sha256);
      expect([n.file, bytes.byteLength], n.night).toEqual([`${n.sha256}.json`, n.bytes]);
    }
    const files = readdirSync(DIR).filter((f) => f !== 'manifest.json');
    expect(files.sort()).toEqual([...new Set(nights.map((n) => n.file))].sort());
    expect(files).toHaveLength(20);
  });

  it('is never imported: archive.json lists none of them', () => {
    const listed = archiveFiles('bursa').map((f) => f.file);
    expect(listed).toEqual(['bursa_history_from_git_commits.csv', 'onceki_fiyatlar_2026-08-22T172348Z.json']);
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    const imported = new Set(bursaArchive().map((d) => sha(d.bytes)));
    expect(nights.filter((n) => imported.has(n.sha256))).toEqual([]);
  });
});

describe('Bursa nights: the lists', () => {
  it('reads every night’s file with the scraper-json parser: 152 rows on the night', () => {
    for (const [i, parsed] of parsedNights.entries()) {
      expect(parsed.rows, nights[i]!.night).toHaveLength(152);
      expect(parsed.bulletinDays).toEqual([nights[i]!.night]);
    }
  });

  it('holds 14 distinct lists: 6 nights repeat the previous night’s list in other bytes', () => {
    const keys = parsedNights.map((p) => listKey(p.rows));
    expect(new Set(keys).size).toBe(14);
    const repeats = nights.filter((_, i) => i > 0 && keys[i] === keys[i - 1]).map((n) => n.night);
    expect(repeats).toEqual(['2026-08-02', '2026-08-03', '2026-08-08', '2026-08-09', '2026-08-10', '2026-08-16']);
    // Limon is kept once, per Kg. or per Sandık, whichever the scraper's dictionary kept last.
    const limon = parsedNights.map((p) => p.rows.filter((r) => r.name === 'Limon').map((r) => r.unit));
    expect(nights.filter((_, i) => limon[i]!.join() === 'Sandık').map((n) => n.night)).toEqual([
      '2026-07-29',
      '2026-07-31',
      '2026-08-04',
      '2026-08-12',
      '2026-08-14',
      '2026-08-15',
      '2026-08-16',
    ]);
    expect(limon.filter((units) => units.join() === 'Kg.')).toHaveLength(13);
  });

  it('holds, each night, the list of the archive’s commit history at that commit and at the night’s moment', () => {
    const csv = readFileSync(new URL('../../data/sources/bursa/bursa_history_from_git_commits.csv', import.meta.url));
    const snapshots = readSnapshots(new TextDecoder().decode(csv));
    for (const [i, n] of nights.entries()) {
      const at = snapshots.filter((s) => Date.parse(s.time) <= Date.parse(n.time)).at(-1)!;
      // and no later change of the list before the night's moment: the night's file is the list as it stood
      expect(snapshots.filter((s) => Date.parse(s.time) <= Date.parse(n.moment)).at(-1), n.night).toBe(at);
      const rows = at.records.map(({ cells: [, , name, min, max, unit] }) => [name, unit, Number(min), Number(max)]);
      expect(listKey(parsedNights[i]!.rows), n.night).toBe(
        JSON.stringify(rows.sort((a, b) => String(a).localeCompare(String(b)))),
      );
    }
  });

  it('is the scraper’s copy, not the API’s answer: the live API parser refuses it', () => {
    const first = nights[0]!;
    expect(expectLayoutError(API_PARSER, () => parseBursaApi(doc(bytesOf.get(first.file)!, first.night))).message).toBe(
      'bursa-api: not a list',
    );
  });
});
