/** İBB as a static archive: the files listed in data/sources/istanbul-ibb/archive.json, in its order. */
import type { ArchiveDocument } from '../types.ts';
import { archiveFiles, readArchive, type ArchiveFile as BaseArchiveFile } from '../lib/archive.ts';
import { archiveParser } from './parsers.ts';
import type { IbbGroup } from './table.ts';

/** İBB files also say which category was asked for (kategori / file suffix); null when unknown. */
export type ArchiveFile = BaseArchiveFile & { group: IbbGroup | null; note: string };

export function istanbulIbbArchiveFiles(): ArchiveFile[] {
  return archiveFiles<ArchiveFile>('istanbul-ibb');
}

/** The earliest of byte-identical copies comes first in archive.json: the importer keeps it. */
export function istanbulIbbArchive(root?: string): ArchiveDocument[] {
  return readArchive<ArchiveFile>('istanbul-ibb', (file) => archiveParser(file.parser, file.group), { root });
}
