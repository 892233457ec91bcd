/**
 * One load run with wrk: fixed threads and connections for a duration, every request from a new
 * client address (`cf-connecting-ip`, so the worker's per-address rate limit never trips) and
 * asking for `br, gzip` as browsers do. The script's `done` hook writes the figures as one JSON
 * line, read back here, rather than wrk's rounded human summary.
 */
import { execFile, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const WRK = '/usr/bin/wrk';

export type WrkOptions = { threads: number; connections: number; durationSeconds: number };

/** `statusErrors`: answers outside 2xx/3xx; `socketErrors`: connect, read, write errors and timeouts */
export type WrkResult = {
  requests: number;
  seconds: number;
  bytes: number;
  p50Ms: number;
  p99Ms: number;
  statusErrors: number;
  socketErrors: number;
};

const MARK = 'WRK_RESULT ';

/**
 * Arguments: the run's number and the thread count. Each run takes its own block of 2^20
 * addresses in 10.0.0.0/8, each thread every n-th of them, so no address repeats within a run
 * or across the next fifteen runs.
 */
const SCRIPT = `
local threads_started = 0
function setup(thread)
  thread:set("index", threads_started)
  threads_started = threads_started + 1
end
local counter = 0
function init(args)
  run = tonumber(args[1]) or 0
  threads = tonumber(args[2]) or 1
  wrk.headers["Accept-Encoding"] = "br, gzip"
end
function request()
  counter = counter + 1
  local n = (run % 16) * 1048576 + (counter * threads + index) % 1048576
  local a, b, c = math.floor(n / 65536), math.floor(n / 256) % 256, n % 256
  wrk.headers["cf-connecting-ip"] = string.format("10.%d.%d.%d", a, b, c)
  return wrk.format(nil, nil, wrk.headers)
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('${MARK}{"requests":%d,"durationUs":%d,"bytes":%d,"p50Us":%d,"p99Us":%d,' ..
    '"status":%d,"socket":%d}\\n', summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(99), e.status, e.connect + e.read + e.write + e.timeout))
end
`;

export const wrkInstalled = (): boolean => spawnSync(WRK, ['--version']).error === undefined;

/** Writes the request script into `dir` and answers a function running one load run per call. */
export function wrkRunner(dir: string, options: WrkOptions): (url: string) => Promise<WrkResult> {
  const script = join(dir, 'fresh-address.lua');
  writeFileSync(script, SCRIPT);
  let run = 0;
  return (url) =>
    new Promise((resolve, reject) => {
      const args = [
        ...['-t', String(options.threads), '-c', String(options.connections), '-d', `${options.durationSeconds}s`],
        // The slowest answers must count in the percentiles, not drop out as timeouts.
        ...['--timeout', '60s', '--latency', '-s', script, url, '--', String(run++), String(options.threads)],
      ];
      execFile(WRK, args, { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`wrk ${url}: ${error.message}\n${stderr}`));
        else resolve(parseWrkResult(stdout));
      });
    });
}

/** The figures of the script's `done` line in wrk's output (microseconds → milliseconds and seconds). */
export function parseWrkResult(stdout: string): WrkResult {
  const line = stdout.split('\n').find((l) => l.startsWith(MARK));
  if (!line) throw new Error(`no ${MARK.trim()} line in wrk's output:\n${stdout}`);
  const r = JSON.parse(line.slice(MARK.length)) as Record<string, number>;
  return {
    requests: r.requests!,
    seconds: r.durationUs! / 1e6,
    bytes: r.bytes!,
    p50Ms: r.p50Us! / 1000,
    p99Ms: r.p99Us! / 1000,
    statusErrors: r.status!,
    socketErrors: r.socket!,
  };
}
