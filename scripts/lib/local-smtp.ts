/**
 * A real SMTP server on 127.0.0.1 for the tests and for `npm start` (smtp-server), which the local
 * worker sends the alert mails to (smtpBindings): AUTH required, in the clear (no
 * STARTTLS, `allowInsecureAuth`), so the worker's transport speaks the whole protocol to it. Each
 * message is kept as the server received it (envelope and raw source) and as mailparser reads it.
 */
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** the envelope: MAIL FROM and every RCPT TO, as the client sent them */
  envelope: { from: string | null; to: string[] };
  /** the DATA as received, CRLF line ends, dot-stuffing removed */
  raw: string;
  parsed: ParsedMail;
};

export type SmtpServer = {
  host: string;
  port: number;
  user: string;
  password: string;
  messages: ReceivedMail[];
  /** resolves once `count` messages arrived; fails after `timeoutMs` */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

export type SmtpServerOptions = {
  /** refuse every AUTH with 535, whatever the credentials */
  refuseAuth?: boolean;
  /** called with each message once received */
  onMail?: (mail: ReceivedMail) => void;
};

/** Recipients the server refuses with 550, as a real server refuses an unknown mailbox. */
export const REFUSED_DOMAIN = 'refused.invalid';

const HOST = '127.0.0.1';

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<SmtpServer> {
  const user = 'hal-test';
  const password = randomBytes(12).toString('hex');
  const messages: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (!options.refuseAuth && auth.username === user && auth.password === password) return callback(null, { user });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (!address.address.endsWith(`@${REFUSED_DOMAIN}`)) return callback();
      return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        simpleParser(raw).then(
          (parsed) => {
            messages.push({ envelope, raw, parsed });
            options.onMail?.(messages.at(-1)!);
            for (const wake of waiting) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  const waitFor = (count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (messages.length < count) return;
        cleanup();
        resolve(messages.slice(0, count));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${messages.length} of ${count} mails received within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiting.delete(check);
      };
      waiting.add(check);
      check();
    });

  return {
    host: HOST,
    port,
    user,
    password,
    messages,
    waitFor,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The addresses of a parsed To/From header, whether mailparser gives one object or a list. */
export function addressesOf(header: AddressObject | AddressObject[] | undefined): string[] {
  if (!header) return [];
  return (Array.isArray(header) ? header : [header]).flatMap((h) => h.value.map((a) => a.address ?? ''));
}

/** The worker's mail settings for this server (edge/alerts/mail/transport.ts). */
export function smtpBindings(smtp: SmtpServer, from = 'alarm@localhost.localdomain'): Record<string, string> {
  return {
    SMTP_HOST: smtp.host,
    SMTP_PORT: String(smtp.port),
    SMTP_USER: smtp.user,
    SMTP_PASSWORD: smtp.password,
    SMTP_SECURITY: 'none',
    MAIL_FROM: from,
  };
}
