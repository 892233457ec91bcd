/**
 * The three alert mails, in Turkish: the confirmation (double opt-in), the manage link, and the
 * crossing. Each is plain text with an HTML twin built by the escaping template of the widgets
 * (edge/widgets/markup.ts), so no product, market or source name can become markup; and each
 * carries RFC 8058's one-click unsubscribe. Subjects name the product only: never an address or
 * a token, which a subject line shows in every list of mails.
 */
import { type AlertDirection, MANAGE_TOKEN_DAYS, ONE_CLICK_BODY, PENDING_HOURS } from '../../../core/alerts.ts';
import { FRESHNESS_WORDS, inWords } from '../../../core/turkish-words.ts';
import { decimal } from '../../widgets/format.ts';
import { type Html, html } from '../../widgets/markup.ts';
import type { OutgoingMail } from './transport.ts';

export type AlertFacts = {
  id: string;
  productName: string;
  productSlug: string;
  unit: string;
  marketName: string | null;
  targetPrice: string /* "42.50" */;
  direction: AlertDirection;
};

export type Reading = {
  price: number;
  day: string /* data day */;
  marketCount: number;
  freshness: string;
  observationUrls: string[] /* absolute; the rows the price came from */;
  sourceNames: string[];
};

const longDay = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const istanbulMoment = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/Istanbul',
});

/** A data day (YYYY-MM-DD) the Turkish way: `21 Kasım 2026`. */
export const turkishDay = (day: string): string => longDay.format(new Date(`${day}T00:00:00Z`));
/** A moment in Türkiye's time: `23 Kasım 2026 06:00 (TSİ)`. */
const turkishMoment = (iso: string): string => `${istanbulMoment.format(new Date(iso)).replace(',', '')} (TSİ)`;
/** `42,50 TL/kg`: money the Turkish way, per the product's unit. */
const perUnit = (price: number, unit: string): string => `${decimal(price)} TL/${unit}`;

const reached = (direction: AlertDirection, target: string): string =>
  direction === 'above' ? `${target} ve üzerine çıktığında` : `${target} ve altına indiğinde`;
const backAcross = (direction: AlertDirection, target: string): string =>
  direction === 'above' ? `yeniden ${target} altına inip` : `yeniden ${target} üzerine çıkıp`;

/** Every link a mail carries is absolute: a relative one opens nothing in a mail client. */
function absolute(link: string): string {
  const url = new URL(link);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('a mail link must be http(s)');
  return link;
}

/** What every mail's head carries: RFC 8058 one-click unsubscribe, and RFC 3834's mark against auto-replies. */
function mailHeaders(unsubscribe: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${absolute(unsubscribe)}>`,
    'List-Unsubscribe-Post': ONE_CLICK_BODY,
    'Auto-Submitted': 'auto-generated',
  };
}

/** Subjects are one header line: a name from the data never carries a line break into it. */
const oneLine = (text: string): string => text.replace(/[\r\n\t]+/g, ' ').trim();

const SIGNATURE = 'Hal API · Bu e-posta otomatik gönderildi; yanıtlamayın.';

function page(title: string, body: Html): string {
  return html`<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family:sans-serif;line-height:1.5;max-width:40em">
${body}
<p style="color:#666;font-size:smaller">${SIGNATURE}</p>
</body></html>
`.text;
}

const link = (href: string, label: string): Html => html`<a href="${absolute(href)}">${label}</a>`;

function whatWasAsked(alert: AlertFacts): { where: string; when: string } {
  const target = perUnit(Number(alert.targetPrice), alert.unit);
  return {
    where: alert.marketName ? `${alert.productName}, ${alert.marketName}` : `${alert.productName}, ülke geneli`,
    when: `fiyat ${reached(alert.direction, target)}`,
  };
}

export function confirmationMail(
  to: string,
  alert: AlertFacts,
  links: { confirm: string; manage: string; unsubscribe: string },
  expiresAt: string,
): OutgoingMail {
  const asked = whatWasAsked(alert);
  const until = turkishMoment(expiresAt);
  const ignore =
    `Onaylamazsanız hiçbir şey olmaz: alarm ${PENDING_HOURS} saat sonra silinir; ` +
    'bu adresin başka bir alarmı yoksa adres de silinir. ' +
    'Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.';
  const text = [
    'Merhaba,',
    '',
    'Bu adres için bir fiyat alarmı istendi:',
    `  ${asked.where}: ${asked.when} e-posta gönderilecek.`,
    '',
    `Alarm ancak ${PENDING_HOURS} saat içinde şu bağlantıyı açıp onaylarsanız çalışır:`,
    absolute(links.confirm),
    `(son geçerlilik: ${until})`,
    '',
    ignore,
    '',
    `Alarmlarınızı yönetin (bağlantı ${MANAGE_TOKEN_DAYS} gün geçerlidir): ${absolute(links.manage)}`,
    `Bu alarmı iptal edin: ${absolute(links.unsubscribe)}`,
    '',
    '-- ',
    SIGNATURE,
  ].join('\n');
  const body = html`<p>Merhaba,</p>
<p>Bu adres için bir fiyat alarmı istendi: <strong>${asked.where}</strong>: ${asked.when} e-posta gönderilecek.</p>
<p>Alarm ancak ${PENDING_HOURS} saat içinde onaylarsanız çalışır: ${link(links.confirm, 'Alarmı onaylayın')}
(son geçerlilik: ${until}).</p>
<p>${ignore}</p>
<p>${link(links.manage, 'Alarmlarınızı yönetin')} (bağlantı ${MANAGE_TOKEN_DAYS} gün geçerlidir) ·
${link(links.unsubscribe, 'Bu alarmı iptal edin')}</p>`;
  const subject = oneLine(`Fiyat alarmınızı onaylayın: ${alert.productName}`);
  return { to, subject, text, html: page(subject, body), headers: mailHeaders(links.unsubscribe) };
}

export function manageLinkMail(to: string, links: { manage: string; unsubscribe: string }): OutgoingMail {
  const text = [
    'Merhaba,',
    '',
    'Bu adresin fiyat alarmlarını görmek ve silmek için bir bağlantı istendi:',
    absolute(links.manage),
    `(bağlantı ${MANAGE_TOKEN_DAYS} gün geçerlidir)`,
    '',
    `Bu adresin bütün alarmlarını silin: ${absolute(links.unsubscribe)}`,
    '',
    'Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz: alarmlarınız değişmez.',
    '',
    '-- ',
    SIGNATURE,
  ].join('\n');
  const body = html`<p>Merhaba,</p>
<p>Bu adresin fiyat alarmlarını görmek ve silmek için bir bağlantı istendi:
${link(links.manage, 'Alarmlarınızı yönetin')} (bağlantı ${MANAGE_TOKEN_DAYS} gün geçerlidir).</p>
<p>${link(links.unsubscribe, 'Bu adresin bütün alarmlarını silin')}</p>
<p>Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz: alarmlarınız değişmez.</p>`;
  const subject = 'Fiyat alarmlarınızı yönetme bağlantısı';
  return { to, subject, text, html: page(subject, body), headers: mailHeaders(links.unsubscribe) };
}

/** How many markets the price stands for: one market's price is never passed off as a national median. */
function coverage(reading: Reading, alert: AlertFacts): string {
  if (alert.marketName) return `tek bir halin fiyatı: ${alert.marketName} (ülke geneli ortanca değil)`;
  if (reading.marketCount === 1) return 'tek bir halin fiyatı (ülke geneli ortanca değil)';
  return `${reading.marketCount} halin fiyatlarının ortancası (ülke geneli)`;
}

export function crossingMail(
  to: string,
  alert: AlertFacts,
  reading: Reading,
  links: { manage: string; unsubscribe: string },
): OutgoingMail {
  const price = perUnit(reading.price, alert.unit);
  const target = perUnit(Number(alert.targetPrice), alert.unit);
  const place = alert.marketName ? `${alert.productName} (${alert.marketName})` : alert.productName;
  const day = turkishDay(reading.day);
  const freshness = inWords(FRESHNESS_WORDS, reading.freshness);
  const quiet =
    `Fiyat ${backAcross(alert.direction, target)} sonra hedefe yeniden ulaşmadıkça ` +
    'bu alarm için yeni e-posta gönderilmeyecek.';
  const sources = reading.sourceNames.join(', ');
  const urls = reading.observationUrls.map(absolute);
  const text = [
    'Merhaba,',
    '',
    `Fiyat alarmınızın hedefine ulaşıldı: ${place}.`,
    '',
    `Fiyat: ${price} (Türk lirası)`,
    `Veri günü: ${day}`,
    `Kapsam: ${coverage(reading, alert)}`,
    `Güncellik: ${freshness}`,
    `Hedefiniz: fiyat ${reached(alert.direction, target)}`,
    ...(sources ? [`Kaynak: ${sources}`] : []),
    'Fiyatın dayandığı kayıtlar:',
    ...urls.map((url) => `  ${url}`),
    '',
    quiet,
    '',
    `Alarmlarınızı yönetin (bağlantı ${MANAGE_TOKEN_DAYS} gün geçerlidir): ${absolute(links.manage)}`,
    `Bu alarmı silin: ${absolute(links.unsubscribe)}`,
    '',
    '-- ',
    SIGNATURE,
  ].join('\n');
  const body = html`<p>Merhaba,</p>
<p>Fiyat alarmınızın hedefine ulaşıldı: <strong>${place}</strong>.</p>
<table>
<tr><th align="left">Fiyat</th><td>${price} (Türk lirası)</td></tr>
<tr><th align="left">Veri günü</th><td>${day}</td></tr>
<tr><th align="left">Kapsam</th><td>${coverage(reading, alert)}</td></tr>
<tr><th align="left">Güncellik</th><td>${freshness}</td></tr>
<tr><th align="left">Hedefiniz</th><td>fiyat ${reached(alert.direction, target)}</td></tr>
${sources ? html`<tr><th align="left">Kaynak</th><td>${sources}</td></tr>` : null}
</table>
<p>Fiyatın dayandığı kayıtlar:</p>
<ul>${urls.map((url) => html`<li>${link(url, url)}</li>`)}</ul>
<p>${quiet}</p>
<p>${link(links.manage, 'Alarmlarınızı yönetin')} (bağlantı ${MANAGE_TOKEN_DAYS} gün geçerlidir) ·
${link(links.unsubscribe, 'Bu alarmı silin')}</p>`;
  const subject = oneLine(`Fiyat alarmı: ${place} ${price}`);
  return { to, subject, text, html: page(subject, body), headers: mailHeaders(links.unsubscribe) };
}
