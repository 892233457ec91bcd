/**
 * One price alert from its creation to its deletion, as a user lives it, under workerd with the
 * ALERTS D1 and a real SMTP server: create → confirmation mail → confirm by its link → list by the
 * mailed token → a real build whose national price crosses the target → exactly one alert mail →
 * its one-click unsubscribe → delete the other alert → the address is gone. The builds are live
 * scrape nights of real documents (tests/support/alert-nights.ts), so their prices are fresh.
 * The two mails are written to test-artifacts/alert-mails/ as the SMTP server received them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ONE_CLICK_BODY } from '../../core/alerts.ts';
import { FRESHNESS_WORDS } from '../../core/turkish-words.ts';
import { smtpBindings, startSmtpServer, type ReceivedMail, type SmtpServer } from '../../scripts/lib/local-smtp.ts';
import type { LocalWorker } from '../../scripts/lib/local-worker.ts';
import { AlertList } from '../../schemas/alerts.ts';
import { alertNights, publishInto, type AlertBuild, type AlertNights } from '../support/alert-nights.ts';
import { expectErrorBody, type Reply, startOwnWorker } from '../support/worker.ts';

const ORIGIN = 'https://hal-api.example.org';
const EMAIL = 'zeynep.kaya@example.com';
const ARTIFACTS = join(import.meta.dirname, '../../test-artifacts/alert-mails');

let nights: AlertNights;
let worker: LocalWorker;
let smtp: SmtpServer;
let dir: string;

beforeAll(async () => {
  nights = await alertNights();
  smtp = await startSmtpServer();
  dir = mkdtempSync(join(tmpdir(), 'hal-alert-flow-'));
  worker = await startOwnWorker({
    distDir: nights.builds.first.dir,
    bucketDir: join(dir, 'bucket'),
    keysDir: join(dir, 'd1'),
    bindings: { ...smtpBindings(smtp), ALERT_SECRET: 'the-flow-test-secret', PUBLIC_ORIGIN: ORIGIN },
  });
}, 300_000);

afterAll(async () => {
  await worker?.dispose();
  await smtp?.close();
  nights?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const response = await worker.mf.dispatchFetch(`http://localhost${path}`, {
    method: init.method ?? 'GET',
    headers: { 'cf-connecting-ip': '192.0.2.44', ...init.headers },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) } as Reply;
}

/** A link of the mail's text that opens `page`, as a path and query on the worker. */
function link(mail: ReceivedMail, page: string): string {
  const found = new RegExp(`${ORIGIN}${page}\\?\\S+`).exec(mail.parsed.text ?? '');
  if (!found) throw new Error(`no ${page} link in the mail`);
  const url = new URL(found[0]);
  return `${url.pathname}${url.search}`;
}
const tokenIn = (path: string) => new URL(`http://x${path}`).searchParams.get('token')!;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function scheduledRun(build: AlertBuild): Promise<ReceivedMail[]> {
  const before = smtp.messages.length;
  const api = (await worker.mf.getWorker('api')) as unknown as {
    scheduled(options: { scheduledTime?: Date; cron?: string }): Promise<{ outcome: string }>;
  };
  expect((await api.scheduled({ scheduledTime: new Date(`${build.today}T03:30:00.000Z`) })).outcome).toBe('ok');
  return smtp.messages.slice(before);
}

it('create → confirm → list → a crossing build mails once → unsubscribe → delete', async () => {
  const { first, crossed } = nights.prices;
  const target = crossed.national;
  expect(first.national).toBeLessThan(target);

  // Created pending; one confirmation mail.
  const created = await call('/api/v1/alerts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, productSlug: nights.variant, targetPrice: target, direction: 'above' }),
  });
  expect(created.status).toBe(202);
  const id = created.json().id as string;
  const [confirmation] = await smtp.waitFor(1);
  expect(confirmation!.envelope.to).toEqual([EMAIL]);

  // Confirmed by the link's page: its GET shows the button, its POST confirms.
  const confirm = link(confirmation!, '/alerts/confirm');
  expect((await call(confirm)).text).toContain('Alarmı onayla');
  const confirmed = await call('/alerts/confirm', { method: 'POST', headers: FORM, body: `token=${tokenIn(confirm)}` });
  expect(confirmed.status).toBe(200);

  // A second alert of the same address, on one market, that this data never reaches.
  const market = await call('/api/v1/alerts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: EMAIL,
      productSlug: nights.variant,
      targetPrice: 1,
      direction: 'below',
      marketSlug: nights.markets.first,
    }),
  });
  const [, second] = await smtp.waitFor(2);
  const secondConfirm = link(second!, '/alerts/confirm');
  await call('/alerts/confirm', { method: 'POST', headers: FORM, body: `token=${tokenIn(secondConfirm)}` });

  // Listed by the mailed token, both active.
  const manage = tokenIn(link(confirmation!, '/alerts/manage'));
  const list = AlertList.parse(
    (await call('/api/v1/alerts', { headers: { authorization: `Bearer ${manage}` } })).json(),
  );
  expect(list.items.map((i) => [i.id, i.isActive])).toEqual([
    [id, true],
    [market.json().id, true],
  ]);

  // The first build: the price is below the target, no mail.
  expect(await scheduledRun(nights.builds.first)).toEqual([]);
  // The build whose national median crosses it: exactly one mail; the same build again, none.
  await publishInto(worker, nights.builds.crossed);
  const alertMails = await scheduledRun(nights.builds.crossed);
  expect(alertMails).toHaveLength(1);
  expect(await scheduledRun(nights.builds.crossed)).toEqual([]);
  const alertMail = alertMails[0]!;
  expect(alertMail.envelope.to).toEqual([EMAIL]);
  const text = alertMail.parsed.text ?? '';
  const price = `${target.toFixed(2).replace('.', ',')} TL/kg`;
  expect(text).toContain(`Fiyat: ${price}`);
  expect(text).toContain('Veri günü: 14 Eylül 2026');
  expect(text).toContain(`Kapsam: ${crossed.marketCount} halin fiyatlarının ortancası`);
  expect(text).toContain(`Güncellik: ${FRESHNESS_WORDS.fresh}`);
  expect(text.match(/\/api\/v1\/observations\//g)).toHaveLength(crossed.marketCount);
  const unsubscribe = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(alertMail.raw)![1]!;
  expect(new URL(unsubscribe).searchParams.get('alert')).toBe(id);
  expect(alertMail.raw).toMatch(new RegExp(`^List-Unsubscribe-Post: ${ONE_CLICK_BODY}\\r?$`, 'm'));

  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, 'confirmation.eml'), confirmation!.raw);
  writeFileSync(join(ARTIFACTS, 'crossing.eml'), alertMail.raw);

  // The run's clock was the build's morning, months ago; the user reads the mail today. Move what it
  // minted by the same offset, as if it had run today (the worker's own clock cannot be set back).
  const db = await worker.mf.getD1Database('ALERTS', 'api');
  const offset = Date.now() - Date.parse(`${nights.builds.crossed.today}T03:30:00.000Z`);
  const moved = await db
    .prepare("SELECT token_hash, created_at, expires_at FROM tokens WHERE created_at LIKE ? || '%'")
    .bind(nights.builds.crossed.today)
    .all<{ token_hash: string; created_at: string; expires_at: string }>();
  expect(moved.results).toHaveLength(1);
  for (const t of moved.results)
    await db
      .prepare('UPDATE tokens SET created_at = ?, expires_at = ? WHERE token_hash = ?')
      .bind(
        new Date(Date.parse(t.created_at) + offset).toISOString(),
        new Date(Date.parse(t.expires_at) + offset).toISOString(),
        t.token_hash,
      )
      .run();

  // One click, as a mail client sends it (RFC 8058): that alert only.
  const url = new URL(unsubscribe);
  const clicked = await call(`${url.pathname}${url.search}`, { method: 'POST', headers: FORM, body: ONE_CLICK_BODY });
  expect(clicked.status).toBe(200);
  const fresh = tokenIn(link(alertMail, '/alerts/manage'));
  const after = AlertList.parse(
    (await call('/api/v1/alerts', { headers: { authorization: `Bearer ${fresh}` } })).json(),
  );
  expect(after.items.map((i) => i.id)).toEqual([market.json().id]);

  // Deleted by its owner's token; the address's last alert gone, the address and its tokens go too.
  const deleted = await call(`/api/v1/alerts/${market.json().id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${fresh}` },
  });
  expect(deleted.json()).toEqual({ deleted: true });
  expectErrorBody(
    await call('/api/v1/alerts', { headers: { authorization: `Bearer ${fresh}` } }),
    401,
    'ALERT_TOKEN_INVALID',
  );
  for (const table of ['subscribers', 'alerts', 'tokens'])
    expect(await db.prepare(`SELECT count(*) AS n FROM ${table}`).first('n'), table).toBe(0);
});
