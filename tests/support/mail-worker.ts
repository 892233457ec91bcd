/**
 * A worker for the mail tests, run in workerd: it builds one of the alert mails (edge/alerts/mail/
 * messages.ts) and sends it through the production transport, configured by its bindings, which a
 * request may override (a server that refuses AUTH, a port nobody listens on).
 * POST {kind, args, env?} → 204 sent; 503 {failure, ms} when MailFailed; 500 otherwise.
 */
import { confirmationMail, crossingMail, manageLinkMail } from '../../edge/alerts/mail/messages.ts';
import { MailFailed, type MailEnv, type OutgoingMail, mailTransportOf } from '../../edge/alerts/mail/transport.ts';

const BUILDERS = {
  confirmation: (args: unknown[]) => (confirmationMail as (...a: unknown[]) => OutgoingMail)(...args),
  manage: (args: unknown[]) => (manageLinkMail as (...a: unknown[]) => OutgoingMail)(...args),
  crossing: (args: unknown[]) => (crossingMail as (...a: unknown[]) => OutgoingMail)(...args),
  raw: (args: unknown[]) => args[0] as OutgoingMail,
};
export type MailKind = keyof typeof BUILDERS;
export type MailRequest = { kind: MailKind; args: unknown[]; env?: MailEnv };

export default {
  async fetch(request: Request, env: MailEnv): Promise<Response> {
    const asked = (await request.json()) as MailRequest;
    const transport = mailTransportOf({ ...env, ...asked.env });
    if (!transport) return Response.json({ failure: 'unconfigured' }, { status: 503 });
    const started = Date.now();
    try {
      await transport.send(BUILDERS[asked.kind](asked.args));
      return new Response(null, { status: 204 });
    } catch (error) {
      if (error instanceof MailFailed)
        return Response.json(
          { failure: error.failure, message: error.message, ms: Date.now() - started },
          { status: 503 },
        );
      return Response.json({ error: String(error) }, { status: 500 });
    }
  },
};
