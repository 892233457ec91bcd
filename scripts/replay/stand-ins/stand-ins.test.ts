/**
 * The stand-ins of the official sites, read by the live adapters through the client's local
 * origin: İzmir's derived answer is the API's own byte for byte where we hold one; Adana's list
 * links the newest page out by the night's moment; Bursa's derived answer is read by the live parser
 * row for row as the list kept that night; a night's scrape through them records what a
 * real night records (lists from Adana and İzmir, nothing from Bursa, 403 from Mersin, no answer
 * from the rest), a source down tonight answers nothing, and a document cut off half-way is refused.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../sources/catalogue.ts';
import { createHttpClient } from '../../../sources/lib/http.ts';
import { ADAPTERS, SOURCES } from '../../../sources/registry.ts';
import { openDb } from '../../../store/db.ts';
import { EvidenceFolder } from '../../../store/documents.ts';
import { scrapeAll } from '../../../store/scrape.ts';
import { seedCatalogue, seedHolidays, seedRegistry } from '../../../store/seed.ts';
import { parseBursaApi } from '../../../sources/bursa/live-api.ts';
import { fetchedDocument } from '../../../tests/support/fake-http.ts';
import { izmirAnswer, izmirDays } from './izmir.ts';
import { startStandIns, type StandIns } from './server.ts';

let standIns: StandIns;
beforeAll(async () => {
  standIns = await startStandIns();
});
afterAll(() => standIns.close());

const get = async (url: string) => {
  const response = await fetch(`${standIns.origin}/${url.replace('https://', '')}`);
  return { status: response.status, text: await response.text() };
};

describe('İzmir, derived from the API dump', () => {
  it('the answer for 2026-07-23 is the API answer we hold, byte for byte', () => {
    const saved = readFileSync(new URL('../../../tests/fixtures/izmir/sebzemeyve-2026-07-23.json', import.meta.url));
    expect(Buffer.from(izmirAnswer('2026-07-23', izmirDays().get('2026-07-23')!)).equals(saved)).toBe(true);
  });

  it('a day is answered once its list is out; a Sunday, the fish feed and a day not out yet answer 204', async () => {
    const api = 'https://openapi.izmir.bel.tr/api/ibb/halfiyatlari';
    standIns.night({ at: new Date('2026-06-02T02:30:00Z') });
    expect((await get(`${api}/sebzemeyve/2026-06-01`)).status).toBe(200);
    expect((await get(`${api}/sebzemeyve/2026-06-02`)).status).toBe(204);
    expect((await get(`${api}/sebzemeyve/2026-05-31`)).status).toBe(204);
    expect((await get(`${api}/balik/2026-06-01`)).status).toBe(204);
  });
});

describe('Bursa, derived from the list a scraper kept each night', () => {
  const api = 'https://bapi.bursa.bel.tr/apigateway/acikveri/hal-fiyatlari';
  const manifest = JSON.parse(
    readFileSync(new URL('../../../data/sources/bursa/nights/manifest.json', import.meta.url), 'utf8'),
  ) as { nights: { night: string; moment: string; file: string }[] };

  it("a night's answer is read by the live parser as the night's list, row for row", async () => {
    const night = manifest.nights.find((n) => n.night === '2026-08-01')!;
    const kept = JSON.parse(
      readFileSync(new URL(`../../../data/sources/bursa/nights/${night.file}`, import.meta.url), 'utf8'),
    ) as Record<string, { min: number | null; max: number | null; birim: string }>;
    standIns.night({ at: new Date(night.moment) });
    const answer = await get(api);
    const parsed = parseBursaApi(fetchedDocument(api, answer.text, { requestedDay: '2026-08-01' }));
    expect(parsed.bulletinDays).toEqual(['2026-08-01']);
    expect(parsed.rows.map((r) => [r.name, r.min, r.max, r.unit])).toEqual(
      Object.entries(kept).map(([name, p]) => [name, p.min, p.max, p.birim]),
    );
    expect(parsed.rows.length).toBeGreaterThan(100);
  });

  it('a night before the first kept list answers an empty list: no bulletin', async () => {
    standIns.night({ at: new Date(manifest.nights[0]!.moment.replace('T02:30', 'T02:29')) });
    expect(parseBursaApi(fetchedDocument(api, (await get(api)).text)).rows).toEqual([]);
  });
});

describe('Adana, its real pages by the manifest', () => {
  it('the list links the newest page out by the night: 2626 is 25/06, 2627 was never kept, 2628 is 26/06', async () => {
    const newest = async (at: string) => {
      standIns.night({ at: new Date(at) });
      return /hal-detay\/(\d+)/.exec((await get('https://www.adana.bel.tr/tr/hal-fiyat-listesi')).text)?.[1];
    };
    expect(await newest('2026-06-01T02:30:00Z')).toBe('2601');
    expect(await newest('2026-06-26T02:30:00Z')).toBe('2626');
    expect(await newest('2026-06-27T02:30:00Z')).toBe('2628');
    expect((await get('https://www.adana.bel.tr/tr/hal-detay/2628')).status).toBe(200);
    // Not out yet on that night.
    expect((await get('https://www.adana.bel.tr/tr/hal-detay/2629')).status).toBe(404);
  });
});

describe('a night of the live adapters against the stand-ins', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hal-stand-ins-'));
  const catalogue = loadCatalogue();

  async function scrapeNight(at: string, down: string[] = [], truncated: string[] = []) {
    const db = openDb(join(dir, `${at.slice(0, 10)}-${down.join('')}-${truncated.join('')}.sqlite`));
    seedRegistry(db, SOURCES);
    seedCatalogue(db, catalogue);
    seedHolidays(db);
    standIns.night({ at: new Date(at), down, truncated });
    const now = () => new Date(at);
    const reports = await scrapeAll(db, ADAPTERS, {
      day: '2026-06-01',
      http: createHttpClient({ origin: standIns.origin, backoffMs: 1, now }),
      evidence: new EvidenceFolder(join(dir, 'evidence')),
      catalogue,
      now,
      scheduled: true,
    });
    const stored = db.prepare('SELECT source_key, count(*) AS n FROM observations GROUP BY 1').all() as {
      source_key: string;
      n: number;
    }[];
    db.close();
    return Object.assign(new Map(reports.map((r) => [r.source, r])), {
      stored: new Map(stored.map((r) => [r.source_key, r.n])),
    });
  }

  it('lists from Adana and İzmir, none from Bursa, 403 from Mersin, no answer from the others', async () => {
    const reports = await scrapeNight('2026-06-02T02:30:00Z');
    expect(reports.get('adana')).toMatchObject({ outcome: 'ok', documents: 1 });
    expect(reports.get('izmir')).toMatchObject({ outcome: 'ok', documents: 1 });
    expect(reports.get('bursa')).toMatchObject({ outcome: 'no_bulletin' });
    expect(reports.get('mersin')).toMatchObject({ outcome: 'blocked', httpStatus: 403 });
    expect(reports.get('kocaeli')).toMatchObject({ outcome: 'unreachable' });
    expect(reports.get('trabzon')).toMatchObject({ outcome: 'disabled' });
    const outcomes = [...reports.values()].map((r) => r.outcome);
    expect(outcomes.filter((o) => o === 'unreachable')).toHaveLength(21);
  });

  it('a source down tonight answers nothing: unreachable after its retries', async () => {
    const reports = await scrapeNight('2026-06-02T02:30:00Z', ['adana']);
    expect(reports.get('adana')).toMatchObject({ outcome: 'unreachable', documents: 0 });
    expect(standIns.requests.filter((r) => r.source === 'adana').map((r) => r.status)).toEqual([0, 0, 0, 0]);
    expect(reports.get('izmir')).toMatchObject({ outcome: 'ok' });
  });

  it('a document cut off half-way, its length matching, is refused by the live adapters: no row of it is stored', async () => {
    const whole = await scrapeNight('2026-06-02T02:30:00Z');
    const cut = await scrapeNight('2026-06-02T02:30:00Z', [], ['adana', 'izmir']);
    expect(whole.stored.get('izmir')).toBeGreaterThan(50);
    expect(whole.stored.get('adana')).toBeGreaterThan(50);
    for (const source of ['adana', 'izmir']) {
      expect(cut.get(source)!.outcome, source).toBe('broken');
      expect(cut.stored.get(source), source).toBeUndefined();
    }
  });
});
