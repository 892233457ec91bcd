/**
 * The human pages the links in alert mails open: confirm, manage, unsubscribe. A GET only shows
 * the page and a button, because mail scanners and link previews fetch every link of a mail; only
 * a POST acts (RFC 8058's one-click POST included). The token rides in the query of these pages
 * alone, so the pages are never kept (`no-store`), never indexed, and send no Referer onwards.
 */
import { ALERT_ID_PATTERN, ALERT_PAGES, ALERTS_PER_ADDRESS, ONE_CLICK_BODY } from '../../core/alerts.ts';

/** The button posts what a mail client's one-click POST sends. */
const ONE_CLICK_FIELDS = Object.fromEntries(new URLSearchParams(ONE_CLICK_BODY));
import { escapeHtml, page } from '../../core/html.ts';
import { baseHeaders, setCountedHeaders } from '../answer/headers.ts';
import { alertItem } from './api.ts';
import type { AlertAsked } from './context.ts';
import type { AlertsDb } from './db.ts';
import { activeCount, alertsOf, confirmAlert, deleteAlerts, findAlert, type AlertRow } from './rows.ts';
import { holderOf } from './tokens.ts';

const FOOTER = 'Hal API fiyat alarmları · <a href="/api-policy#kisisel-veriler">Kişisel verilerin korunması</a>';

export function htmlResponse(asked: AlertAsked, status: number, title: string, body: string): Response {
  const headers = baseHeaders(asked.requestId);
  headers.set('content-type', 'text/html; charset=utf-8');
  headers.set('cache-control', 'no-store');
  headers.set('referrer-policy', 'no-referrer');
  headers.set('x-robots-tag', 'noindex');
  headers.set(
    'content-security-policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  setCountedHeaders(headers, asked.counted);
  return new Response(page(title, body, FOOTER), { status, headers });
}

const DIRECTION_TEXT = { above: 've üzerine çıktığında', below: 've altına indiğinde' } as const;

function describe(row: Pick<AlertRow, 'product_name' | 'market_slug' | 'target_price' | 'direction'>): string {
  const where = row.market_slug ? ` (${row.market_slug})` : ' (ulusal gösterge)';
  const price = row.target_price.replace('.', ',');
  return `${escapeHtml(row.product_name)}${escapeHtml(where)}: fiyat ${escapeHtml(price)} TL ${DIRECTION_TEXT[row.direction]}`;
}

const form = (action: string, fields: Record<string, string>, label: string): string =>
  `<form method="post" action="${escapeHtml(action)}">${Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')}<button type="submit">${escapeHtml(label)}</button></form>`;

const invalidLink = (asked: AlertAsked): Response =>
  htmlResponse(
    asked,
    404,
    'Bağlantı geçersiz',
    '<h1>Bağlantı geçersiz</h1><p>Bu bağlantı tanınmıyor, süresi dolmuş ya da daha önce kullanılmış. ' +
      'Alarmlarınızı yönetmek için yeni bir bağlantı isteyin: <code>GET /api/v1/alerts?email=…</code></p>',
  );

/** The fields of a POSTed form (or RFC 8058's body), with the query's as defaults. */
async function formOf(asked: AlertAsked): Promise<URLSearchParams> {
  const fields = new URLSearchParams(asked.url.searchParams);
  if (asked.request.method !== 'POST') return fields;
  const type = asked.request.headers.get('content-type') ?? '';
  if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
    const posted = await asked.request.formData().catch(() => null);
    for (const [name, value] of posted?.entries() ?? []) if (typeof value === 'string') fields.set(name, value);
  }
  return fields;
}

export async function confirmPage(asked: AlertAsked, db: AlertsDb): Promise<Response> {
  const token = (await formOf(asked)).get('token') ?? '';
  const holder = await holderOf(db, token, 'confirm', asked.now);
  if ('refused' in holder) return invalidLink(asked);
  const alert = await findAlert(db, holder.alertId!);
  if (!alert || alert.status !== 'pending') return invalidLink(asked);
  if (asked.request.method !== 'POST')
    return htmlResponse(
      asked,
      200,
      'Fiyat alarmını onaylayın',
      `<h1>Fiyat alarmını onaylayın</h1><p>${describe(alert)} e-posta gönderilecek.</p>` +
        form(ALERT_PAGES.confirm, { token }, 'Alarmı onayla'),
    );
  if ((await activeCount(db, holder.subscriberId)) >= ALERTS_PER_ADDRESS) {
    await deleteAlerts(db, holder.subscriberId, alert.id);
    return htmlResponse(
      asked,
      409,
      'Alarm sınırı',
      `<h1>Alarm onaylanmadı</h1><p>Bir adres en fazla ${ALERTS_PER_ADDRESS} etkin alarm tutabilir; ` +
        'yeni bir alarm için önce birini silin. Bu istek silindi.</p>',
    );
  }
  if (!(await confirmAlert(db, holder.hash, alert.id, asked.now))) return invalidLink(asked);
  return htmlResponse(
    asked,
    200,
    'Alarm onaylandı',
    `<h1>Alarm onaylandı</h1><p>${describe(alert)} e-posta gönderilecek. Her e-postada alarmı yönetme ` +
      've tek tıkla iptal bağlantısı bulunur.</p>',
  );
}

export async function managePage(asked: AlertAsked, db: AlertsDb): Promise<Response> {
  const fields = await formOf(asked);
  const token = fields.get('token') ?? '';
  const holder = await holderOf(db, token, 'manage', asked.now);
  if ('refused' in holder) return invalidLink(asked);
  const target = fields.get('alert');
  let note = '';
  if (asked.request.method === 'POST' && target && ALERT_ID_PATTERN.test(target))
    note = (await deleteAlerts(db, holder.subscriberId, target)) ? '<p><strong>Alarm silindi.</strong></p>' : '';
  const alerts = (await alertsOf(db, holder.subscriberId, asked.now)).map((row) => ({ row, item: alertItem(row) }));
  const list = alerts.length
    ? `<ul class="cards">${alerts
        .map(
          ({ row, item }) =>
            `<li class="card"><p>${describe(row)}</p><p class="muted">${item.isActive ? 'Etkin' : 'Onay bekliyor'}</p>` +
            `${form(ALERT_PAGES.manage, { token, alert: item.id }, 'Sil')}</li>`,
        )
        .join('')}</ul>`
    : '<p>Bu adrese kayıtlı alarm kalmadı; adres silindi.</p>';
  return htmlResponse(asked, 200, 'Fiyat alarmlarınız', `<h1>Fiyat alarmlarınız</h1>${note}${list}`);
}

/** RFC 8058: a POST to the List-Unsubscribe URI (`List-Unsubscribe=One-Click`) or the page's button unsubscribes. */
export async function unsubscribePage(asked: AlertAsked, db: AlertsDb): Promise<Response> {
  const fields = await formOf(asked);
  const token = fields.get('token') ?? '';
  const alertId = fields.get('alert');
  const holder = await holderOf(db, token, 'manage', asked.now);
  if ('refused' in holder || (alertId !== null && !ALERT_ID_PATTERN.test(alertId))) return invalidLink(asked);
  const what = alertId ? 'Bu alarm' : 'Bu adrese kayıtlı bütün alarmlar';
  if (asked.request.method !== 'POST')
    return htmlResponse(
      asked,
      200,
      'Aboneliği iptal et',
      `<h1>Aboneliği iptal et</h1><p>${what} silinecek.</p>` +
        form(`${ALERT_PAGES.unsubscribe}${asked.url.search}`, ONE_CLICK_FIELDS, 'İptal et'),
    );
  await deleteAlerts(db, holder.subscriberId, alertId);
  return htmlResponse(asked, 200, 'Abonelik iptal edildi', `<h1>Abonelik iptal edildi</h1><p>${what} silindi.</p>`);
}
