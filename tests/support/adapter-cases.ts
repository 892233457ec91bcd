/** Assertions the adapters' index tests share: a hall's registry entry, the one GET of a page-per-list source. */
import { expect } from 'vitest';
import type { SourceDefinition, SourceDocument } from '../../sources/types.ts';

/**
 * A hall's registry entry: `entry` as given, and unless it says otherwise no licence, Monday to
 * Saturday, no window, no lag, enabled, unverified.
 */
export function expectHall(definition: SourceDefinition, entry: Partial<SourceDefinition>): void {
  expect(definition).toMatchObject({
    licence: null,
    enabled: true,
    verification: 'unverified',
    dataLagDays: 0,
    publishWindow: null,
    publishingDays: [1, 2, 3, 4, 5, 6],
    ...entry,
  });
}

/** The registry entry of a hall built from the published description, with the note that says no real document has proven the parser. */
export function expectDescribedHall(definition: SourceDefinition, entry: Partial<SourceDefinition>): void {
  expectHall(definition, entry);
  const opening = 'Built from the published description; no real document has proven the parser yet.';
  expect(definition.note.startsWith(opening)).toBe(true);
}

/**
 * The one GET a page-per-list source makes, with a browser's accept header, and the document it
 * hands on: the fake client's answer, with `requestedDay` when the page is read as that day.
 */
export function expectOnePageGet(
  calls: readonly { url: string; req: unknown }[],
  document: SourceDocument,
  page: { url: string; bytes: Uint8Array; requestedDay?: string },
): void {
  expect(calls).toEqual([{ url: page.url, req: { headers: { accept: 'text/html,application/xhtml+xml' } } }]);
  const { url, bytes, requestedDay } = page;
  const answer = { url, fetchedAt: '2026-09-15T05:00:00.000Z', contentType: 'text/html; charset=UTF-8', bytes };
  expect(document).toEqual(requestedDay === undefined ? answer : { ...answer, requestedDay });
}
