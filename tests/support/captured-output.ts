/**
 * Everything this process writes while a test file runs: its console and its stdout and stderr,
 * where miniflare passes on what the worker in workerd logs. For tests that prove a secret (a key,
 * a token, an address) reaches no log line.
 */
const CONSOLE = ['log', 'info', 'warn', 'error', 'debug'] as const;

export type CapturedOutput = { lines: string[]; restore(): void };

export function captureOutput(): CapturedOutput {
  const lines: string[] = [];
  const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
  const consoled = Object.fromEntries(CONSOLE.map((name) => [name, console[name]]));
  const capture =
    (write: typeof writes.out) =>
    (chunk: unknown, ...rest: unknown[]): boolean => {
      lines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      return (write as (c: unknown, ...r: unknown[]) => boolean)(chunk, ...rest);
    };
  process.stdout.write = capture(writes.out) as typeof process.stdout.write;
  process.stderr.write = capture(writes.err) as typeof process.stderr.write;
  for (const name of CONSOLE)
    console[name] = (...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
      consoled[name]!(...args);
    };
  return {
    lines,
    restore() {
      process.stdout.write = writes.out;
      process.stderr.write = writes.err;
      for (const name of CONSOLE) console[name] = consoled[name]!;
    },
  };
}
