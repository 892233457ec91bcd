/**
 * The scheduled notifier under workerd: the worker's own `scheduled` handler, fired through
 * miniflare with the run's time, reads real small builds published into the local bucket
 * (tests/support/alert-nights.ts: live scrape nights, so the data can be fresh) and the ALERTS D1.
 * Alerts are written straight into D1; each crossing mail is received by a real SMTP server on
 * 127.0.0.1, and read back as the notice it carries. One crossing mails once; the alert sleeps until the price is back across;
 * stale data, read as built or aged to the run's day, neither mails nor re-arms; a build is compared
 * once; the sweep deletes what has expired and nothing else.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../core/dates.ts';
import type { LocalWorker } from '../../scripts/lib/local-worker.ts';
import { FRESHNESS_WORDS } from '../../core/turkish-words.ts';
import { smtpBindings, startSmtpServer, type ReceivedMail, type SmtpServer } from '../../scripts/lib/local-smtp.ts';
import { counterDay, counterHour } from '../../edge/alerts/counters.ts';
import { sha256Hex } from '../../core/digest.ts';
import { alertNights, publishInto, type AlertBuild, type AlertNights } from '../support/alert-nights.ts';
import { startOwnWorker } from '../support/worker.ts';

const ORIGIN = 'https://hal-api.example.org';
const CRON = '15 * * * *';

let nights: AlertNights;
let worker: LocalWorker;
let smtp: SmtpServer;
let dir: string;

/** A crossing mail as the notice it carries: its recipient, alert, links, and the text that says the reading. */
type Received = {
  to: string;
  alertId: string;
  links: { manage: string; unsubscribe: string };
  observationUrls: string[];
  text: string;
};
function receivedOf(mail: ReceivedMail): Received {
  const unsubscribe = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(mail.raw)![1]!;
  const text = mail.parsed.text ?? '';
  return {
    to: mail.envelope.to.join(','),
    alertId: new URL(unsubscribe).searchParams.get('alert')!,
    links: { manage: /https:\/\/\S+\/alerts\/manage\?token=\S+/.exec(text)![0], unsubscribe },
    observationUrls: [...text.matchAll(/https:\/\/\S+\/api\/v1\/observations\/\S+/g)].map((m) => m[0]),
    text,
  };
}
/** `40` → `40,00 TL/kg`, as the mail writes a price. */
const turkishPrice = (price: number) => `${price.toFixed(2).replace('.', ',')} TL/kg`;
const timings: Record<string, number> = {};

type D1 = Awaited<ReturnType<LocalWorker['mf']['getD1Database']>>;
let d1: D1;

beforeAll(async () => {
  let t = performance.now();
  nights = await alertNights();
  timings.nightsAndBuilds = Math.round(performance.now() - t);
  smtp = await startSmtpServer();
  dir = mkdtempSync(join(tmpdir(), 'hal-alert-notifier-'));
  t = performance.now();
  worker = await startOwnWorker({
    distDir: nights.builds.first.dir,
    bucketDir: join(dir, 'bucket'),
    keysDir: join(dir, 'd1'),
    bindings: {
      PUBLIC_ORIGIN: ORIGIN,
      ...smtpBindings(smtp, 'alarm@hal-api.example.org'),
    },
  });
  timings.workerStart = Math.round(performance.now() - t);
  d1 = await worker.mf.getD1Database('ALERTS', 'api');
  console.log(
    `alert nights: ${nights.variant} national ${nights.prices.first.national} -> ${nights.prices.crossed.national} ` +
      `(${JSON.stringify(nights.prices.crossed.markets)}); nights ${JSON.stringify(nights.nights)} ms; builds ` +
      `${Object.values(nights.builds)
        .map((b) => `${b.buildId} ${b.ms} ms`)
        .join(', ')}; ${JSON.stringify(timings)}`,
  );
}, 300_000);

afterAll(async () => {
  console.log(`notifier timings: ${JSON.stringify(timings)}`);
  await worker?.dispose();
  await smtp?.close();
  nights?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const kurus = (price: number) => price.toFixed(2);
const SUBSCRIBER = 'sub_notifier_test_000001';
const EMAIL = 'alici@example.com';

async function insertSubscriber(id: string, email: string): Promise<void> {
  await d1
    .prepare('INSERT INTO subscribers (id, email, created_at) VALUES (?, ?, ?)')
    .bind(id, email, '2026-09-01T00:00:00.000Z')
    .run();
}

type AlertSeed = {
  id: string;
  market?: string | null;
  target: string;
  direction: 'above' | 'below';
  status?: 'pending' | 'active';
  armed?: 0 | 1;
  expiresAt?: string | null;
  subscriber?: string;
};

async function insertAlert(a: AlertSeed): Promise<void> {
  const status = a.status ?? 'active';
  await d1
    .prepare(
      'INSERT INTO alerts (id, subscriber_id, product_slug, product_name, market_slug, target_price, direction, status, ' +
        'created_at, expires_at, confirmed_at, armed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(
      a.id,
      a.subscriber ?? SUBSCRIBER,
      nights.variant,
      'Biber (Sivri)',
      a.market ?? null,
      a.target,
      a.direction,
      status,
      '2026-09-01T00:00:00.000Z',
      a.expiresAt ?? null,
      status === 'active' ? '2026-09-01T00:05:00.000Z' : null,
      a.armed ?? 1,
    )
    .run();
}

type AlertState = { id: string; armed: number; last_price: number | null; last_build_id: string | null };
async function alertState(id: string): Promise<AlertState> {
  return (await d1
    .prepare('SELECT id, armed, last_price, last_build_id FROM alerts WHERE id = ?')
    .bind(id)
    .first<AlertState>())!;
}

const published = new Set<string>();
/** Publishes the build (once) and fires the worker's scheduled event at `at`; answers the mails of that run. */
async function runAt(build: AlertBuild, at: string): Promise<Received[]> {
  const t = performance.now();
  if (!published.has(build.buildId) && build !== nights.builds.first) await publishInto(worker, build);
  published.add(build.buildId);
  timings[`publish ${build.buildId}`] ??= Math.round(performance.now() - t);
  const before = smtp.messages.length;
  const t2 = performance.now();
  const api = (await worker.mf.getWorker('api')) as unknown as {
    scheduled(options: { scheduledTime?: Date; cron?: string }): Promise<{ outcome: string }>;
  };
  const result = await api.scheduled({ scheduledTime: new Date(at), cron: CRON });
  timings[`run ${build.buildId} at ${at}`] = Math.round(performance.now() - t2);
  expect(result.outcome).toBe('ok');
  // The run's sends finished before the event resolved (it waits for waitUntil).
  return smtp.messages.slice(before).map(receivedOf);
}

const morningOf = (day: string) => `${day}T03:30:00.000Z`;

// The alerts, by what they watch (the variant is read from the data; targets from its printed prices).
const NATIONAL = 'alr_national_above_crossed';
const KONYA = 'alr_second_market_reached';
const KAYSERI = 'alr_first_market_untouched';
const PENDING = 'alr_pending_never_mailed';
const LATE = 'alr_confirmed_after_crossing';
const SLEEPER = 'alr_asleep_below_target';

describe('the scheduled notifier on real builds', () => {
  it('the nights give a variant whose national price rises across a target, fresh', () => {
    const { first, crossed, stale } = nights.prices;
    expect(first.freshness).toBe('fresh');
    expect(crossed.freshness).toBe('fresh');
    expect(stale.freshness).toBe('stale');
    expect(first.marketCount).toBe(1);
    expect(crossed.marketCount).toBe(2);
    expect(crossed.national).toBeGreaterThan(first.national);
    expect(stale.national).toBe(crossed.national);
    expect(crossed.markets[nights.markets.first]).toBe(first.national);
    expect(crossed.markets[nights.markets.second]).toBeGreaterThan(crossed.national);
  });

  it('build 1, the price on the far side: no notice; the alerts record what they compared', async () => {
    const { first, crossed } = nights.prices;
    await insertSubscriber(SUBSCRIBER, EMAIL);
    await insertAlert({ id: NATIONAL, target: kurus(crossed.national), direction: 'above' });
    await insertAlert({
      id: KONYA,
      market: nights.markets.second,
      target: kurus(crossed.markets[nights.markets.second]!),
      direction: 'above',
    });
    await insertAlert({
      id: KAYSERI,
      market: nights.markets.first,
      target: kurus(crossed.national),
      direction: 'above',
    });
    await insertAlert({
      id: PENDING,
      target: kurus(first.national),
      direction: 'above',
      status: 'pending',
      expiresAt: '2027-01-01T00:00:00.000Z',
    });
    expect(await runAt(nights.builds.first, morningOf(nights.builds.first.today))).toEqual([]);
    expect(await alertState(NATIONAL)).toMatchObject({ armed: 1, last_price: first.national });
    expect(await alertState(NATIONAL)).toMatchObject({ last_build_id: nights.builds.first.buildId });
    // The second market is not in build 1: no reading, nothing recorded.
    expect(await alertState(KONYA)).toMatchObject({ armed: 1, last_price: null });
    expect(await alertState(PENDING)).toMatchObject({ armed: 1, last_build_id: null });
  });

  it('build 2, crossed: exactly one notice per crossed alert, then asleep; the market alerts read their rows', async () => {
    const { crossed } = nights.prices;
    const got = await runAt(nights.builds.crossed, morningOf(nights.builds.crossed.today));
    expect(got.map((n) => n.alertId).sort()).toEqual([KONYA, NATIONAL].sort());
    const national = got.find((n) => n.alertId === NATIONAL)!;
    expect(national.to).toBe(EMAIL);
    expect(national.text).toContain('Biber (Sivri)');
    expect(national.text).toContain(`Fiyat: ${turkishPrice(crossed.national)}`);
    expect(national.text).toContain('Veri günü: 14 Eylül 2026');
    expect(national.text).toContain('Kapsam: 2 halin fiyatlarının ortancası');
    expect(national.text).toContain(`Güncellik: ${FRESHNESS_WORDS.fresh}\n`);
    expect(national.text).toContain(`Hedefiniz: fiyat ${turkishPrice(crossed.national)} ve üzerine`);
    expect(national.observationUrls).toHaveLength(2);
    for (const url of national.observationUrls)
      expect(url).toMatch(/^https:\/\/hal-api\.example\.org\/api\/v1\/observations\//);
    const market = got.find((n) => n.alertId === KONYA)!;
    expect(market.text).toContain(`Fiyat: ${turkishPrice(crossed.markets[nights.markets.second]!)}`);
    expect(market.text).toMatch(/Kapsam: tek bir halin fiyatı: [^\n]*Konya/);
    expect(market.observationUrls).toHaveLength(1);
    // Each mail carries a fresh manage token, stored only as its hash.
    const tokens = got.map((n) => new URL(n.links.manage).searchParams.get('token')!);
    expect(new Set(tokens).size).toBe(2);
    for (const [i, n] of got.entries()) {
      expect(n.links.manage).toBe(`${ORIGIN}/alerts/manage?token=${tokens[i]}`);
      expect(n.links.unsubscribe).toBe(`${ORIGIN}/alerts/unsubscribe?token=${tokens[i]}&alert=${n.alertId}`);
      const row = await d1
        .prepare('SELECT purpose, subscriber_id FROM tokens WHERE token_hash = ?')
        .bind(await sha256Hex(tokens[i]!))
        .first();
      expect(row).toEqual({ purpose: 'manage', subscriber_id: SUBSCRIBER });
    }
    expect(await alertState(NATIONAL)).toMatchObject({ armed: 0, last_price: crossed.national });
    expect(await alertState(KONYA)).toMatchObject({ armed: 0 });
    // Its market stayed below the target the national median reached.
    expect(await alertState(KAYSERI)).toMatchObject({ armed: 1, last_price: crossed.markets[nights.markets.first] });
    expect(await alertState(PENDING)).toMatchObject({ last_build_id: null });
    const run = await d1
      .prepare('SELECT alerts_checked, mails_sent, finished_at FROM notifier_runs WHERE build_id = ?')
      .bind(nights.builds.crossed.buildId)
      .first<{ alerts_checked: number; mails_sent: number; finished_at: string | null }>();
    expect(run).toMatchObject({ alerts_checked: 3, mails_sent: 2 });
    expect(run!.finished_at).not.toBeNull();
  });

  it('the same build again: compared once, even for an alert confirmed since whose price is across', async () => {
    await insertAlert({ id: LATE, target: kurus(nights.prices.crossed.national), direction: 'above' });
    expect(await runAt(nights.builds.crossed, `${nights.builds.crossed.today}T04:30:00.000Z`)).toEqual([]);
    expect(await alertState(LATE)).toMatchObject({ armed: 1, last_build_id: null });
  });

  it('a fresh build read a month later is aged to stale: no notice', async () => {
    const at = morningOf(addDays(nights.builds.aged.today, 35));
    expect(await runAt(nights.builds.aged, at)).toEqual([]);
    expect(await alertState(LATE)).toMatchObject({ armed: 1, last_build_id: nights.builds.aged.buildId });
  });

  it('a stale build with the price still across: no notice, and no re-arm from a stale price', async () => {
    // Asleep below a target the stale price (40) is back above: only a fresh price may re-arm it.
    await insertAlert({ id: SLEEPER, target: '38.00', direction: 'below', armed: 0 });
    expect(await runAt(nights.builds.stale, morningOf(nights.builds.stale.today))).toEqual([]);
    expect(await alertState(LATE)).toMatchObject({ armed: 1 });
    expect(await alertState(SLEEPER)).toMatchObject({ armed: 0, last_price: nights.prices.stale.national });
    expect(await alertState(NATIONAL)).toMatchObject({ armed: 0 });
  });

  it('a build back on the other side re-arms without a notice; the next crossing mails again', async () => {
    const { rearmed, crossedAgain } = nights.builds;
    expect(nights.prices.rearmed.freshness).toBe('delayed');
    expect(await runAt(rearmed, morningOf(rearmed.today))).toEqual([]);
    expect(await alertState(NATIONAL)).toMatchObject({ armed: 1, last_price: nights.prices.rearmed.national });
    // The second market has no row in that build: its alert neither re-arms nor mails.
    expect(await alertState(KONYA)).toMatchObject({ armed: 0 });
    const again = await runAt(crossedAgain, morningOf(crossedAgain.today));
    expect(again.map((n) => n.alertId).sort()).toEqual([LATE, NATIONAL].sort());
    expect(again.every((n) => n.text.includes(`Güncellik: ${FRESHNESS_WORDS.delayed}\n`))).toBe(true);
    expect(await alertState(NATIONAL)).toMatchObject({ armed: 0 });
  });
});

describe('the sweep', () => {
  it('deletes expired pending alerts, expired and used tokens, addresses without alerts, past counters; nothing else', async () => {
    const at = new Date(morningOf(nights.builds.crossedAgain.today));
    const iso = (ms: number) => new Date(at.getTime() + ms).toISOString();
    const HOUR = 3_600_000;
    await insertSubscriber('sub_expired_pending', 'gecmis@example.com');
    await insertAlert({
      id: 'alr_expired_pending',
      subscriber: 'sub_expired_pending',
      target: '1.00',
      direction: 'below',
      status: 'pending',
      expiresAt: iso(-1),
    });
    await insertSubscriber('sub_valid_pending', 'bekleyen@example.com');
    await insertAlert({
      id: 'alr_valid_pending',
      subscriber: 'sub_valid_pending',
      target: '1.00',
      direction: 'below',
      status: 'pending',
      expiresAt: iso(HOUR),
    });
    await insertSubscriber('sub_no_alert', 'yalniz@example.com');
    const token = (
      hash: string,
      sub: string,
      purpose: string,
      alert: string | null,
      expires: string,
      used: string | null,
    ) =>
      d1
        .prepare(
          'INSERT INTO tokens (token_hash, subscriber_id, purpose, alert_id, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .bind(hash.repeat(64), sub, purpose, alert, iso(-10 * HOUR), expires, used)
        .run();
    await token('a', 'sub_expired_pending', 'confirm', 'alr_expired_pending', iso(HOUR), null);
    await token('b', 'sub_valid_pending', 'confirm', 'alr_valid_pending', iso(HOUR), null);
    await token('c', 'sub_valid_pending', 'confirm', 'alr_valid_pending', iso(HOUR), iso(-HOUR));
    await token('d', SUBSCRIBER, 'manage', null, iso(-1), null);
    await token('e', SUBSCRIBER, 'manage', null, iso(HOUR), null);
    const day = counterDay(at);
    const hour = counterHour(at);
    const previousHour = counterHour(new Date(at.getTime() - HOUR));
    for (const [hash, d] of [
      ['x', addDays(day, -1)],
      ['y', day],
    ])
      await d1.prepare('INSERT INTO mail_counts (address_hash, day, count) VALUES (?, ?, 1)').bind(hash, d).run();
    for (const [hash, h] of [
      ['x', previousHour],
      ['y', hour],
    ])
      await d1.prepare('INSERT INTO create_counts (ip_hash, hour, count) VALUES (?, ?, 1)').bind(hash, h).run();
    const tokensBefore = (await d1.prepare('SELECT token_hash FROM tokens').all<{ token_hash: string }>()).results;

    // The build is compared already: the run only sweeps.
    expect(await runAt(nights.builds.crossedAgain, at.toISOString())).toEqual([]);

    const column = async (sql: string) =>
      (await d1.prepare(sql).all<Record<string, string>>()).results.map((r) => Object.values(r)[0]).sort();
    expect(await column('SELECT id FROM subscribers')).toEqual([SUBSCRIBER, 'sub_valid_pending'].sort());
    expect(await column('SELECT id FROM alerts')).toEqual(
      [NATIONAL, KONYA, KAYSERI, PENDING, LATE, SLEEPER, 'alr_valid_pending'].sort(),
    );
    const kept = tokensBefore
      .map((t) => t.token_hash)
      .filter((h) => !['a', 'c', 'd'].includes(h[0]!) || h.length !== 64 || !/^(.)\1*$/.test(h));
    expect(await column('SELECT token_hash FROM tokens')).toEqual(kept.sort());
    expect(await column('SELECT day FROM mail_counts')).toEqual([day]);
    expect(await column('SELECT hour FROM create_counts')).toEqual([hour]);
  });
});
