/** İzmir as a static-archive source: the files listed in data/sources/izmir/archive.json. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ParsedDocument } from '../lib/types.ts';
import * as apiDump from './api-dump.ts';
import * as report2025 from './report-2025.ts';
import * as yearCsv from './year-csv.ts';

export type ArchiveFile = { file: string; parser: string; contentType: string; url: string; market: string };

const DIR = fileURLToPath(new URL('../../data/sources/izmir/', import.meta.url));

export const ARCHIVE_PARSERS: Record<string, { version: number; parse(bytes: Uint8Array, market: string): ParsedDocument }> = {
  [yearCsv.PARSER]: { version: yearCsv.PARSER_VERSION, parse: (b, m) => yearCsv.parseIzmirYearCsv(new TextDecoder().decode(b), m) },
  [report2025.PARSER]: { version: report2025.PARSER_VERSION, parse: (b, m) => report2025.parseIzmirReport2025(b, m) },
  [apiDump.PARSER]: { version: apiDump.PARSER_VERSION, parse: (b, m) => apiDump.parseIzmirApiDump(new TextDecoder().decode(b), m) },
};

export function izmirArchiveFiles(): ArchiveFile[] {
  return (JSON.parse(readFileSync(DIR + 'archive.json', 'utf8')) as { files: ArchiveFile[] }).files;
}

export function readArchiveFile(file: ArchiveFile): { bytes: Uint8Array; storedPath: string } {
  return { bytes: readFileSync(DIR + file.file), storedPath: `data/sources/izmir/${file.file}` };
}
