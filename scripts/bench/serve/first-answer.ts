/**
 * One request before a load run, as the run's requests are made: its status, content coding and
 * bytes as sent (undecoded), so the table shows what each row measured, and it warms the path.
 */
import { get } from 'node:http';

export type Answer = { status: number; coding: string; bytes: number };

let client = 0;

export function firstAnswer(url: URL): Promise<Answer> {
  // An address outside the load runs' 10.0.0.0/8, new each time.
  const address = `192.0.2.${(client++ % 254) + 1}`;
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br, gzip', 'cf-connecting-ip': address } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          coding: response.headers['content-encoding'] ?? 'identity',
          bytes,
        }),
      );
    }).on('error', reject);
  });
}
