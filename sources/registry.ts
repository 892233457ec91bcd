/**
 * The registry of official sources: one adapter folder per source (sources/<key>/), declared
 * once here in registry-number order. It feeds scraping, /sources/status, /markets and the
 * attribution texts.
 */
import type { SourceAdapter, SourceDefinition } from './types.ts';
import { adapter as adana } from './adana/index.ts';
import { adapter as ankara } from './ankara/index.ts';
import { adapter as antalya } from './antalya/index.ts';
import { adapter as antalyaAntkomder } from './antalya-antkomder/index.ts';
import { adapter as balikesir } from './balikesir/index.ts';
import { adapter as bolu } from './bolu/index.ts';
import { adapter as bursa } from './bursa/index.ts';
import { adapter as canakkale } from './canakkale/index.ts';
import { adapter as corum } from './corum/index.ts';
import { adapter as denizli } from './denizli/index.ts';
import { adapter as elazig } from './elazig/index.ts';
import { adapter as eskisehir } from './eskisehir/index.ts';
import { adapter as gaziantep } from './gaziantep/index.ts';
import { adapter as halGovTr } from './hal-gov-tr/index.ts';
import { adapter as istanbulIbb } from './istanbul-ibb/index.ts';
import { adapter as izmir } from './izmir/index.ts';
import { adapter as kahramanmaras } from './kahramanmaras/index.ts';
import { adapter as kayseri } from './kayseri/index.ts';
import { adapter as kocaeli } from './kocaeli/index.ts';
import { adapter as konya } from './konya/index.ts';
import { adapter as kutahya } from './kutahya/index.ts';
import { adapter as manisa } from './manisa/index.ts';
import { adapter as mersin } from './mersin/index.ts';
import { adapter as tekirdag } from './tekirdag/index.ts';
import { adapter as tokat } from './tokat/index.ts';
import { adapter as trabzon } from './trabzon/index.ts';
import { adapter as yalova } from './yalova/index.ts';

export const ADAPTERS: readonly SourceAdapter[] = [
  izmir,
  istanbulIbb,
  ankara,
  bursa,
  halGovTr,
  antalya,
  antalyaAntkomder,
  konya,
  kayseri,
  eskisehir,
  denizli,
  mersin,
  kocaeli,
  gaziantep,
  balikesir,
  adana,
  elazig,
  corum,
  kutahya,
  manisa,
  kahramanmaras,
  canakkale,
  yalova,
  trabzon,
  bolu,
  tokat,
  tekirdag,
];
export const SOURCES: readonly SourceDefinition[] = ADAPTERS.map((a) => a.definition);

function adapterByKey(key: string): SourceAdapter {
  const adapter = ADAPTERS.find((a) => a.definition.key === key);
  if (!adapter) throw new Error(`unknown source ${key}`);
  return adapter;
}

export function sourceByKey(key: string): SourceDefinition {
  return adapterByKey(key).definition;
}
