/**
 * worker-mailer reads a reply in a loop that skips an empty read: when the server hangs up, every
 * read answers `done` at once and the loop spins on microtasks, so no timer (its own time-out, our
 * deadline) ever runs and the request burns CPU until the runtime kills it. Its reader is replaced
 * by one that fails on `done`, as any other dropped line fails. The same reply framing as the
 * library's: a reply ends with the first line whose code is not followed by `-`.
 */
import { WorkerMailer } from 'worker-mailer';

type Session = { reader: ReadableStreamDefaultReader<Uint8Array> };

const decoder = new TextDecoder('utf-8');

const HUNG_UP = 'Connection closed by the SMTP server';

async function readReply(this: Session): Promise<string> {
  let reply = '';
  for (;;) {
    const { value, done } = await this.reader.read();
    if (done) throw new Error(HUNG_UP);
    if (!value) continue;
    reply += decoder.decode(value, { stream: true });
    if (!reply.endsWith('\n')) continue;
    const lines = reply.split(/\r?\n/);
    if (!/^\d+-/.test(lines[lines.length - 2] ?? '')) return reply;
  }
}

const prototype = WorkerMailer.prototype as unknown as { read?: unknown };
if (typeof prototype.read !== 'function') throw new Error('worker-mailer changed: its reply reader is gone');
prototype.read = readReply;
