/**
 * The archive a replay starts from: the repository's documents (data/sources/) without those of
 * the replayed nights, which arrive night by night through the stand-ins as they did. A directory
 * laid out like data/sources (the import's `--archive`): unchanged files are linked, the listing
 * of a source loses the documents of those nights, and a file that holds many days (İzmir's API
 * dump, Bursa's commit history) is copied with the rows of the days before the first night only.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { istanbulDay, type Day } from '../../core/dates.ts';
import { ARCHIVE_ROOT, type ArchiveFile } from '../../sources/lib/archive.ts';
import type { Db } from '../../store/db.ts';
import { adanaPages } from './stand-ins/adana.ts';

type Listing = { files: ArchiveFile[] } & Record<string, unknown>;

/** For a file of many days: the day of each CSV line (null for the header), by the source's own rule. */
const DAY_OF_LINE: Record<string, (cells: string[], header: string[]) => Day | null> = {
  'izbb-sebzemeyve-hal-fiyatlari-2026_api-derived.csv': (cells, header) => cells[header.indexOf('TARIH')] ?? null,
  // Bursa's data day is the Istanbul day of the commit (its archive.json).
  'bursa_history_from_git_commits.csv': (cells, header) => {
    const time = cells[header.indexOf('commit_time_utc')];
    return time ? istanbulDay(new Date(time)) : null;
  },
};

/** The lines of `text` (a CSV without quoted newlines) whose day is before `from`, with the header. */
function linesBefore(text: string, from: Day, dayOf: (cells: string[], header: string[]) => Day | null) {
  const [header = '', ...lines] = text.split('\n');
  const columns = header.replace(/^\uFEFF/, '').split(',');
  const kept = lines.filter((line) => {
    const day = line ? dayOf(line.split(','), columns) : null;
    return day !== null && day < from;
  });
  return { text: `${[header, ...kept].join('\n')}\n`, rows: kept.length };
}

/** Which day an archive file lists, where the listing or the manifest says it; null: many days (or none known). */
function dayOfFile(source: string, file: ArchiveFile, adana: Map<string, Day>): Day | null {
  if (source === 'adana') return adana.get(file.file) ?? null;
  return file.requestedDay ?? null;
}

/** Writes the replay's archive into `into` (replaced); answers the files left out or cut, for the log. */
export function replayArchive(into: string, from: Day, root = ARCHIVE_ROOT): string[] {
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  const adana = new Map(adanaPages(join(root, 'adana')).map((p) => [p.file.split('/').at(-1)!, p.day]));
  const changed: string[] = [];
  for (const source of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const dir = join(root, source.name);
    const listing = JSON.parse(readFileSync(join(dir, 'archive.json'), 'utf8')) as Listing;
    const files: ArchiveFile[] = [];
    /** files not linked: left out, or written here with fewer rows */
    const own = new Set<string>(['archive.json']);
    mkdirSync(join(into, source.name));
    for (const file of listing.files) {
      const day = dayOfFile(source.name, file, adana);
      const dayOfLine = DAY_OF_LINE[file.file];
      if (day !== null && day >= from) {
        own.add(file.file);
        changed.push(`${source.name}/${file.file} (${day}): left out`);
        continue;
      }
      if (dayOfLine) {
        own.add(file.file);
        const cut = linesBefore(readFileSync(join(dir, file.file), 'utf8'), from, dayOfLine);
        if (cut.rows === 0) {
          changed.push(`${source.name}/${file.file}: every row on or after ${from}, left out`);
          continue;
        }
        writeFileSync(join(into, source.name, file.file), cut.text);
        changed.push(`${source.name}/${file.file}: ${cut.rows} rows before ${from} kept`);
      }
      files.push(file);
    }
    // The rest as it is: the files the listing keeps and what a source's reader reads beside them.
    for (const name of readdirSync(dir).filter((n) => !own.has(n)))
      symlinkSync(join(dir, name), join(into, source.name, name));
    writeFileSync(join(into, source.name, 'archive.json'), JSON.stringify({ ...listing, files }, null, 2));
  }
  return changed;
}

/** The sources whose observations in `db` fall on or after `from`: none, when the archive held nothing of the replayed nights. */
export function firstNightLeak(db: Db, from: Day): { source: string; days: number }[] {
  return db
    .prepare(
      'SELECT source_key AS source, count(DISTINCT data_day) AS days FROM observations WHERE data_day >= ? GROUP BY source_key ORDER BY source_key',
    )
    .all(from) as { source: string; days: number }[];
}
