import { describe, expect, it } from 'vitest';
import { decide, reached } from './crossing.ts';

const above = { direction: 'above', targetPrice: '40.00', armed: true } as const;
const below = { direction: 'below', targetPrice: '40.00', armed: true } as const;
const fresh = (price: number) => ({ price, freshness: 'fresh' });

describe('the crossing rule', () => {
  it('mails an armed alert once the price reaches the target, the target itself included', () => {
    expect(decide(above, fresh(40))).toBe('mail');
    expect(decide(above, fresh(40.01))).toBe('mail');
    expect(decide(above, fresh(39.99))).toBe('nothing');
    expect(decide(below, fresh(40))).toBe('mail');
    expect(decide(below, fresh(39.99))).toBe('mail');
    expect(decide(below, fresh(40.01))).toBe('nothing');
  });

  it('compares in kuruş: a float sum on the target reaches it', () => {
    expect(reached('above', 0.1 + 0.2, '0.30')).toBe(true);
    expect(reached('below', 0.1 + 0.2, '0.30')).toBe(true);
  });

  it('a delayed price decides as a fresh one does', () => {
    expect(decide(above, { price: 41, freshness: 'delayed' })).toBe('mail');
    expect(decide({ ...above, armed: false }, { price: 39, freshness: 'delayed' })).toBe('rearm');
  });

  it('sleeps while the price stays across, re-arms once it is back on the other side', () => {
    const asleep = { ...above, armed: false };
    expect(decide(asleep, fresh(45))).toBe('nothing');
    expect(decide(asleep, fresh(40))).toBe('nothing');
    expect(decide(asleep, fresh(39.99))).toBe('rearm');
    expect(decide({ ...below, armed: false }, fresh(40.01))).toBe('rearm');
    expect(decide(above, fresh(30))).toBe('nothing');
  });

  it.each(['stale', 'failed', 'unavailable', ''])('a %j price neither mails nor re-arms', (freshness) => {
    expect(decide(above, { price: 50, freshness })).toBe('nothing');
    expect(decide({ ...above, armed: false }, { price: 30, freshness })).toBe('nothing');
  });

  it('no reading, or no figure, decides nothing', () => {
    expect(decide(above, null)).toBe('nothing');
    expect(decide({ ...above, armed: false }, null)).toBe('nothing');
    expect(decide(above, { price: Number.NaN, freshness: 'fresh' })).toBe('nothing');
  });
});
