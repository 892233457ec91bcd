/** What every Bursa document shares: one market, and a data day the documents do not print. */
import type { Day } from '../../core/dates.ts';
import { LayoutError, type SourceDocument } from '../types.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';

export const MARKET = 'bursa-sebze-meyve';
export const API_URL = 'https://bapi.bursa.bel.tr/apigateway/acikveri/hal-fiyatlari';
export const PAGE_URL = 'https://www.bursa.bel.tr/hal_fiyatlari';

/** The API and the page show "today" without a date: the day comes from the request. */
export function requestedDay(parser: string, document: SourceDocument): Day {
  if (!document.requestedDay)
    throw new LayoutError(parser, 'the document prints no date and no requestedDay was given');
  return document.requestedDay;
}

/** A Turkish price text (`12,50`, `1.234,56 TL`); text that is not a price means the layout changed. */
export function turkishPrice(parser: string, text: string, where: string): number | null {
  try {
    return parseTurkishNumber(text);
  } catch (error) {
    if (error instanceof PriceFormatError) throw new LayoutError(parser, `${where}: price ${JSON.stringify(text)}`);
    throw error;
  }
}

export const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
