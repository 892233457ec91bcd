import { describe, expect, it } from 'vitest';
import { parseWrkResult } from './wrk.ts';

/** wrk 4.1's output of a run with the bench's script, verbatim. */
const OUTPUT = `Running 1s test @ http://127.0.0.1:18931/nope
  2 threads and 2 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     4.30ms    8.23ms  52.87ms   90.33%
    Req/Sec   560.14    280.63     0.96k    71.43%
  Latency Distribution
     50%    0.98ms
     75%    3.48ms
     90%   11.64ms
     99%   43.50ms
  1174 requests in 1.10s, 596.35KB read
  Non-2xx or 3xx responses: 1174
Requests/sec:   1066.85
Transfer/sec:    541.93KB
WRK_RESULT {"requests":1174,"durationUs":1100433,"bytes":610665,"p50Us":976,"p99Us":43497,"status":1174,"socket":0}
`;

describe('parseWrkResult', () => {
  it('reads the script line in milliseconds and seconds, as wrk rounds them', () => {
    const r = parseWrkResult(OUTPUT);
    expect(r).toEqual({
      requests: 1174,
      seconds: 1.100433,
      bytes: 610665,
      p50Ms: 0.976,
      p99Ms: 43.497,
      statusErrors: 1174,
      socketErrors: 0,
    });
    expect(r.requests / r.seconds).toBeCloseTo(1066.85, 1);
  });

  it('refuses output without the line (a script that did not run)', () => {
    expect(() => parseWrkResult(OUTPUT.replace(/^WRK_RESULT.*$/m, ''))).toThrow(/no WRK_RESULT line/);
  });
});
