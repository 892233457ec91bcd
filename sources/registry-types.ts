/** What every official source declares once; it feeds scraping, /sources/status, /markets and attribution. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type MarketDefinition = {
  /** market short name, the `market` filter value */
  slug: string;
  name: string;
  province: string;
  district: string | null;
  /** sebze-meyve (fruit and vegetable hall), balik (fish hall), ulusal (national average) */
  kind: 'sebze-meyve' | 'balik' | 'ulusal';
};

export type SourceDefinition = {
  key: string;
  /** stable registry number, encoded in observation ids (never reuse one) */
  number: number;
  name: string;
  organisation: string;
  kind: 'municipal' | 'national' | 'association';
  /** the source's publishing page */
  url: string | null;
  method: string;
  licence: string | null;
  attribution: string;
  /** ISO weekdays the source publishes on */
  publishingDays: Weekday[];
  /** Europe/Istanbul time window in which the day's list appears, e.g. `08:00-12:00` */
  publishWindow: string | null;
  /** 1 when the list published on day D holds the data of D−1 (İBB, HKS) */
  dataLagDays: number;
  /** open to automatic collection */
  enabled: boolean;
  /** verified once a real document proved the parser */
  verification: 'verified' | 'unverified';
  note: string;
  markets: MarketDefinition[];
};
