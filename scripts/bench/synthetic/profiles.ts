/** Named synthetic profiles: markets × products × publishing days (Monday–Saturday, minus holidays). */
export type Profile = {
  name: string;
  sources: number;
  marketsPerSource: number;
  products: number;
  years: number;
  endDay: string;
};

const PROFILES: Record<string, Profile> = {
  /** for tests: about 20 thousand observations */
  small: { name: 'small', sources: 2, marketsPerSource: 2, products: 40, years: 0.5, endDay: '2026-11-20' },
  /** the national shape over a quarter: 30 markets × 250 products × ~75 days ≈ 0.5 million */
  'national-3m': {
    name: 'national-3m',
    sources: 6,
    marketsPerSource: 5,
    products: 250,
    years: 0.25,
    endDay: '2026-11-20',
  },
  /** one national year: 30 markets × 250 products × ~300 days ≈ 2.2 million */
  'national-1y': {
    name: 'national-1y',
    sources: 6,
    marketsPerSource: 5,
    products: 250,
    years: 1,
    endDay: '2026-11-20',
  },
  /** the reference: 30 markets × 250 products × 5 years ≈ 11 million */
  'national-5y': {
    name: 'national-5y',
    sources: 6,
    marketsPerSource: 5,
    products: 250,
    years: 5,
    endDay: '2026-11-20',
  },
  'national-10y': {
    name: 'national-10y',
    sources: 6,
    marketsPerSource: 5,
    products: 250,
    years: 10,
    endDay: '2026-11-20',
  },
};

export function profileByName(name: string): Profile {
  const p = PROFILES[name];
  if (!p) throw new Error(`unknown profile ${name}; known: ${Object.keys(PROFILES).join(', ')}`);
  return p;
}
