/** Adana as a static archive: the pages listed in data/sources/adana/archive.json. */
import type { ArchiveDocument } from '../types.ts';
import { readArchive } from '../lib/archive.ts';
import { adanaHtml } from './parser.ts';

export function adanaArchive(root?: string): ArchiveDocument[] {
  return readArchive('adana', (file) => (file.parser === adanaHtml.id ? adanaHtml : undefined), { root });
}
