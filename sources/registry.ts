/** The registry of official sources: one adapter folder per source, declared once here. */
import type { SourceAdapter } from './adapter.ts';
import { adapter as ankara } from './ankara/index.ts';
import { adapter as bursa } from './bursa/index.ts';
import { adapter as halGovTr } from './hal-gov-tr/index.ts';
import { adapter as istanbulIbb } from './istanbul-ibb/index.ts';
import { adapter as izmir } from './izmir/index.ts';
import type { SourceDefinition } from './registry-types.ts';

export const ADAPTERS: readonly SourceAdapter[] = [izmir, istanbulIbb, ankara, bursa, halGovTr];
export const SOURCES: readonly SourceDefinition[] = ADAPTERS.map((a) => a.definition);

export function adapterByKey(key: string): SourceAdapter {
  const adapter = ADAPTERS.find((a) => a.definition.key === key);
  if (!adapter) throw new Error(`unknown source ${key}`);
  return adapter;
}

export function sourceByKey(key: string): SourceDefinition {
  return adapterByKey(key).definition;
}
