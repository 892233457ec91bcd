/** One SMTP session through worker-mailer (Workers TCP sockets), with the reader fix of ./hang-up.ts. */
import { LogLevel, WorkerMailer, type EmailOptions } from 'worker-mailer';
import { STEP_TIMEOUT_MS } from './deadlines.ts';
import './hang-up.ts';

export type SmtpConfig = {
  host: string;
  port: number;
  security: string;
  user: string;
  password: string;
};

export function sendOverSmtp(config: SmtpConfig, email: EmailOptions): Promise<void> {
  return WorkerMailer.send(
    {
      host: config.host,
      port: config.port,
      secure: config.security === 'tls',
      startTls: config.security === 'starttls',
      ...(config.user ? { credentials: { username: config.user, password: config.password } } : {}),
      authType: ['plain', 'login', 'cram-md5'],
      // Its log lines quote the server's replies, which quote the envelope's addresses.
      logLevel: LogLevel.NONE,
      // Both: the library times its replies by socketTimeoutMs, whatever responseTimeoutMs says.
      socketTimeoutMs: STEP_TIMEOUT_MS,
      responseTimeoutMs: STEP_TIMEOUT_MS,
    },
    email,
  );
}
