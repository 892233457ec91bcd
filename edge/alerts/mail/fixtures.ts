/** Alerts, readings and links the mail tests build their mails from: names that test escaping, tokens of the real shape. */
import type { AlertFacts, Reading } from './messages.ts';

const ORIGIN = 'https://hal.example';
export const RECIPIENT = 'ayse.yilmaz@example.com';
export const MANAGE_TOKEN = `ham_${'M'.repeat(43)}`;
export const CONFIRM_TOKEN = `hac_${'C'.repeat(43)}`;

export const NATIONAL: AlertFacts = {
  id: `alr_${'a'.repeat(22)}`,
  productName: 'Domates (Salkım)',
  productSlug: 'domates-salkim',
  unit: 'kg',
  marketName: null,
  targetPrice: '42.50',
  direction: 'below',
};

/** A name from the data that is also markup: it must arrive as text. */
export const MARKUP_NAME = 'Biber <b>"Çarliston"</b> & Sivri';

export const AT_MARKET: AlertFacts = {
  ...NATIONAL,
  id: `alr_${'b'.repeat(22)}`,
  productName: MARKUP_NAME,
  productSlug: 'biber-carliston',
  marketName: 'Antalya Sebze ve Meyve Toptancı Hali',
  targetPrice: '1250.00',
  direction: 'above',
};

export const READING: Reading = {
  price: 41.3,
  day: '2026-11-20',
  marketCount: 12,
  freshness: 'fresh',
  observationUrls: [`${ORIGIN}/api/v1/observations/019dad56-3000-8005-92d3-23f73365d5d6`],
  sourceNames: ['Hal Kayıt Sistemi (HKS)', 'İBB Hal Müdürlüğü'],
};

export const links = (alertId: string | null) => ({
  confirm: `${ORIGIN}/alerts/confirm?token=${CONFIRM_TOKEN}`,
  manage: `${ORIGIN}/alerts/manage?token=${MANAGE_TOKEN}`,
  unsubscribe: `${ORIGIN}/alerts/unsubscribe?token=${MANAGE_TOKEN}${alertId ? `&alert=${alertId}` : ''}`,
});

export const EXPIRES_AT = '2026-11-23T03:00:00.000Z';
