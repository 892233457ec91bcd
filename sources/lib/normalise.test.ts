import { describe, expect, it } from 'vitest';
import { normalisePrice } from './normalise.ts';
import type { PrintedRow } from '../types.ts';

const row = (over: Partial<PrintedRow>): PrintedRow => ({
  dataDay: '2014-08-15',
  market: 'izmir-sebze-meyve',
  name: 'KIVI  İTHAL',
  unit: 'KG',
  group: 'İTHAL',
  min: 1,
  max: 2,
  avg: 1.5,
  printed: '',
  location: 'line 1',
  ...over,
});

describe('normalisePrice', () => {
  const price = (min: number, max: number, avg: number, avgMethod: string, unit: string, flags: string[] = []) => ({
    min,
    max,
    avg,
    avgMethod,
    unit,
    flags,
  });
  it.each([
    {
      // 2014 line 2: 2014-01-02;SEBZE;KABAK  BAL;KG;0.50;1;0.75
      title: 'passes a clean İzmir row through unchanged',
      given: { name: 'KABAK  BAL', unit: 'KG', min: 0.5, max: 1, avg: 0.75 },
      expected: price(0.5, 1, 0.75, 'reported', 'kg'),
    },
    {
      // izbb-sebzemeyve-hal-fiyatlari_2014.csv line 11960: 2014-08-15;İTHAL..;KIVI  İTHAL;KG;10;1.70;5.85
      title: 'swaps a reversed min/max and flags it (real row: 2014-08-15 KIVI İTHAL 10 / 1.70 / 5.85)',
      given: { min: 10, max: 1.7, avg: 5.85, printed: '2014-08-15;İTHAL..;KIVI  İTHAL;KG;10;1.70;5.85' },
      expected: price(1.7, 10, 5.85, 'reported', 'kg', ['min_max_swapped']),
    },
    {
      // No İzmir row prints one (checked with awk over all files); a constructed row.
      title: 'keeps an average outside [min, max] and flags it',
      given: { min: 20, max: 40, avg: 45 },
      expected: price(20, 40, 45, 'reported', 'kg', ['avg_outside_range']),
    },
    {
      // 2020 line 158908: 2020-04-10;İTHAL..;ANANAS;ADET;5;1;3 → 1..5 holds 3
      title: 'checks the average against the swapped range, not the printed one',
      given: { name: 'ANANAS', unit: 'ADET', min: 5, max: 1, avg: 3 },
      expected: price(1, 5, 3, 'reported', 'adet', ['min_max_swapped']),
    },
    {
      // Bursa prints min and max only (`12,50` / `15,00`)
      title: 'uses the midpoint for a missing average',
      given: { unit: 'Kg.', min: 12.5, max: 15, avg: null },
      expected: price(12.5, 15, 13.75, 'midpoint', 'kg'),
    },
  ])('$title', ({ given, expected }) => {
    expect(normalisePrice(row(given))).toEqual(expected);
  });

  it('uses the one printed price when the other and the average are missing', () => {
    expect(normalisePrice(row({ min: null, max: 30, avg: null }))).toMatchObject({
      min: null,
      max: 30,
      avg: 30,
      avgMethod: 'midpoint',
    });
  });

  it('rejects a row without any price as no quote', () => {
    expect(normalisePrice(row({ min: null, max: null, avg: null }))).toEqual({ reason: 'no_quote' });
  });

  it('rejects zero and negative prices', () => {
    // İBB's old crawl prints `0,00 TL` rows
    expect(normalisePrice(row({ min: 0, max: 0, avg: null }))).toEqual({ reason: 'non_positive' });
    expect(normalisePrice(row({ min: 0, max: 10, avg: 5 }))).toEqual({ reason: 'non_positive' });
    expect(normalisePrice(row({ min: 1, max: 2, avg: -1 }))).toEqual({ reason: 'non_positive' });
  });

  it('turns a crate of stated weight into per-kg prices, flagged', () => {
    expect(normalisePrice(row({ unit: 'Kasa   (10 Kğ)P Ks.-S Kut', min: 400, max: 600, avg: null }))).toEqual(
      price(40, 60, 50, 'midpoint', 'kg', ['per_kg_from_crate']),
    );
    expect(normalisePrice(row({ unit: '18 kg', min: 180, max: 360, avg: null }))).toMatchObject({
      min: 10,
      max: 20,
      avg: 15,
      unit: 'kg',
    });
  });

  it('rounds to kuruş', () => {
    expect(normalisePrice(row({ min: 0.25, max: 0.4, avg: null }))).toMatchObject({ avg: 0.33, avgMethod: 'midpoint' });
  });
});

describe('plausibility', () => {
  it('flags old lira, implausible magnitudes and lost thousands, and keeps the values', () => {
    expect(normalisePrice(row({ min: 1_900_000, max: 2_100_000, avg: null }))).toMatchObject({
      min: 1_900_000,
      max: 2_100_000,
      flags: ['implausible_old_lira'],
    });
    expect(normalisePrice(row({ min: 25_000, max: 30_000, avg: 27_500 }))).toMatchObject({
      flags: ['implausible_value'],
    });
    expect(normalisePrice(row({ min: 1, max: 800, avg: 400.5 }))).toMatchObject({ flags: ['implausible_spread'] });
    expect(normalisePrice(row({ min: 30, max: 60, avg: 45 }))).toMatchObject({ flags: [] });
  });
});

describe('units', () => {
  it('counts a row with a unit nobody can name as rejected instead of guessing', () => {
    expect(normalisePrice(row({ unit: 'avokado', min: 30, max: 60, avg: null }))).toEqual({ reason: 'unknown_unit' });
  });
});
