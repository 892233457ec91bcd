/**
 * Price alerts under workerd over the suite's real build, with the ALERTS D1 of the local worker and
 * a real SMTP server on 127.0.0.1: create → confirmation mail → confirm → list by the mailed token →
 * unsubscribe → delete, and the refusals: an address or an id without its token reveals and deletes
 * nothing, replayed and expired tokens, mail-bombing an address, malformed bodies. No 500 anywhere,
 * every error in the error body, every answer `no-store`, and no address or token in a log line.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CREATES_PER_IP_HOUR, MAILS_PER_ADDRESS_DAY, ONE_CLICK_BODY } from '../../core/alerts.ts';
import { distOrigin } from '../../scripts/lib/dist-origin.ts';
import type { LocalWorker } from '../../scripts/lib/local-worker.ts';
import {
  AlertCreated,
  AlertList,
  CompatAlertCreated,
  CompatAlertList,
  ManageLinkRequested,
} from '../../schemas/alerts.ts';
import { smtpBindings, startSmtpServer, type ReceivedMail, type SmtpServer } from '../../scripts/lib/local-smtp.ts';
import { captureOutput, type CapturedOutput } from '../support/captured-output.ts';
import { expectErrorBody, type Reply, startOwnWorker } from '../support/worker.ts';

const PRODUCT = 'acur-genel';
const MARKET = 'bursa-sebze-meyve';

let worker: LocalWorker;
let smtp: SmtpServer;
type AlertsD1 = Awaited<ReturnType<LocalWorker['mf']['getD1Database']>>;
let db: AlertsD1;
let captured: CapturedOutput;
let output: string[] = [];

beforeAll(async () => {
  captured = captureOutput();
  output = captured.lines;
  smtp = await startSmtpServer();
  worker = await startOwnWorker({
    distDir: inject('distDir'),
    persist: mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'hal-alerts-')),
    bindings: {
      ALERT_SECRET: 'test-secret-of-the-abuse-counters',
      PUBLIC_ORIGIN: 'https://hal-api.example.org',
      ...smtpBindings(smtp, 'alarm@hal-api.example.org'),
    },
  });
  db = await worker.mf.getD1Database('ALERTS', 'api');
}, 120_000);

afterAll(async () => {
  captured?.restore();
  await worker?.dispose();
  await smtp?.close();
});

let ipCounter = 0;
/** A client from its own IP address, which may send a body. */
function client(ip = `203.0.113.${++ipCounter}`) {
  return async (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) => {
    const response = await worker.mf.dispatchFetch(`http://localhost${path}`, {
      method: init.method ?? 'GET',
      headers: { 'cf-connecting-ip': ip, ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) } as Reply;
  };
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const createBody = (email: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ email, productSlug: PRODUCT, targetPrice: 25.5, direction: 'above', ...extra });

/** The mails received so far for `address`. */
const mailsTo = (address: string): ReceivedMail[] => smtp.messages.filter((m) => m.envelope.to.includes(address));

async function nextMailTo(address: string, before: number): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  while (mailsTo(address).length <= before) {
    if (Date.now() > deadline) throw new Error(`no mail to the address within 10 s`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return mailsTo(address)[before]!;
}

/** A link of the mail's text that opens `path`, as a path and query on the worker. */
function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https://hal-api\\.example\\.org${path.replace(/\//g, '\\/')}\\?[^\\s>"]+`).exec(
    mail.parsed.text ?? '',
  );
  if (!match) throw new Error(`no ${path} link in the mail`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}
const tokenOf = (link: string): string => new URL(`http://x${link}`).searchParams.get('token')!;

async function createConfirmed(email: string, extra: Record<string, unknown> = {}) {
  const c = client();
  const before = mailsTo(email).length;
  const created = await c('/api/v1/alerts', { method: 'POST', headers: JSON_HEADERS, body: createBody(email, extra) });
  expect(created.status).toBe(202);
  const mail = await nextMailTo(email, before);
  const confirm = linkIn(mail, '/alerts/confirm');
  const confirmed = await c(confirm, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: tokenOf(confirm) }).toString(),
  });
  expect(confirmed.status).toBe(200);
  return { id: created.json().id as string, mail, manage: tokenOf(linkIn(mail, '/alerts/manage')) };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the flow, by the mailed tokens', () => {
  it('create answers 202 pending and mails one confirmation with RFC 8058 headers', async () => {
    const c = client();
    const email = 'ayse.flow@example.com';
    const r = await c('/api/v1/alerts', { method: 'POST', headers: JSON_HEADERS, body: createBody(email) });
    expect(r.status).toBe(202);
    const body = AlertCreated.parse(r.json());
    expect(Object.keys(body).slice(0, 2)).toEqual(['id', 'created']);
    expect(body).toMatchObject({ created: true, status: 'pending_confirmation' });
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-request-id')).toBeTruthy();
    expect(r.headers.get('x-ratelimit-limit')).toBe('60');
    const mail = await nextMailTo(email, 0);
    expect(mail.envelope.to).toEqual([email]);
    expect(mail.parsed.subject).toContain('Acur');
    expect(mail.raw).toMatch(new RegExp(`^List-Unsubscribe-Post: ${ONE_CLICK_BODY}\r?$`, 'm'));
    expect(mail.raw).toMatch(/^List-Unsubscribe: <https:\/\/hal-api\.example\.org\/alerts\/unsubscribe\?token=ham_/m);
    // Pending: listed as not active, and the confirmation page's GET confirms nothing.
    const manage = tokenOf(linkIn(mail, '/alerts/manage'));
    const confirm = linkIn(mail, '/alerts/confirm');
    const page = await c(confirm);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('<form method="post"');
    let list = AlertList.parse((await c('/api/v1/alerts', { headers: bearer(manage) })).json());
    expect(list.items.map((i) => [i.id, i.isActive, i.status])).toEqual([[body.id, false, 'pending']]);
    // Confirmed by the POST; the token is single-use.
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const posted = await c('/alerts/confirm', { method: 'POST', headers: form, body: `token=${tokenOf(confirm)}` });
    expect(posted.status).toBe(200);
    expect(posted.text).toContain('Alarm onaylandı');
    const replay = await c('/alerts/confirm', { method: 'POST', headers: form, body: `token=${tokenOf(confirm)}` });
    expect(replay.status).toBe(404);
    list = AlertList.parse((await c('/api/v1/alerts', { headers: bearer(manage) })).json());
    expect(list.items).toMatchObject([{ id: body.id, isActive: true, status: 'active', targetPrice: '25.50' }]);
    expect(list.meta.count).toBe(1);
  });

  it('the compatibility prefix answers the variant keys alone', async () => {
    const c = client();
    const email = 'compat.flow@example.com';
    const r = await c('/api/v1/compat/alerts', { method: 'POST', headers: JSON_HEADERS, body: createBody(email) });
    expect(r.status).toBe(202);
    expect(Object.keys(CompatAlertCreated.parse(r.json()))).toEqual(['id', 'created']);
    const mail = await nextMailTo(email, 0);
    const list = await c('/api/v1/compat/alerts', { headers: bearer(tokenOf(linkIn(mail, '/alerts/manage'))) });
    const items = CompatAlertList.parse(list.json());
    expect(items).toEqual([
      { id: r.json().id, productName: 'Acur', targetPrice: '25.50', direction: 'above', isActive: false },
    ]);
    const deleted = await c(`/api/v1/compat/alerts/${r.json().id}`, {
      method: 'DELETE',
      headers: bearer(tokenOf(linkIn(mail, '/alerts/manage'))),
    });
    expect(deleted.json()).toEqual({ deleted: true });
  });

  it('one-click unsubscribe (RFC 8058 POST) deletes the alert, and the address with its last alert', async () => {
    const email = 'unsubscribe.flow@example.com';
    const { id, mail } = await createConfirmed(email, { marketSlug: MARKET, direction: 'below' });
    const unsubscribe = linkIn(mail, '/alerts/unsubscribe');
    expect(new URL(`http://x${unsubscribe}`).searchParams.get('alert')).toBe(id);
    const c = client();
    // A GET (a mail scanner's prefetch) only shows the button.
    expect((await c(unsubscribe)).text).toContain('İptal et');
    expect(await db.prepare('SELECT count(*) AS n FROM alerts WHERE id = ?').bind(id).first('n')).toBe(1);
    const r = await c(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: ONE_CLICK_BODY,
    });
    expect(r.status).toBe(200);
    expect(await db.prepare('SELECT count(*) AS n FROM alerts WHERE id = ?').bind(id).first('n')).toBe(0);
    expect(await db.prepare('SELECT count(*) AS n FROM subscribers WHERE email = ?').bind(email).first('n')).toBe(0);
    expect(await db.prepare('SELECT count(*) AS n FROM tokens').first('n')).toBeGreaterThan(0);
  });
});

describe('an address or an id without its token reveals and deletes nothing', () => {
  it('listing by address alone answers the same 202 for a known and an unknown address, and mails only the owner', async () => {
    const owner = 'owner.private@example.com';
    const { id } = await createConfirmed(owner);
    const c = client();
    const before = smtp.messages.length;
    const known = await c(`/api/v1/alerts?email=${encodeURIComponent(owner)}`);
    const unknown = await c('/api/v1/alerts?email=nobody.here%40example.com');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(ManageLinkRequested.parse(known.json())).toEqual(unknown.json());
    expect(known.text).not.toContain(id);
    const manageMail = await nextMailTo(owner, mailsTo(owner).length - (smtp.messages.length > before ? 1 : 0));
    expect(manageMail.envelope.to).toEqual([owner]);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('nobody.here@example.com')).toEqual([]);
  });

  it('no token → 401; a wrong, malformed or confirm-kind token → 401; another address’s token → 404', async () => {
    const { id } = await createConfirmed('victim@example.com');
    const attacker = await createConfirmed('attacker@example.com');
    const c = client();
    expectErrorBody(await c('/api/v1/alerts'), 401, 'ALERT_TOKEN_REQUIRED');
    expectErrorBody(await c(`/api/v1/alerts/${id}`, { method: 'DELETE' }), 401, 'ALERT_TOKEN_REQUIRED');
    const forged = `ham_${'A'.repeat(43)}`;
    const wrong = await c('/api/v1/alerts', { headers: bearer(forged) });
    expectErrorBody(wrong, 401, 'ALERT_TOKEN_INVALID');
    expect(wrong.json().error.details).toEqual({ reason: 'unknown' });
    expectErrorBody(
      await c('/api/v1/alerts', { headers: { authorization: 'Basic dmljdGlt' } }),
      401,
      'ALERT_TOKEN_INVALID',
    );
    const other = await c(`/api/v1/alerts/${id}`, { method: 'DELETE', headers: bearer(attacker.manage) });
    expectErrorBody(other, 404, 'NOT_FOUND');
    const theirs = AlertList.parse((await c('/api/v1/alerts', { headers: bearer(attacker.manage) })).json());
    expect(theirs.items.map((i) => i.id)).toEqual([attacker.id]);
    expect(await db.prepare('SELECT count(*) AS n FROM alerts WHERE id = ?').bind(id).first('n')).toBe(1);
    expectErrorBody(
      await c('/api/v1/alerts/not-an-id', { method: 'DELETE', headers: bearer(attacker.manage) }),
      400,
      'INVALID_ALERT',
    );
    const mine = await c(`/api/v1/alerts/${attacker.id}`, { method: 'DELETE', headers: bearer(attacker.manage) });
    expect(mine.json()).toEqual({ deleted: true });
    expect(mine.headers.get('cache-control')).toBe('no-store');
    // The address's last alert went: the address, and the token with it.
    expectErrorBody(await c('/api/v1/alerts', { headers: bearer(attacker.manage) }), 401, 'ALERT_TOKEN_INVALID');
  });

  it('expired tokens: a pending alert past 48 hours and a manage token past its days', async () => {
    const email = 'late.confirmer@example.com';
    const c = client();
    const created = await c('/api/v1/alerts', { method: 'POST', headers: JSON_HEADERS, body: createBody(email) });
    const mail = await nextMailTo(email, 0);
    const past = new Date(Date.now() - 1000).toISOString();
    await db.prepare('UPDATE alerts SET expires_at = ? WHERE id = ?').bind(past, created.json().id).run();
    await db
      .prepare("UPDATE tokens SET expires_at = ? WHERE purpose = 'confirm' AND alert_id = ?")
      .bind(past, created.json().id)
      .run();
    const confirm = linkIn(mail, '/alerts/confirm');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(
      (await c('/alerts/confirm', { method: 'POST', headers: form, body: `token=${tokenOf(confirm)}` })).status,
    ).toBe(404);
    const manage = tokenOf(linkIn(mail, '/alerts/manage'));
    expect(AlertList.parse((await c('/api/v1/alerts', { headers: bearer(manage) })).json()).items).toEqual([]);
    await db.prepare("UPDATE tokens SET expires_at = ? WHERE purpose = 'manage'").bind(past).run();
    const expired = await c('/api/v1/alerts', { headers: bearer(manage) });
    expectErrorBody(expired, 401, 'ALERT_TOKEN_INVALID');
    expect(expired.json().error.details).toEqual({ reason: 'expired' });
  });
});

describe('abuse limits', () => {
  it(`an address gets at most ${MAILS_PER_ADDRESS_DAY} confirmation mails a day, whoever asks`, async () => {
    const target = 'bombed@example.com';
    const statuses: number[] = [];
    let refused: Reply | null = null;
    for (let i = 0; i < MAILS_PER_ADDRESS_DAY + 2; i++) {
      const r = await client()('/api/v1/alerts', { method: 'POST', headers: JSON_HEADERS, body: createBody(target) });
      statuses.push(r.status);
      if (r.status === 429) refused = r;
    }
    expect(statuses).toEqual([...Array(MAILS_PER_ADDRESS_DAY).fill(202), 429, 429]);
    expectErrorBody(refused!, 429, 'ALERT_LIMITED');
    expect(refused!.json().error.details).toMatchObject({ limit: 'address', allowed: MAILS_PER_ADDRESS_DAY });
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(target)).toHaveLength(MAILS_PER_ADDRESS_DAY);
    // Asking for the manage link counts against the same day.
    expectErrorBody(await client()(`/api/v1/alerts?email=${target}`), 429, 'ALERT_LIMITED');
  });

  it(`one IP address creates at most ${CREATES_PER_IP_HOUR} alerts an hour`, async () => {
    const c = client();
    const statuses: number[] = [];
    for (let i = 0; i <= CREATES_PER_IP_HOUR; i++)
      statuses.push(
        (await c('/api/v1/alerts', { method: 'POST', headers: JSON_HEADERS, body: createBody(`ip${i}@example.com`) }))
          .status,
      );
    expect(statuses).toEqual([...Array(CREATES_PER_IP_HOUR).fill(202), 429]);
  });
});

describe('bad input gets the error body, never a 500', () => {
  const cases: [string, { headers?: Record<string, string>; body: string }, string][] = [
    ['not JSON', { headers: JSON_HEADERS, body: '{"email":' }, 'not_json'],
    [
      'a form instead of JSON',
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a' },
      'content_type',
    ],
    [
      'a body too large',
      { headers: JSON_HEADERS, body: createBody('big@example.com', { pad: 'x'.repeat(5000) }) },
      'too_large',
    ],
    [
      'an unknown key',
      { headers: JSON_HEADERS, body: createBody('k@example.com', { target_price: 3 }) },
      'invalid_field',
    ],
    [
      'a negative target',
      { headers: JSON_HEADERS, body: createBody('n@example.com', { targetPrice: -1 }) },
      'invalid_field',
    ],
    [
      'a zero target',
      { headers: JSON_HEADERS, body: createBody('z@example.com', { targetPrice: 0 }) },
      'invalid_field',
    ],
    [
      'three decimals',
      { headers: JSON_HEADERS, body: createBody('d@example.com', { targetPrice: 1.005 }) },
      'invalid_field',
    ],
    [
      'a target as a string',
      { headers: JSON_HEADERS, body: createBody('s@example.com', { targetPrice: '12' }) },
      'invalid_field',
    ],
    [
      'direction up',
      { headers: JSON_HEADERS, body: createBody('u@example.com', { direction: 'up' }) },
      'invalid_field',
    ],
    ['a malformed address', { headers: JSON_HEADERS, body: createBody('not-an-address') }, 'invalid_field'],
    [
      'an unknown product',
      { headers: JSON_HEADERS, body: createBody('p@example.com', { productSlug: 'ejderha-meyvesi-mor' }) },
      'invalid_field',
    ],
    [
      'a product family, not a variant',
      { headers: JSON_HEADERS, body: createBody('f@example.com', { productSlug: 'domates' }) },
      'invalid_field',
    ],
    [
      'an unknown market',
      { headers: JSON_HEADERS, body: createBody('m@example.com', { marketSlug: 'ay-hali' }) },
      'invalid_field',
    ],
    ['an array', { headers: JSON_HEADERS, body: '[]' }, 'invalid_field'],
  ];
  for (const [name, init, reason] of cases)
    it(`${name} → 400 INVALID_ALERT (${reason})`, async () => {
      const before = smtp.messages.length;
      const r = await client()('/api/v1/alerts', { method: 'POST', ...init });
      expectErrorBody(r, 400, 'INVALID_ALERT');
      expect(r.json().error.details.reason).toBe(reason);
      expect(smtp.messages.length).toBe(before);
    });

  it('a method an alert path does not take → 405 naming the ones it does; preflights allow the token', async () => {
    const c = client();
    const put = await c('/api/v1/alerts', { method: 'PUT', headers: JSON_HEADERS, body: '{}' });
    expectErrorBody(put, 405, 'METHOD_NOT_ALLOWED');
    expect(put.headers.get('allow')).toBe('GET, POST, OPTIONS');
    expect((await c('/api/v1/alerts/alr_x', { method: 'GET' })).headers.get('allow')).toBe('DELETE, OPTIONS');
    const preflight = await c('/api/v1/alerts', { method: 'OPTIONS' });
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    // The read API is unchanged: still GET and HEAD only.
    const post = await c('/api/v1/prices', { method: 'POST' });
    expectErrorBody(post, 405, 'METHOD_NOT_ALLOWED');
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('a page link with a forged or no token is a 404 page, not an error', async () => {
    const c = client();
    for (const path of [
      '/alerts/confirm',
      '/alerts/manage?token=ham_x',
      `/alerts/unsubscribe?token=ham_${'B'.repeat(43)}`,
    ])
      expect((await c(path)).status).toBe(404);
  });
});

describe('when the mail or the database is missing', () => {
  /** A worker over the suite's build whose SMTP server is a port nothing listens on, or none at all. */
  async function brokenWorker(bindings: Record<string, string>): Promise<LocalWorker> {
    return startOwnWorker({
      distDir: inject('distDir'),
      origin: distOrigin(inject('distDir')),
      persist: mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'hal-alerts-broken-')),
      bindings: { ALERT_SECRET: 'broken', PUBLIC_ORIGIN: 'https://hal-api.example.org', ...bindings },
    });
  }
  /** A port that was free a moment ago: connecting to it is refused. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it('a confirmation that cannot be sent → 503, and nothing of the address is kept or logged', async () => {
    const broken = await brokenWorker({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(await closedPort()),
      SMTP_USER: 'u',
      SMTP_PASSWORD: 'p',
      SMTP_SECURITY: 'none',
      MAIL_FROM: 'alarm@hal-api.example.org',
    });
    try {
      const email = 'unreachable.mail@example.com';
      const r = await broken.mf.dispatchFetch('http://localhost/api/v1/alerts', {
        method: 'POST',
        headers: { 'cf-connecting-ip': '198.18.7.1', ...JSON_HEADERS },
        body: createBody(email),
      });
      const text = await r.text();
      const reply: Reply = { status: r.status, headers: r.headers, text, json: () => JSON.parse(text) };
      expectErrorBody(reply, 503, 'ALERTS_UNAVAILABLE');
      expect(reply.json().error.details).toEqual({ reason: 'mail_failed' });
      const db = await broken.mf.getD1Database('ALERTS', 'api');
      for (const table of ['subscribers', 'alerts', 'tokens'])
        expect(await db.prepare(`SELECT count(*) AS n FROM ${table}`).first('n'), table).toBe(0);
      expect(output.join('\n')).not.toContain(email);
    } finally {
      await broken.dispose();
    }
  });

  it('without a mail transport every alert operation answers 503; reads are unaffected', async () => {
    const broken = await brokenWorker({});
    try {
      const ask = async (path: string, method = 'GET', body?: string) => {
        const r = await broken.mf.dispatchFetch(`http://localhost${path}`, {
          method,
          headers: { 'cf-connecting-ip': '198.18.7.2', ...JSON_HEADERS },
          ...(body ? { body } : {}),
        });
        const text = await r.text();
        return { status: r.status, headers: r.headers, text, json: () => JSON.parse(text) } as Reply;
      };
      expectErrorBody(await ask('/api/v1/alerts', 'POST', createBody('none@example.com')), 503, 'ALERTS_UNAVAILABLE');
      expectErrorBody(await ask('/api/v1/alerts?email=none@example.com'), 503, 'ALERTS_UNAVAILABLE');
      expect((await ask('/api/v1/markets')).status).toBe(200);
    } finally {
      await broken.dispose();
    }
  });
});

describe('what is held, and where it is not', () => {
  it('stores token hashes only, and no log line names an address or a token', async () => {
    const rows = await db.prepare('SELECT token_hash FROM tokens').all<{ token_hash: string }>();
    expect(rows.results.length).toBeGreaterThan(0);
    for (const r of rows.results) expect(r.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const tokens = smtp.messages.flatMap((m) =>
      [...(m.parsed.text ?? '').matchAll(/ha[cm]_[A-Za-z0-9_-]{43}/g)].map((x) => x[0]),
    );
    const addresses = smtp.messages.flatMap((m) => m.envelope.to);
    expect(tokens.length).toBeGreaterThan(10);
    const logged = output.join('\n');
    for (const secret of [...tokens, ...addresses]) expect(logged).not.toContain(secret);
  });
});
