import { describe, expect, it } from 'vitest';
import { AlertRequest } from '../../schemas/alerts.ts';
import { checkAlertBody } from './request.ts';

const valid = { email: 'ayse@example.com', productSlug: 'domates-salkim', targetPrice: 25.5, direction: 'above' };

/** Bodies at the edges of every rule: the edge's check and the documented schema must agree on each. */
const BODIES: unknown[] = [
  valid,
  { ...valid, marketSlug: 'izmir-sebze-meyve' },
  { ...valid, direction: 'below', targetPrice: 1_000_000 },
  { ...valid, targetPrice: 0.01 },
  { ...valid, targetPrice: 12.3 },
  { ...valid, targetPrice: 0.3 },
  { ...valid, targetPrice: 19.99 },
  { ...valid, targetPrice: 1.005 },
  { ...valid, targetPrice: 0 },
  { ...valid, targetPrice: -5 },
  { ...valid, targetPrice: 1_000_000.01 },
  { ...valid, targetPrice: '12' },
  { ...valid, targetPrice: Number.NaN },
  { ...valid, targetPrice: null },
  { ...valid, direction: 'up' },
  { ...valid, direction: 'ABOVE' },
  { ...valid, email: 'not-an-address' },
  { ...valid, email: 'a@b' },
  { ...valid, email: `${'a'.repeat(250)}@example.com` },
  { ...valid, email: 'ayşe@example.com' },
  { ...valid, email: 'first.last+tag@sub.example.co.uk' },
  { ...valid, productSlug: 'Domates' },
  { ...valid, productSlug: 'domates--salkim' },
  { ...valid, productSlug: '' },
  { ...valid, marketSlug: 'İzmir' },
  { ...valid, marketSlug: 3 },
  { ...valid, target_price: 3 },
  { email: valid.email, productSlug: valid.productSlug, direction: 'above' },
  [],
  null,
  'text',
  42,
];

describe('the edge check of a create body', () => {
  it('agrees with the AlertRequest schema on every body', () => {
    for (const body of BODIES)
      expect('body' in checkAlertBody(body), JSON.stringify(body)).toBe(AlertRequest.safeParse(body).success);
  });

  it('names every refused field', () => {
    expect(checkAlertBody({ ...valid, targetPrice: -1, direction: 'up', extra: 1 })).toEqual({
      refused: [
        { field: 'extra', reason: 'unknown key' },
        { field: 'targetPrice', reason: expect.stringContaining('above 0') },
        { field: 'direction', reason: 'expected above or below' },
      ],
    });
  });
});
