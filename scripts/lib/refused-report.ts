import type { RefusedDocument } from '../../store/import.ts';

/** The lines printed after an import that refused documents: each file, why, and what it means. */
export function refusedReport(refused: readonly RefusedDocument[]): string[] {
  const sources = [...new Set(refused.map((r) => r.source))];
  return [
    '',
    `!!! ${refused.length} archive document${refused.length === 1 ? '' : 's'} refused: a layout the parser does not know`,
    ...refused.map((r) => `!!!   ${r.source} ${r.reason}`),
    `!!! kept as evidence without rows; ${sources.join(', ')} marked broken in /sources/status; every other document was imported`,
    '',
  ];
}
