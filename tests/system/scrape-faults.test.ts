/**
 * The scrape fault matrix over real HTTP: a local server (tests/support/fault-server.ts) plays
 * İzmir, Ankara and HKS from their saved documents (tests/support/fault-sites.ts), the real
 * client and the real adapters collect, and one fault is injected per cell. Every cell starts
 * from a store holding the source's good night, runs one scheduled night with the fault, and
 * checks the run's outcome, the source's status, health and the warnings of its latest rows as
 * the next build publishes them, and that no stored observation changed. Retries and the body
 * limit are the night's defaults; timeouts and pauses are short.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, type Day } from '../../core/dates.ts';
import type { Db } from '../../store/db.ts';
import type { HttpOptions } from '../../sources/lib/http.ts';
import { refusingOrigin, type Answer, type SiteRequest } from '../support/fault-server.ts';
import { ANKARA, bodyOf, HKS, IZMIR, SITES, type ListMode, type Site } from '../support/fault-sites.ts';
import { copyOf, observationRows, runNight, seededStore, sourceView, storedSince } from '../support/scrape-nights.ts';

/**
 * The client of a night: the default retries and body limit, short pauses. The timeout is
 * short only where a fault waits for it (a busy machine must not time out a good answer).
 */
const CLIENT: HttpOptions = { timeoutMs: 10_000, backoffMs: 10 };
const SHORT_TIMEOUT: HttpOptions = { ...CLIENT, timeoutMs: 250 };
/** The body limit scaled down as the timeouts are (sources/lib/http.test.ts streams past the real 20 MB). */
const SMALL_LIMIT: HttpOptions = { ...CLIENT, maxBodyBytes: 1024 * 1024 };
const ERROR_PAGE =
  '<!DOCTYPE html><html><head><title>Hata</title></head><body><h1>Hizmet geçici olarak kullanılamıyor</h1></body></html>';

/** The eve of Kurban Bayramı 2026 (a half day, markets trade); 27–30 May are holidays. */
const EVE = '2026-05-26';
/**
 * How each source answers on a holiday: İzmir's API repeats the previous bulletin under its own
 * BultenTarihi (MANIFEST.md); Ankara's page repeats its last list under the day asked (its
 * scraper database's Sundays repeat Saturday's list); HKS is assumed to show its latest bulletin.
 */
const ON_HOLIDAY = new Map<Site, ListMode>([
  [IZMIR, { asOf: EVE }],
  [ANKARA, 'redated'],
  [HKS, { asOf: EVE }],
]);

type Fault = {
  name: string;
  /** the answer in place of the site's for this request; null: the site answers */
  answer?(site: Site, req: SiteRequest, listRequest: number): Answer | null;
  refused?: boolean;
  mode?: ListMode;
  http?: HttpOptions;
  /** what the run's message says, for every source */
  says?: string;
};

const onList =
  (make: (site: Site, req: SiteRequest, n: number) => Answer) => (site: Site, req: SiteRequest, n: number) =>
    site.isList(req) ? make(site, req, n) : null;
const listBody = (site: Site, req: SiteRequest) => bodyOf(site.serve(req, 'redated'));

/** The answer ended by the server itself after the middle row (HTML) or the middle byte (JSON). */
function cutShort(body: Uint8Array): Uint8Array {
  const text = Buffer.from(body).toString('latin1');
  const row = text.indexOf('</tr>', text.length >> 1);
  return body.subarray(0, row > 0 ? row + '</tr>'.length : text.length >> 1);
}

// What the next build says after one faulty night, per source (İzmir, Ankara, HKS): outcome ·
// status/health · warnings of the latest rows · requests for the list · observations added.
// A failed night only warns until the data is late: HKS (one day of lag) is not late yet.
const NETWORK = [
  'unreachable · verified/warning · data_delayed, last_fetch_failed',
  'unreachable · verified/warning · data_delayed, last_fetch_failed',
  'unreachable · verified/warning · —',
];
const BLOCKED = [
  'blocked · blocked/failed · data_delayed, source_blocked',
  'blocked · blocked/failed · data_delayed, source_blocked',
  'blocked · blocked/failed · source_blocked',
];
const BROKEN = [
  'broken · broken/failed · data_delayed, source_broken',
  'broken · broken/failed · data_delayed, source_broken',
  'broken · broken/failed · source_broken',
];
const cells = (base: string[], requests: number[], added = [0, 0, 0]) =>
  base.map((b, i) => `${b} · ${requests[i]} req · +${added[i]}`);

const FAULTS: (Fault & { expected: string[] })[] = [
  {
    name: 'timeout before headers',
    answer: onList(() => ({ fault: 'hang' })),
    http: SHORT_TIMEOUT,
    says: 'no complete answer within 250 ms',
    expected: cells(NETWORK, [4, 4, 4]),
  },
  {
    name: 'stall mid-body',
    answer: onList((site, req) => ({ fault: 'stall-body', body: listBody(site, req) })),
    http: SHORT_TIMEOUT,
    says: 'no complete answer within 250 ms',
    expected: cells(NETWORK, [4, 4, 4]),
  },
  {
    name: 'reset mid-body',
    answer: onList((site, req) => ({ fault: 'reset-body', body: listBody(site, req) })),
    says: 'ECONNRESET',
    expected: cells(NETWORK, [4, 4, 4]),
  },
  { name: 'refused connection', refused: true, expected: cells(NETWORK, [0, 0, 0]) },
  { name: 'HTTP 403', answer: onList(() => ({ status: 403, body: 'Forbidden' })), expected: cells(BLOCKED, [1, 1, 1]) },
  {
    name: 'HTTP 429',
    answer: onList(() => ({ status: 429, headers: { 'retry-after': '3600' }, body: 'Too Many Requests' })),
    says: 'HTTP 429',
    expected: cells(BLOCKED, [1, 1, 1]),
  },
  {
    name: 'HTTP 500',
    answer: onList(() => ({ status: 500, body: 'Internal Server Error' })),
    expected: cells(NETWORK, [4, 4, 4]),
  },
  {
    name: 'HTTP 503, then 200',
    answer: (site, req, n) => (site.isList(req) && n === 1 ? { status: 503, body: 'Service Unavailable' } : null),
    expected: cells(Array(3).fill('ok · verified/healthy · —'), [2, 5, 19], [95, 137, 260]),
  },
  {
    name: 'truncated document (after a row)',
    answer: onList((site, req) => ({ body: cutShort(listBody(site, req)) })),
    expected: cells(BROKEN, [1, 4, 1]),
  },
  {
    name: 'HTML error page with 200',
    answer: onList(() => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: ERROR_PAGE })),
    expected: cells(BROKEN, [1, 4, 1]),
  },
  // İzmir's list key; Ankara's csrf-token meta (the token step); HKS's date field.
  { name: 'renamed key', answer: (site, req) => site.renamedKey(req), expected: cells(BROKEN, [1, 0, 0]) },
  {
    name: 'empty list',
    answer: onList((site, req) => site.emptyList(req)),
    expected: cells(
      [
        'no_bulletin · verified/delayed · data_delayed',
        'no_bulletin · verified/delayed · data_delayed',
        'no_bulletin · verified/healthy · —',
      ],
      [1, 4, 1],
    ),
  },
  // İzmir documents 204 as "no bulletin"; a page that answers a form with nothing has changed.
  {
    name: 'HTTP 204',
    answer: onList(() => ({ status: 204 })),
    expected: cells(['no_bulletin · verified/delayed · data_delayed', BROKEN[1]!, BROKEN[2]!], [1, 4, 1]),
  },
  {
    name: 'the same bulletin again',
    mode: 'as printed',
    expected: cells(
      [
        'unchanged · verified/delayed · data_delayed',
        'unchanged · verified/delayed · data_delayed',
        'unchanged · verified/healthy · —',
      ],
      [1, 4, 18],
    ),
  },
  {
    name: 'oversized body (50 MB, no length; limit scaled to 1 MB)',
    answer: onList(() => ({ fault: 'oversized', bytes: 50 * 1024 * 1024 })),
    http: SMALL_LIMIT,
    says: 'is larger than the maximum of 1 MB (more than 1048576 bytes streamed, reading stopped)',
    expected: cells(BROKEN, [1, 1, 1]),
  },
];

type Cell = {
  outcome: string;
  message: string;
  status: string;
  health: string;
  warnings: string[];
  listRequests: number;
  added: number;
  storedUnchanged: boolean;
};
/** outcome · status/health · warnings of the latest rows · requests for the list */
const summary = (c: Cell) =>
  `${c.outcome} · ${c.status}/${c.health} · ${c.warnings.join(', ') || '—'} · ${c.listRequests} req`;
const matrix = new Map<string, Map<Site, string>>();
const record = (row: string, site: Site, text: string) =>
  matrix.set(row, (matrix.get(row) ?? new Map<Site, string>()).set(site, text));

const goodNights = new Map<string, Buffer>();
/** A store holding the source's good night for `day`: its saved list under that day. */
async function afterGoodNight(site: Site, day: Day = site.day): Promise<Db> {
  const key = `${site.name} ${day}`;
  if (!goodNights.has(key)) {
    const db = seededStore();
    const night = await runNight(db, {
      adapters: [site.adapter],
      day,
      answer: (req) => site.serve(req, 'redated'),
      http: CLIENT,
    });
    expect(night.reports[0]).toMatchObject({ outcome: 'ok' });
    goodNights.set(key, db.serialize());
  }
  return copyOf(goodNights.get(key)!);
}

/** One night of `site` for `day` with the fault; the cell as the build of the next day sees it. */
async function faultyNight(db: Db, site: Site, day: Day, fault: Fault): Promise<Cell> {
  const before = observationRows(db);
  let listRequests = 0;
  const night = await runNight(db, {
    adapters: [site.adapter],
    day,
    http: fault.http ?? CLIENT,
    origin: fault.refused ? await refusingOrigin() : undefined,
    answer(req) {
      if (site.isList(req)) listRequests++;
      return fault.answer?.(site, req, listRequests) ?? site.serve(req, fault.mode ?? 'redated');
    },
  });
  const view = sourceView(db, site.adapter.definition.key, addDays(day, 1));
  const stored = storedSince(before, db);
  return {
    outcome: night.reports[0]!.outcome,
    message: night.reports[0]!.message,
    status: view.status,
    health: view.health,
    warnings: view.warnings,
    listRequests,
    added: stored.added,
    storedUnchanged: stored.digestAfter === stored.digestBefore,
  };
}

/** The repeat flags of the source's bulletins, per market, oldest first. */
const repeatFlags = (db: Db, site: Site) =>
  db
    .prepare(
      "SELECT market_slug, group_concat(repeats_previous, '') AS flags FROM (SELECT * FROM bulletins WHERE source_key = ? ORDER BY data_day) GROUP BY market_slug ORDER BY market_slug",
    )
    .all(site.adapter.definition.key) as { market_slug: string; flags: string }[];

describe.each(FAULTS)('$name', (fault) => {
  it.each(SITES.map((site, i) => ({ site, expected: fault.expected[i]!, name: site.name })))(
    '$name',
    async ({ site, expected }) => {
      const cell = await faultyNight(await afterGoodNight(site), site, addDays(site.day, 1), fault);
      record(fault.name, site, `${summary(cell)} · +${cell.added}`);
      expect(`${summary(cell)} · +${cell.added}`).toBe(expected);
      if (fault.says) expect(cell.message).toContain(fault.says);
      expect(cell.storedUnchanged).toBe(true);
    },
  );
});

describe('over several nights', () => {
  it.each(SITES)('a stall mid-body two nights running: unreachable, failed — $name', async (site) => {
    const db = await afterGoodNight(site);
    const stall = FAULTS.find((f) => f.name === 'stall mid-body')!;
    const nights = [
      await faultyNight(db, site, addDays(site.day, 1), stall),
      await faultyNight(db, site, addDays(site.day, 2), stall),
    ];
    record('stall mid-body, two nights', site, summary(nights[1]!));
    expect(summary(nights[1]!)).toBe('unreachable · unreachable/failed · data_delayed, source_unreachable · 4 req');
    expect(nights.every((c) => c.storedUnchanged)).toBe(true);
  });

  it.each(SITES)(
    'the same prices under a new date six nights running: frozen from the fourth repeat — $name',
    async (site) => {
      const db = await afterGoodNight(site);
      const nights: Cell[] = [];
      for (let n = 1; n <= 6; n++)
        nights.push(await faultyNight(db, site, addDays(site.day, n), { name: 'frozen list', mode: 'redated' }));
      record(
        'frozen list, six nights',
        site,
        `${summary(nights.at(-1)!)} · status by night: ${nights.map((c) => c.status).join(', ')}`,
      );
      expect(nights.map((c) => c.status)).toEqual(['verified', 'verified', 'verified', 'frozen', 'frozen', 'frozen']);
      expect(nights.at(-1)).toMatchObject({
        outcome: 'ok',
        status: 'frozen',
        health: 'warning',
        warnings: ['source_frozen'],
      });
      expect(repeatFlags(db, site).every((m) => m.flags === '0111111')).toBe(true);
      expect(nights.every((c) => c.storedUnchanged)).toBe(true);
    },
  );

  it.each(SITES)('a holiday repeat (Kurban Bayramı, 27–28 May 2026): neither frozen nor late — $name', async (site) => {
    const db = await afterGoodNight(site, EVE);
    const nights: Cell[] = [];
    for (const day of ['2026-05-27', '2026-05-28'])
      nights.push(await faultyNight(db, site, day, { name: 'holiday repeat', mode: ON_HOLIDAY.get(site)! }));
    record(
      'holiday repeat, two nights',
      site,
      `${summary(nights.at(-1)!)} · repeat flags ${repeatFlags(db, site)
        .map((m) => m.flags)
        .join(' ')}`,
    );
    // İzmir and HKS answer with the bulletin already stored; Ankara prints it again under the holiday's date.
    const again = site === ANKARA ? 'ok' : 'unchanged';
    expect(nights.map((c) => c.outcome)).toEqual([again, again]);
    expect(nights.at(-1)).toMatchObject({ status: 'verified', health: 'healthy', warnings: [] });
    expect(repeatFlags(db, site).map((m) => m.flags)).toEqual(site === ANKARA ? ['011', '011'] : ['0']);
    expect(nights.every((c) => c.storedUnchanged)).toBe(true);
  });
});

afterAll(() => {
  const lines = [`| fault | ${SITES.map((s) => s.name).join(' | ')} |`, `|---|${SITES.map(() => '---|').join('')}`];
  for (const [row, bySite] of matrix) lines.push(`| ${row} | ${SITES.map((s) => bySite.get(s) ?? '').join(' | ')} |`);
  console.log(lines.join('\n'));
});
