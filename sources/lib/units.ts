/**
 * Printed unit → normalised unit. Different units are different products (never averaged
 * together); the printed text is kept beside the normalised one as evidence.
 */
import { fold } from '../../core/turkish.ts';

export type Unit = 'kg' | 'adet' | 'bağ' | 'demet' | 'kasa' | 'koli' | 'kutu' | 'sandık' | 'çift' | 'paket';

export type NormalisedUnit = {
  unit: Unit /** stated weight of a crate in kg, e.g. `Kasa (10 Kğ)` */;
  crateKg: number | null;
};

const BY_KEY: Record<string, Unit> = {
  kg: 'kg',
  kilogram: 'kg',
  kilo: 'kg',
  kgr: 'kg',
  adet: 'adet',
  ad: 'adet',
  tane: 'adet',
  bag: 'bağ',
  demet: 'demet',
  kasa: 'kasa',
  sandik: 'sandık',
  koli: 'koli',
  kutu: 'kutu',
  cift: 'çift',
  paket: 'paket',
};

export class UnitError extends Error {}

export function normaliseUnit(printed: string): NormalisedUnit {
  // "kğ" folds to "kg"; "(kg)", "Kg.", " KG " fold to "kg".
  const key = fold(printed);
  const direct = BY_KEY[key];
  if (direct) return { unit: direct, crateKg: null };
  const crate = /^(kasa|sandik|koli|kutu)\b.*?(\d+(?:[.,]\d+)?)\s*kg\b/.exec(key.replace(/(\d) (\d)/g, '$1.$2'));
  if (crate) return { unit: BY_KEY[crate[1]!]!, crateKg: Number(crate[2]!.replace(',', '.')) };
  // A package priced by its weight: `18 kg` (Ankara) is a crate of 18 kg.
  const weight = /^(\d+(?:[.,]\d+)?) kg$/.exec(key.replace(/(\d) (\d)/g, '$1.$2'));
  if (weight) return { unit: 'kasa', crateKg: Number(weight[1]!.replace(',', '.')) };
  const first = BY_KEY[key.split(' ')[0] ?? ''];
  if (first) return { unit: first, crateKg: null };
  throw new UnitError(`unknown unit: ${JSON.stringify(printed)}`);
}
