/** The registry of official sources: one adapter folder per source, declared once here. */
import { izmir } from './izmir/index.ts';
import type { SourceDefinition } from './registry-types.ts';

export const SOURCES: readonly SourceDefinition[] = [izmir];

export function sourceByKey(key: string): SourceDefinition {
  const source = SOURCES.find((s) => s.key === key);
  if (!source) throw new Error(`unknown source ${key}`);
  return source;
}
