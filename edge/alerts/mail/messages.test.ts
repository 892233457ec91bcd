import { describe, expect, it } from 'vitest';
import { MANAGE_TOKEN_DAYS, PENDING_HOURS } from '../../../core/alerts.ts';
import {
  AT_MARKET,
  CONFIRM_TOKEN,
  EXPIRES_AT,
  links,
  MANAGE_TOKEN,
  MARKUP_NAME,
  NATIONAL,
  READING,
  RECIPIENT,
} from './fixtures.ts';
import { confirmationMail, crossingMail, manageLinkMail, turkishDay } from './messages.ts';
import type { OutgoingMail } from './transport.ts';

const confirmation = confirmationMail(RECIPIENT, NATIONAL, links(NATIONAL.id), EXPIRES_AT);
const manage = manageLinkMail(RECIPIENT, links(null));
const crossing = crossingMail(RECIPIENT, NATIONAL, READING, links(NATIONAL.id));
const atMarket = crossingMail(RECIPIENT, AT_MARKET, { ...READING, price: 1312.5, marketCount: 1 }, links(AT_MARKET.id));
const ALL: [string, OutgoingMail][] = [
  ['confirmation', confirmation],
  ['manage', manage],
  ['crossing', crossing],
  ['crossing at a market', atMarket],
];

const hrefs = (markup: string) => [...markup.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const textLinks = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);

describe('alert mails', () => {
  it.each(ALL)('%s: one-click unsubscribe and auto-submitted headers, exactly', (_, mail) => {
    expect(Object.keys(mail.headers).sort()).toEqual(['Auto-Submitted', 'List-Unsubscribe', 'List-Unsubscribe-Post']);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['Auto-Submitted']).toBe('auto-generated');
    expect(mail.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/hal\.example\/alerts\/unsubscribe\?token=ham_M{43}(&alert=alr_[a-z]{22})?>$/,
    );
  });

  it.each(ALL)('%s: goes to the address, which no subject shows, nor any token', (_, mail) => {
    expect(mail.to).toBe(RECIPIENT);
    for (const secret of [RECIPIENT, 'ayse', MANAGE_TOKEN, CONFIRM_TOKEN, 'ham_', 'hac_'])
      expect(mail.subject).not.toContain(secret);
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it.each(ALL)('%s: every link is absolute, in the text and in the HTML alike', (_, mail) => {
    const inText = textLinks(mail.text);
    const inHtml = hrefs(mail.html);
    expect(inText.length).toBeGreaterThanOrEqual(2);
    for (const link of [...inText, ...inHtml]) expect(new URL(link).origin).toBe('https://hal.example');
    expect(new Set(inHtml)).toEqual(new Set(inText));
    expect(inText).toContain(mail.headers['List-Unsubscribe']!.slice(1, -1));
  });

  it('refuses a relative link rather than mailing one that opens nothing', () => {
    expect(() =>
      manageLinkMail(RECIPIENT, { manage: '/alerts/manage?token=x', unsubscribe: links(null).unsubscribe }),
    ).toThrow();
    expect(() =>
      crossingMail(
        RECIPIENT,
        NATIONAL,
        { ...READING, observationUrls: ['/api/v1/observations/x'] },
        links(NATIONAL.id),
      ),
    ).toThrow();
  });

  it.each(ALL)('%s: values from the data are text in the HTML, never markup', (_, mail) => {
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
  });

  it('escapes a product name that is markup, and keeps it readable in the text', () => {
    expect(atMarket.html).toContain('Biber &lt;b&gt;&quot;Çarliston&quot;&lt;/b&gt; &amp; Sivri');
    expect(atMarket.text).toContain(MARKUP_NAME);
    expect(atMarket.subject).toContain(MARKUP_NAME);
  });

  it('writes figures and days the Turkish way', () => {
    expect(crossing.text).toContain('Fiyat: 41,30 TL/kg (Türk lirası)');
    expect(crossing.text).toContain('Hedefiniz: fiyat 42,50 TL/kg ve altına indiğinde');
    expect(crossing.text).toContain('Veri günü: 20 Kasım 2026');
    expect(atMarket.text).toContain('Fiyat: 1.312,50 TL/kg');
    expect(atMarket.text).toContain('1.250,00 TL/kg ve üzerine çıktığında');
    expect(turkishDay('2026-02-01')).toBe('1 Şubat 2026');
    expect(confirmation.text).toContain('(son geçerlilik: 23 Kasım 2026 06:00 (TSİ))');
  });

  it('crossing: product, market, price, day, market count, freshness, observations, target, quiet, links', () => {
    expect(crossing.subject).toBe('Fiyat alarmı: Domates (Salkım) 41,30 TL/kg');
    expect(crossing.text).toContain('Kapsam: 12 halin fiyatlarının ortancası (ülke geneli)');
    expect(crossing.text).toContain('Güncellik: güncel');
    expect(crossing.text).toContain(`  ${READING.observationUrls[0]}`);
    expect(crossing.text).toContain('Kaynak: Hal Kayıt Sistemi (HKS), İBB Hal Müdürlüğü');
    expect(crossing.text).toContain(
      'Fiyat yeniden 42,50 TL/kg üzerine çıkıp sonra hedefe yeniden ulaşmadıkça bu alarm için yeni e-posta gönderilmeyecek.',
    );
    expect(crossing.text).toContain(`Bu alarmı silin: ${links(NATIONAL.id).unsubscribe}`);
    expect(crossing.text).toContain(`(bağlantı ${MANAGE_TOKEN_DAYS} gün geçerlidir): ${links(NATIONAL.id).manage}`);
    expect(atMarket.subject).toContain('(Antalya Sebze ve Meyve Toptancı Hali)');
    expect(atMarket.text).toContain(
      'Kapsam: tek bir halin fiyatı: Antalya Sebze ve Meyve Toptancı Hali (ülke geneli ortanca değil)',
    );
    const oneMarket = crossingMail(
      RECIPIENT,
      NATIONAL,
      { ...READING, marketCount: 1, freshness: 'delayed' },
      links(null),
    );
    expect(oneMarket.text).toContain('Kapsam: tek bir halin fiyatı (ülke geneli ortanca değil)');
    expect(oneMarket.text).toContain('Güncellik: gecikmeli');
  });

  it('confirmation: what was asked, the 48 hours, ignoring it deletes the address, the manage link', () => {
    expect(confirmation.subject).toBe('Fiyat alarmınızı onaylayın: Domates (Salkım)');
    expect(confirmation.text).toContain('Domates (Salkım), ülke geneli: fiyat 42,50 TL/kg ve altına indiğinde');
    expect(confirmation.text).toContain(
      `Alarm ancak ${PENDING_HOURS} saat içinde şu bağlantıyı açıp onaylarsanız çalışır:`,
    );
    expect(confirmation.text).toContain(`\n${links(NATIONAL.id).confirm}\n`);
    expect(confirmation.text).toContain('bu adresin başka bir alarmı yoksa adres de silinir');
    expect(confirmation.text).toContain('Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.');
    expect(confirmation.text).toContain(links(NATIONAL.id).manage);
  });
});
