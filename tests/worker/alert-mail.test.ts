/**
 * The alert mails as a real SMTP server receives them: built and sent by the production transport
 * (edge/alerts/mail/) running in workerd through miniflare, over the worker's TCP socket to an
 * smtp-server on 127.0.0.1 that requires AUTH. And the failures a request must survive: a server
 * that refuses the credentials, one that is not listening, one that never answers.
 */
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AT_MARKET,
  EXPIRES_AT,
  links,
  MANAGE_TOKEN,
  MARKUP_NAME,
  NATIONAL,
  READING,
  RECIPIENT,
} from '../../edge/alerts/mail/fixtures.ts';
import { SEND_DEADLINE_MS, STEP_TIMEOUT_MS } from '../../edge/alerts/mail/deadlines.ts';
import { ROOT } from '../../scripts/lib/bundle-worker.ts';
import { COMPATIBILITY_DATE, COMPATIBILITY_FLAGS } from '../../scripts/lib/local-worker.ts';
import type { MailRequest } from '../support/mail-worker.ts';
import {
  addressesOf,
  type ReceivedMail,
  REFUSED_DOMAIN,
  type SmtpServer,
  startSmtpServer,
} from '../../scripts/lib/local-smtp.ts';

const MAIL_FROM = 'uyari@hal.example';
const BUNDLE = '.cache/edge/mail-worker.js';

let smtp: SmtpServer;
let mf: Miniflare;

/** The worker bundled as the edge's is, and able to resolve worker-mailer (a package with `module`, no `exports`). */
async function bundleMailWorker(): Promise<string> {
  await build({
    entryPoints: [`${ROOT}tests/support/mail-worker.ts`],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    external: ['cloudflare:*', 'node:*'],
    outfile: `${ROOT}${BUNDLE}`,
    logLevel: 'warning',
  });
  return `${ROOT}${BUNDLE}`;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  mf = new Miniflare({
    modules: true,
    scriptPath: await bundleMailWorker(),
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: COMPATIBILITY_FLAGS,
    bindings: {
      SMTP_HOST: smtp.host,
      SMTP_PORT: String(smtp.port),
      SMTP_USER: smtp.user,
      SMTP_PASSWORD: smtp.password,
      SMTP_SECURITY: 'none',
      MAIL_FROM,
    },
  });
  await mf.ready;
});

afterAll(async () => {
  await mf?.dispose();
  await smtp?.close();
});

async function send(asked: MailRequest): Promise<{ status: number; body: Record<string, unknown> | null; ms: number }> {
  const started = performance.now();
  const answer = await mf.dispatchFetch('http://mail.test/', { method: 'POST', body: JSON.stringify(asked) });
  const body = answer.status === 204 ? null : ((await answer.json()) as Record<string, unknown>);
  return { status: answer.status, body, ms: performance.now() - started };
}

/** Sends one mail and answers it as the server received it. */
async function delivered(asked: MailRequest): Promise<ReceivedMail> {
  const before = smtp.messages.length;
  const answer = await send(asked);
  expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 204 });
  return (await smtp.waitFor(before + 1))[before]!;
}

const headerLine = (mail: ReceivedMail, name: string): string[] =>
  mail.parsed.headerLines.filter((h) => h.key === name.toLowerCase()).map((h) => h.line);

function expectEnvelopeAndHead(mail: ReceivedMail, unsubscribe: string): void {
  expect(mail.envelope).toEqual({ from: MAIL_FROM, to: [RECIPIENT] });
  expect(addressesOf(mail.parsed.to)).toEqual([RECIPIENT]);
  expect(mail.parsed.from?.value).toEqual([{ name: 'Hal API', address: MAIL_FROM }]);
  expect(headerLine(mail, 'List-Unsubscribe')).toEqual([`List-Unsubscribe: <${unsubscribe}>`]);
  expect(headerLine(mail, 'List-Unsubscribe-Post')).toEqual(['List-Unsubscribe-Post: List-Unsubscribe=One-Click']);
  expect(headerLine(mail, 'Auto-Submitted')).toEqual(['Auto-Submitted: auto-generated']);
  // The subject folds into lines of RFC 5322's recommended length.
  for (const line of headerLine(mail, 'Subject')[0]!.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
  // No address and no token anywhere in the head but the envelope's own lines and the unsubscribe URI.
  const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
  const others = head.split('\r\n').filter((l) => !/^(To|From|List-Unsubscribe):/.test(l));
  expect(others.join('\n')).not.toContain(MANAGE_TOKEN);
  expect(others.join('\n')).not.toContain(RECIPIENT);
}

describe('alert mails through workerd to a real SMTP server', () => {
  it('delivers the confirmation mail: envelope, one-click unsubscribe, UTF-8 subject, text and HTML', async () => {
    const mail = await delivered({
      kind: 'confirmation',
      args: [RECIPIENT, NATIONAL, links(NATIONAL.id), EXPIRES_AT],
    });
    expectEnvelopeAndHead(mail, links(NATIONAL.id).unsubscribe);
    expect(mail.parsed.subject).toBe('Fiyat alarmınızı onaylayın: Domates (Salkım)');
    expect(mail.parsed.text).toContain('Domates (Salkım), ülke geneli: fiyat 42,50 TL/kg ve altına indiğinde');
    expect(mail.parsed.text).toContain(`\n${links(NATIONAL.id).confirm}\n`);
    expect(mail.parsed.html).toContain(`href="${links(NATIONAL.id).confirm}"`);
  });

  it('delivers the manage-link mail', async () => {
    const mail = await delivered({ kind: 'manage', args: [RECIPIENT, links(null)] });
    expectEnvelopeAndHead(mail, links(null).unsubscribe);
    expect(mail.parsed.subject).toBe('Fiyat alarmlarınızı yönetme bağlantısı');
    expect(mail.parsed.text).toContain(links(null).manage);
  });

  it('delivers the crossing mail, a name that is markup arriving as text', async () => {
    const reading = { ...READING, price: 1312.5, marketCount: 1 };
    const mail = await delivered({ kind: 'crossing', args: [RECIPIENT, AT_MARKET, reading, links(AT_MARKET.id)] });
    expectEnvelopeAndHead(mail, links(AT_MARKET.id).unsubscribe);
    expect(mail.parsed.subject).toBe(
      `Fiyat alarmı: ${MARKUP_NAME} (Antalya Sebze ve Meyve Toptancı Hali) 1.312,50 TL/kg`,
    );
    expect(mail.parsed.text).toContain('Fiyat: 1.312,50 TL/kg (Türk lirası)');
    expect(mail.parsed.text).toContain('Veri günü: 20 Kasım 2026');
    expect(mail.parsed.text).toContain('Kapsam: tek bir halin fiyatı');
    expect(mail.parsed.text).toContain(READING.observationUrls[0]);
    expect(mail.parsed.html).toContain('Biber &lt;b&gt;&quot;Çarliston&quot;&lt;/b&gt; &amp; Sivri');
    expect(mail.parsed.html).not.toContain('<b>');
  });
});

describe('a transport half configured is no transport (the routes answer 503 ALERTS_UNAVAILABLE)', () => {
  it.each([
    ['no host', { SMTP_HOST: '' }],
    ['no sender', { MAIL_FROM: '' }],
    ['a sender that is no address', { MAIL_FROM: 'Hal API' }],
    ['an unknown security', { SMTP_SECURITY: 'ssl' }],
    ['no TLS to a server elsewhere', { SMTP_HOST: 'smtp.example.com' }],
    ['a port that is no port', { SMTP_PORT: '70000' }],
    ['a user without a password', { SMTP_PASSWORD: '' }],
  ])('%s', async (_, env) => {
    const answer = await send({ kind: 'manage', args: [RECIPIENT, links(null)], env });
    expect(answer).toMatchObject({ status: 503, body: { failure: 'unconfigured' } });
  });
});

describe('a server the mail cannot go through fails the send with MailFailed, within the deadline', () => {
  it('refused credentials', async () => {
    const refusing = await startSmtpServer({ refuseAuth: true });
    try {
      const answer = await send({
        kind: 'manage',
        args: [RECIPIENT, links(null)],
        env: { SMTP_PORT: String(refusing.port), SMTP_USER: refusing.user, SMTP_PASSWORD: refusing.password },
      });
      expect(answer.body).toMatchObject({ failure: 'auth', message: 'mail not sent: auth' });
      expect(answer.status).toBe(503);
      expect(answer.ms).toBeLessThan(SEND_DEADLINE_MS);
      expect(refusing.messages).toEqual([]);
    } finally {
      await refusing.close();
    }
  });

  it('nobody listening', async () => {
    const answer = await send({
      kind: 'manage',
      args: [RECIPIENT, links(null)],
      env: { SMTP_PORT: String(await freePort()) },
    });
    expect(answer).toMatchObject({ status: 503, body: { failure: 'unreachable' } });
    expect(answer.ms).toBeLessThan(SEND_DEADLINE_MS);
  });

  it('a server that accepts the connection and never greets', async () => {
    const silent = await listenSilently();
    try {
      const answer = await send({
        kind: 'manage',
        args: [RECIPIENT, links(null)],
        env: { SMTP_PORT: String(silent.port) },
      });
      expect(answer).toMatchObject({ status: 503, body: { failure: 'timeout' } });
      // The wait for the greeting ends: the send does not need its deadline for a server that says nothing.
      expect(answer.ms).toBeLessThan(STEP_TIMEOUT_MS + 1_000);
    } finally {
      await silent.close();
    }
  }, 20_000);

  it('a server that answers every step, each just inside the step time-out', async () => {
    const slow = await answerSlowly(STEP_TIMEOUT_MS * 0.75);
    try {
      const answer = await send({
        kind: 'manage',
        args: [RECIPIENT, links(null)],
        env: { SMTP_PORT: String(slow.port) },
      });
      expect(answer).toMatchObject({ status: 503, body: { failure: 'timeout' } });
      expect(answer.ms).toBeGreaterThanOrEqual(SEND_DEADLINE_MS - 100);
      expect(answer.ms).toBeLessThan(SEND_DEADLINE_MS + 1_000);
    } finally {
      await slow.close();
    }
  }, 20_000);

  it('a recipient the server refuses, its address not in the failure', async () => {
    const refused = `nobody@${REFUSED_DOMAIN}`;
    const answer = await send({ kind: 'manage', args: [refused, links(null)] });
    expect(answer).toMatchObject({ status: 503, body: { failure: 'refused' } });
    expect(JSON.stringify(answer.body)).not.toContain('nobody');
  });

  it('a server that hangs up as soon as it accepts', async () => {
    const rude = await listenSilently(true);
    try {
      const answer = await send({
        kind: 'manage',
        args: [RECIPIENT, links(null)],
        env: { SMTP_PORT: String(rude.port) },
      });
      expect(answer).toMatchObject({ status: 503, body: { failure: 'unreachable' } });
      expect(answer.ms).toBeLessThan(SEND_DEADLINE_MS + 1_000);
    } finally {
      await rude.close();
    }
  }, 20_000);
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A TCP server that says nothing; `hangUp`: and closes every connection at once. */
async function listenSilently(hangUp = false): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => (hangUp ? socket.destroy() : sockets.add(socket)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An SMTP server without AUTH that takes `delayMs` over its greeting and over every reply. */
async function answerSlowly(delayMs: number): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const reply = (line: string) => setTimeout(() => socket.writable && socket.write(`${line}\r\n`), delayMs);
    reply('220 slow.test ESMTP');
    socket.on('data', (chunk) => {
      for (const command of chunk.toString().split('\r\n').filter(Boolean))
        reply(command.startsWith('DATA') ? '354 go on' : '250 ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
