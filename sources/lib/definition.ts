/** What most sources declare alike, written once and spread into each adapter's `definition`. */
import type { SourceDefinition } from '../types.ts';

/**
 * A municipal hall unless its definition says otherwise: no licence stated, Monday to Saturday
 * (the assumption for every hall whose Sunday is not known), no known publishing window,
 * the data of the day it is published, open to collection, no real document proven yet.
 */
export const HALL_DEFAULTS: Pick<
  SourceDefinition,
  'kind' | 'licence' | 'publishingDays' | 'publishWindow' | 'dataLagDays' | 'enabled' | 'verification'
> = {
  kind: 'municipal',
  licence: null,
  publishingDays: [1, 2, 3, 4, 5, 6],
  publishWindow: null,
  dataLagDays: 0,
  enabled: true,
  verification: 'unverified',
};

/** The note of a source whose parser was written from the published description alone. */
export function unprovenNote(details: string): string {
  return `Built from the published description; no real document has proven the parser yet. ${details}`;
}

/** A fruit and vegetable hall of a province, with no district. */
export function sebzeMeyveMarket(slug: string, name: string, province: string): SourceDefinition['markets'][number] {
  return { slug, name, province, district: null, kind: 'sebze-meyve' };
}
