/**
 * The privacy section of /api-policy: on the page, linked from its first section, every heading
 * KVKK asks a notice to answer, and each figure the one core/alerts.ts holds.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import {
  ALERT_PAGES,
  ALERTS_PER_ADDRESS,
  CREATES_PER_IP_HOUR,
  MAILS_PER_ADDRESS_DAY,
  MANAGE_TOKEN_DAYS,
  PENDING_HOURS,
} from '../../core/alerts.ts';
import type { Model } from '../model.ts';
import { PRIVACY_ANCHOR } from './alert-privacy.ts';
import { apiPolicyPage } from './api-policy.ts';

const $ = cheerio.load(apiPolicyPage({ sources: new Map() } as unknown as Model));
const heading = $(`h2#${PRIVACY_ANCHOR}`);
/** The section: its heading up to the next h2. */
const section = heading.nextUntil('h2');
const text = section.text().replace(/\s+/g, ' ');
const part = (title: string) => {
  const h3 = section.filter('h3').filter((_, el) => $(el).text().startsWith(title));
  expect(h3.length, title).toBe(1);
  return h3.nextUntil('h3').text().replace(/\s+/g, ' ');
};

describe('the privacy section of /api-policy', () => {
  it('is on the page, in Turkish, and the first section links it', () => {
    expect(heading.text()).toBe('Kişisel veriler: fiyat alarmları');
    expect($('html').attr('lang')).toBe('tr');
    expect($(`a[href="#${PRIVACY_ANCHOR}"]`).length).toBeGreaterThan(0);
    expect(text).toContain('6698 sayılı Kişisel Verilerin Korunması Kanunu');
  });

  it('answers what, why, on which ground, how long, who, how to delete and which rights', () => {
    expect(
      section
        .filter('h3')
        .map((_, el) => $(el).text())
        .get(),
    ).toEqual([
      'Hangi veriler tutulur',
      'Neden işlenir',
      'Hukuki sebep',
      'Ne kadar süre tutulur',
      'Kim işler',
      'Nasıl silinir',
      'Haklarınız (KVKK m.11)',
    ]);
    expect(part('Hangi veriler')).toContain('SHA-256');
    expect(part('Hangi veriler')).toContain('HMAC');
    expect(part('Hangi veriler')).toContain('IP adresinin kendisi, ad, hesap, çerez ya da izleme yoktur');
    expect(part('Hangi veriler')).toContain('hiçbir günlük (log) satırına');
    expect(part('Hukuki sebep')).toContain('Açık rızanız');
    expect(part('Hukuki sebep')).toContain('double opt-in');
    expect(part('Kim işler')).toContain('veri işleyen');
    expect(part('Nasıl silinir')).toContain('DELETE /api/v1/alerts/{id}');
    expect(part('Nasıl silinir')).toContain('RFC 8058');
    expect(part('Nasıl silinir')).toContain(ALERT_PAGES.manage);
    expect(part('Nasıl silinir')).toContain(ALERT_PAGES.unsubscribe);
    expect(part('Haklarınız')).toContain('zararın giderilmesini');
  });

  it('states the figures of core/alerts.ts, and no other count of hours or days', () => {
    const howLong = part('Ne kadar süre');
    expect(howLong).toContain(`Onay bekleyen alarm ve onay anahtarı: ${PENDING_HOURS} saat`);
    expect(howLong).toContain(`Yönetim bağlantısı: ${MANAGE_TOKEN_DAYS} gün`);
    expect(howLong).toContain('Alarmı kalmayan adres, anahtarlarıyla birlikte silinir');
    expect(howLong).toContain('adres için bir gün, IP adresi için bir saat');
    expect(howLong).toContain(`günde en fazla ${MAILS_PER_ADDRESS_DAY} onay ya da yönetim e-postası`);
    expect(howLong).toContain(`saatte en fazla ${CREATES_PER_IP_HOUR} yeni alarm`);
    expect(howLong).toContain(`en fazla ${ALERTS_PER_ADDRESS} alarmı`);
    const durations = [...text.matchAll(/(\d+) (saat|gün)/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(durations.sort()).toEqual([`${MANAGE_TOKEN_DAYS} gün`, `${PENDING_HOURS} saat`].sort());
  });
});
