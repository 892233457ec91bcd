/**
 * The create body checked at the edge, as schemas/alerts.ts `AlertRequest` describes it: a closed
 * object of five keys. The schema stays the one description (OpenAPI, docs); this check keeps zod's
 * runtime (some 850 KB) out of the worker, and request.test.ts holds the two to the same verdicts.
 */
import { regexes } from 'zod/v4/core';
import { ALERT_DIRECTIONS, MAX_ADDRESS_LENGTH, MAX_TARGET_PRICE, type AlertDirection } from '../../core/alerts.ts';

export type AlertBody = {
  email: string;
  productSlug: string;
  targetPrice: number;
  direction: AlertDirection;
  marketSlug?: string;
};
export type FieldRefusal = { field: string; reason: string };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const KEYS = new Set(['email', 'productSlug', 'targetPrice', 'direction', 'marketSlug']);

export const isAddress = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_ADDRESS_LENGTH && regexes.email.test(value);

/** Two decimals at most, read as the decimal text a price is published in (0.1 + 0.2 is not 0.3 in binary). */
const hasTwoDecimals = (n: number): boolean => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export function checkAlertBody(value: unknown): { body: AlertBody } | { refused: FieldRefusal[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { refused: [{ field: '(body)', reason: 'expected a JSON object' }] };
  const v = value as Record<string, unknown>;
  const refused: FieldRefusal[] = Object.keys(v)
    .filter((key) => !KEYS.has(key))
    .map((key) => ({ field: key, reason: 'unknown key' }));
  if (!isAddress(v.email)) refused.push({ field: 'email', reason: 'expected an e-mail address' });
  if (typeof v.productSlug !== 'string' || !SLUG.test(v.productSlug))
    refused.push({ field: 'productSlug', reason: 'expected a slug' });
  const price = v.targetPrice;
  if (
    typeof price !== 'number' ||
    !Number.isFinite(price) ||
    price <= 0 ||
    price > MAX_TARGET_PRICE ||
    !hasTwoDecimals(price)
  )
    refused.push({
      field: 'targetPrice',
      reason: `expected a number above 0, at most ${MAX_TARGET_PRICE}, two decimals`,
    });
  if (!ALERT_DIRECTIONS.includes(v.direction as AlertDirection))
    refused.push({ field: 'direction', reason: `expected ${ALERT_DIRECTIONS.join(' or ')}` });
  if (v.marketSlug !== undefined && (typeof v.marketSlug !== 'string' || !SLUG.test(v.marketSlug)))
    refused.push({ field: 'marketSlug', reason: 'expected a slug' });
  return refused.length ? { refused } : { body: v as AlertBody };
}
