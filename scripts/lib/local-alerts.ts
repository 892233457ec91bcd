/**
 * Price alerts on the local worker (`npm start`, `npm run serve`): a real SMTP server on 127.0.0.1
 * receives the mails and prints them here, so the whole flow (create, confirm by the mailed link,
 * manage, unsubscribe) can be tried without a mail provider. The counters' secret is new each start.
 */
import { randomBytes } from 'node:crypto';
import { smtpBindings, startSmtpServer, type ReceivedMail } from './local-smtp.ts';

function printMail(mail: ReceivedMail): void {
  console.log(`\n--- mail to ${mail.envelope.to.join(', ')}: ${mail.parsed.subject ?? ''}`);
  console.log((mail.parsed.text ?? '').trimEnd());
  console.log('---');
}

/** The worker's bindings for alerts at `origin`; the mail server lives as long as the process. */
export async function localAlerts(origin: string): Promise<{ bindings: Record<string, string> }> {
  const smtp = await startSmtpServer({ onMail: printMail });
  return {
    bindings: {
      ...smtpBindings(smtp),
      ALERT_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_ORIGIN: origin,
    },
  };
}
