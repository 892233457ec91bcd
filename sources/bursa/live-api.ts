/**
 * Bursa open-data API `GET https://bapi.bursa.bel.tr/apigateway/acikveri/hal-fiyatlari`: a JSON
 * list `[{urun_ad, min: "12,50", max: "40,00", br: "Kg.", …}]` of today's prices, no date in the
 * answer and no date parameter (no backfill). The data day is the Istanbul day of the fetch
 * (`requestedDay`). A product can appear twice with different units (Limon per `Kg.` and per
 * `Sandık`): both rows are kept, they become different variants later.
 */
import { LayoutError, type ParsedDocument, type PrintedRow, type SourceDocument } from '../types.ts';
import { MARKET, requestedDay, turkishPrice, utf8 } from './common.ts';
import { readJsonBody } from '../lib/json.ts';

export const PARSER = 'bursa-api';
export const PARSER_VERSION = 1;

function price(value: unknown, where: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') return turkishPrice(PARSER, value, where);
  throw new LayoutError(PARSER, `${where}: price ${JSON.stringify(value)}`);
}

function toRow(item: Record<string, unknown>, i: number, day: string): PrintedRow {
  const where = `[${i}]`;
  if (typeof item?.urun_ad !== 'string' || typeof item.br !== 'string')
    throw new LayoutError(PARSER, `${where} lacks urun_ad or br`);
  return {
    dataDay: day,
    market: MARKET,
    name: item.urun_ad,
    unit: item.br,
    group: null,
    min: price(item.min, where),
    max: price(item.max, where),
    avg: null,
    printed: JSON.stringify(item),
    location: where,
  };
}

/** An empty body or an empty list is a day without a list, not an error. */
export function parseBursaApi(document: SourceDocument): ParsedDocument {
  const json = readJsonBody(PARSER, utf8(document.bytes));
  if (json === undefined) return { rows: [], bulletinDays: [] };
  if (!Array.isArray(json)) throw new LayoutError(PARSER, 'not a list');
  if (json.length === 0) return { rows: [], bulletinDays: [] };
  const day = requestedDay(PARSER, document);
  return { rows: json.map((item: Record<string, unknown>, i) => toRow(item, i, day)), bulletinDays: [day] };
}
