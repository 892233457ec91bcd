/**
 * Golden tests of the DERIVED Bursa commit history (CSV) on the real file.
 *
 * Expected numbers computed independently with Python (csv + datetime, Istanbul = UTC+3 in 2026):
 *   snapshots = consecutive rows of one commit; day = (commit_time_utc + 3 h).date();
 *   per day the snapshot with the greatest commit_time_utc; rows = its 152 lines.
 *   → 114 snapshots, 26 days, 3952 rows; snapshots per day as in SNAPSHOTS_PER_DAY.
 * Spot rows copied from `sed -n Np FILE`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import type { SourceDocument } from '../types.ts';
import { listsByDay, parseBursaGitHistory, PARSER, readSnapshots } from './git-history.ts';
import ROWS from './git-history.rows.json' with { type: 'json' };

const PATH = new URL('../../data/sources/bursa/bursa_history_from_git_commits.csv', import.meta.url);
const TEXT = readFileSync(PATH, 'utf8');
const doc = (text: string): SourceDocument => ({
  url: 'x',
  fetchedAt: null,
  contentType: 'text/csv',
  bytes: new TextEncoder().encode(text),
});
const DOC = parseBursaGitHistory(doc(TEXT));
const atLine = (n: number) => DOC.rows.find((r) => r.location.endsWith(` line ${n}`));
const fileLine = (n: number) => TEXT.split('\r\n')[n - 1]; // the file has CRLF line ends

const SNAPSHOTS_PER_DAY = {
  '2026-07-28': 1,
  '2026-07-29': 3,
  '2026-07-30': 2,
  '2026-07-31': 1,
  '2026-08-01': 2,
  '2026-08-02': 4,
  '2026-08-03': 2,
  '2026-08-04': 3,
  '2026-08-05': 5,
  '2026-08-06': 1,
  '2026-08-07': 2,
  '2026-08-08': 4,
  '2026-08-09': 2,
  '2026-08-10': 4,
  '2026-08-11': 3,
  '2026-08-12': 7,
  '2026-08-13': 4,
  '2026-08-14': 4,
  '2026-08-15': 8,
  '2026-08-16': 8,
  '2026-08-17': 6,
  '2026-08-18': 6,
  '2026-08-19': 7,
  '2026-08-20': 9,
  '2026-08-21': 14,
  '2026-08-22': 2,
};

describe('Bursa commit history: snapshots and days', () => {
  it('holds 114 snapshots of 152 rows, on 26 Istanbul days', () => {
    const snapshots = readSnapshots(TEXT);
    expect(snapshots).toHaveLength(114);
    expect(new Set(snapshots.map((s) => s.records.length))).toEqual(new Set([152]));
    const perDay: Record<string, number> = {};
    for (const s of snapshots) perDay[s.day] = (perDay[s.day] ?? 0) + 1;
    expect(perDay).toEqual(SNAPSHOTS_PER_DAY);
  });

  it('files a commit made after 21:00 UTC under the next Istanbul day (2026-08-03T23:05:32Z → 2026-08-04)', () => {
    const late = readSnapshots(TEXT).find((s) => s.time === '2026-08-03T23:05:32+00:00')!;
    expect(late.day).toBe('2026-08-04');
    expect(listsByDay(readSnapshots(TEXT)).get('2026-08-03')!.commit).toBe('25fe1a2c78a124f8c7f0e6eed3c9330e2ba26e30');
  });

  it('takes the last snapshot of each day as its list', () => {
    const lists = listsByDay(readSnapshots(TEXT));
    expect(lists.get('2026-08-04')).toMatchObject({
      commit: '517d28b145f9d808d1176f92b325b85b3fd2c1b5',
      time: '2026-08-04T08:43:39+00:00',
    });
    expect(lists.get('2026-08-05')).toMatchObject({
      commit: '0b8ee05fbbff81ece6596643619b9d1f6986f4e7',
      time: '2026-08-05T15:21:22+00:00',
    });
    expect(lists.get('2026-08-21')).toMatchObject({
      commit: '48d4f9f28c094965b1cc226020ee9268990db470',
      time: '2026-08-21T18:41:06+00:00',
    });
    expect(lists.get('2026-08-22')).toMatchObject({
      commit: 'c621c0bb6f579dd0a83f438a377cec67db9422c1',
      time: '2026-08-22T12:45:51+00:00',
    });
  });

  it('yields 152 rows on each of the 26 days (3952 rows), 2026-07-28 … 2026-08-22', () => {
    expect(DOC.rows).toHaveLength(3952);
    expect(DOC.bulletinDays).toEqual(Object.keys(SNAPSHOTS_PER_DAY));
    const perDay: Record<string, number> = {};
    for (const r of DOC.rows) perDay[r.dataDay] = (perDay[r.dataDay] ?? 0) + 1;
    expect(new Set(Object.values(perDay))).toEqual(new Set([152]));
    expect(Object.keys(perDay)).toHaveLength(26);
  });
});

describe('Bursa commit history: spot values as printed', () => {
  it('reads line 2 (the only snapshot of 2026-07-28)', () => {
    expect(fileLine(2)).toBe('2026-07-28T09:11:50+00:00,09c2e92864d368914a0a1b5d0522f05197aae6ab,Acur,3.5,35.0,(kg)');
    expect(atLine(2)).toEqual(ROWS.Acur);
  });

  it('reads Limon per Kg. on 2026-08-04 (line 2666) and on 2026-08-22 (line 17258)', () => {
    expect(atLine(2666)).toMatchObject({ dataDay: '2026-08-04', name: 'Limon', unit: 'Kg.', min: 20, max: 110 });
    expect(atLine(17258)).toMatchObject({
      dataDay: '2026-08-22',
      name: 'Limon',
      unit: 'Kg.',
      min: 20,
      max: 100,
      location: 'commit c621c0bb6f579dd0a83f438a377cec67db9422c1 line 17258',
    });
  });

  it('reads a Koli price (line 17327: İthal Uskumru 6000.0) and Domates of 2026-08-05 (line 3374: 5.0 / 150.0)', () => {
    expect(atLine(17327)).toMatchObject({
      dataDay: '2026-08-22',
      name: 'İthal Uskumru',
      unit: 'Koli',
      min: 6000,
      max: 6000,
    });
    expect(atLine(3374)).toMatchObject({ dataDay: '2026-08-05', name: 'Domates', unit: 'Kg.', min: 5, max: 150 });
  });

  it('leaves superseded snapshots out (line 17106: Limon Sandık of the earlier 2026-08-22 snapshot)', () => {
    expect(fileLine(17106)).toBe(
      '2026-08-22T10:27:46+00:00,dbc761ab123294fa1ed868c415b528b890f593c4,Limon,135.0,3960.0,Sandık',
    );
    expect(atLine(17106)).toBeUndefined();
  });
});

describe('Bursa commit history: a different file is loud', () => {
  const HEADER = 'commit_time_utc,commit,urun_ad,min,max,br';
  const SHA = '09c2e92864d368914a0a1b5d0522f05197aae6ab';
  it('throws on another header', () => {
    expect(
      expectLayoutError(PARSER, () => parseBursaGitHistory(doc('time,commit,urun_ad,min,max,br\n'))).message,
    ).toMatch(/^bursa-git-history: header/);
  });
  it('throws on a bad time, a bad commit, a Turkish price and a short line', () => {
    expect(() => parseBursaGitHistory(doc(`${HEADER}\n2026-07-28 09:11,${SHA},Acur,3.5,35.0,(kg)\n`))).toThrow(
      'line 2: commit_time_utc',
    );
    expect(() =>
      parseBursaGitHistory(doc(`${HEADER}\n2026-07-28T09:11:50+00:00,09c2e928,Acur,3.5,35.0,(kg)\n`)),
    ).toThrow('line 2: commit "09c2e928"');
    expect(() =>
      parseBursaGitHistory(doc(`${HEADER}\n2026-07-28T09:11:50+00:00,${SHA},Acur,"3,5",35.0,(kg)\n`)),
    ).toThrow(`commit ${SHA} line 2: price "3,5"`);
    expect(() => parseBursaGitHistory(doc(`${HEADER}\n2026-07-28T09:11:50+00:00,${SHA},Acur,3.5\n`))).toThrow(
      'line 2 has 4 cells',
    );
  });
  it('reads a header-only file as no list', () => {
    expect(parseBursaGitHistory(doc(`${HEADER}\n`))).toEqual({ rows: [], bulletinDays: [] });
  });
});
