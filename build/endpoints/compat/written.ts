/**
 * A main object this build has just written, read back and checked against its schema: the
 * compatibility objects reshape the main answers, so both prefixes say the same thing by
 * construction instead of by two computations kept in step.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import type { OutputWriter } from '../../writer.ts';

export function writtenJson<T extends z.ZodType>(writer: OutputWriter, path: string, schema: T): z.infer<T> {
  if (!writer.entries.has(path)) throw new Error(`${path} is not written yet: the compatibility objects come after it`);
  return schema.parse(JSON.parse(readFileSync(join(writer.root, path), 'utf8')));
}
