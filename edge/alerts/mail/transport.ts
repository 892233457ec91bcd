/**
 * The alert mails' transport: SMTP from the worker over its TCP sockets (worker-mailer), configured
 * by the worker's secrets and vars. One SMTP session per mail: the routes send one mail per request
 * and the notifier only one per crossing, so a session of its own costs a handshake and buys a
 * mail whose refusal (a bad recipient, a dropped line) cannot fail the ones after it, and nothing
 * to close if the request ends early. Failures surface as `MailFailed`, whose message names a
 * stage, never an address: the server's replies quote the envelope, so none of them is kept.
 */
import { withTimeout } from '../../runtime/timeout.ts';
import { SEND_DEADLINE_MS } from './deadlines.ts';
import type { SmtpConfig } from './smtp-session.ts';
import { subjectHeader } from './subject.ts';

export type OutgoingMail = { to: string; subject: string; text: string; html: string; headers: Record<string, string> };
export type MailTransport = { send(mail: OutgoingMail): Promise<void> };
export type MailEnv = {
  SMTP_HOST?: string;
  SMTP_PORT?: string;
  SMTP_USER?: string;
  SMTP_PASSWORD?: string;
  SMTP_SECURITY?: string;
  MAIL_FROM?: string;
};

/** Where a send failed; what the caller may log (with the mail's kind) and nothing more. */
export type MailFailure = 'config' | 'unreachable' | 'auth' | 'refused' | 'timeout';

export class MailFailed extends Error {
  constructor(readonly failure: MailFailure) {
    super(`mail not sent: ${failure}`);
    this.name = 'MailFailed';
  }
}

/** `tls`: TLS from the first byte (465); `starttls`: upgraded in the session (587); `none`: a local server only. */
const SECURITY = ['tls', 'starttls', 'none'] as const;
type Security = (typeof SECURITY)[number];
const DEFAULT_PORT: Record<Security, number> = { tls: 465, starttls: 587, none: 25 };
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** The sender's display name in every mail. */
const SENDER_NAME = 'Hal API';

/** An address as an envelope may carry it: no spaces, angle brackets or line breaks to escape the command. */
const ENVELOPE_ADDRESS = /^[^\s<>@]+@[^\s<>@]+$/;
/** A header value that could start another header line. */
const LINE_BREAK = /[\r\n]/;

/** null when not configured (the routes then answer 503 ALERTS_UNAVAILABLE) */
export function mailTransportOf(env: MailEnv): MailTransport | null {
  const host = env.SMTP_HOST?.trim();
  const from = env.MAIL_FROM?.trim();
  const security = (env.SMTP_SECURITY?.trim() || 'starttls') as Security;
  if (!host || !from || !ENVELOPE_ADDRESS.test(from) || !SECURITY.includes(security)) return null;
  // Credentials in the clear only to a server on this machine.
  if (security === 'none' && !LOOPBACK.has(host)) return null;
  const port = env.SMTP_PORT ? Number(env.SMTP_PORT) : DEFAULT_PORT[security];
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return null;
  const user = env.SMTP_USER ?? '';
  const password = env.SMTP_PASSWORD ?? '';
  if (Boolean(user) !== Boolean(password)) return null;

  const config: SmtpConfig = { host, port, security, user, password };
  return {
    async send(mail) {
      if (!ENVELOPE_ADDRESS.test(mail.to)) throw new MailFailed('config');
      if ([mail.subject, ...Object.keys(mail.headers), ...Object.values(mail.headers)].some((v) => LINE_BREAK.test(v)))
        throw new MailFailed('config');
      // Loaded at the first mail: worker-mailer needs the runtime's sockets, which Node (the benches
      // that run the worker's handler in-process) does not have.
      const { sendOverSmtp } = await import('./smtp-session.ts');
      const sending = sendOverSmtp(config, {
        from: { name: SENDER_NAME, email: from },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { ...mail.headers, Subject: subjectHeader(mail.subject) },
      });
      try {
        await withTimeout(sending, SEND_DEADLINE_MS, () => new MailFailed('timeout'));
      } catch (error) {
        sending.catch(() => {});
        throw error instanceof MailFailed ? error : new MailFailed(failureOf(error));
      }
    },
  };
}

/** The stage a worker-mailer error names (its messages, not a code: the library has none). */
function failureOf(error: unknown): MailFailure {
  const message = error instanceof Error ? error.message : String(error);
  // Only the start of a message: the rest quotes the server's reply, and so the envelope.
  if (
    /^(Failed to (plain|login|cram-md5) authentication|Invalid login|Invalid CRAM-MD5|No supported auth)/.test(message)
  )
    return 'auth';
  if (/^smtp server requires authentication/.test(message)) return 'config';
  if (message.startsWith('Timeout while waiting')) return 'timeout';
  if (/^(Invalid (MAIL FROM|RCPT TO)|Failed to send DATA|Failed send email body)/.test(message)) return 'refused';
  // Refused or dropped connections, the server's hang-up (./hang-up.ts), a failed TLS upgrade.
  return 'unreachable';
}
