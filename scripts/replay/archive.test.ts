/**
 * The archive a replay starts from holds nothing of the replayed nights: Adana's pages of those
 * days are left out of its listing, İzmir's API dump and Bursa's commit history keep the rows of
 * the days before, Bursa's later list is left out; every other file is the repository's own.
 */
import { lstatSync, mkdtempSync, readFileSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_ROOT, archiveFiles } from '../../sources/lib/archive.ts';
import { replayArchive } from './archive.ts';

describe('the archive a replay starts from', () => {
  const into = join(mkdtempSync(join(tmpdir(), 'hal-replay-archive-')), 'archive');

  it('leaves out what was published on or after the first night, and links the rest', () => {
    const changed = replayArchive(into, '2026-06-10');
    const adana = archiveFiles('adana', into).map((f) => f.file);
    // 31/05 … 09/06: the ten pages 2601 … 2610.
    expect(adana).toEqual(Array.from({ length: 10 }, (_, i) => `${2601 + i}.html`));
    const izmirDays = readFileSync(join(into, 'izmir', 'izbb-sebzemeyve-hal-fiyatlari-2026_api-derived.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[11]!);
    expect(izmirDays.at(0)).toBe('2026-01-02');
    expect(izmirDays.at(-1)).toBe('2026-06-09');
    expect(archiveFiles('bursa', into)).toEqual([]);
    expect(changed).toEqual(
      expect.arrayContaining([
        'bursa/bursa_history_from_git_commits.csv: every row on or after 2026-06-10, left out',
        'bursa/onceki_fiyatlar_2026-08-22T172348Z.json (2026-08-22): left out',
      ]),
    );
    expect(archiveFiles('izmir', into)).toEqual(archiveFiles('izmir'));
    const year = join(into, 'izmir', 'izbb-sebzemeyve-hal-fiyatlari_2014.csv');
    expect(lstatSync(year).isSymbolicLink() && readlinkSync(year)).toBe(
      join(ARCHIVE_ROOT, 'izmir', 'izbb-sebzemeyve-hal-fiyatlari_2014.csv'),
    );
    expect(archiveFiles('ankara', into)).toEqual(archiveFiles('ankara'));
  });
});
