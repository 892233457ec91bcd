/**
 * The İzmir live JSON API parser on fixtures rebuilt from the real 2026 API dump
 * (tests/fixtures/izmir/README.md says how). The day 2026-07-23 has 95 rows in the dump
 * (`grep -c ',2026-07-23,' FILE`, lines 14611–14705).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LayoutError, type PrintedRow } from '../types.ts';
import { parseIzmirApiDump } from './api-dump.ts';
import { izmirApiUrl, MARKET_OF_FEED, parseIzmirLiveJson, PARSER } from './live-api.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import ROWS from './live-api.rows.json' with { type: 'json' };

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/izmir/${name}`, import.meta.url), 'utf8');
const DAY = fixture('sebzemeyve-2026-07-23.json');
const DOTTED_STRINGS = fixture('sebzemeyve-2026-07-23-dotted-strings.json');
const HOLIDAY = fixture('sebzemeyve-requested-2026-05-27-holiday.json');
const DUMP = parseIzmirApiDump(
  readFileSync(
    new URL('../../data/sources/izmir/izbb-sebzemeyve-hal-fiyatlari-2026_api-derived.csv', import.meta.url),
    'utf8',
  ),
);

/** What a row says about the market, independent of the document it came from. */
const values = (r: PrintedRow) => [r.dataDay, r.market, r.name, r.unit, r.group, r.min, r.max, r.avg];

describe('İzmir live API: a bulletin day', () => {
  it('reads BultenTarihi `2026-07-23T00:00:00` as data day 2026-07-23', () => {
    const doc = parseIzmirLiveJson(DAY, 'sebzemeyve');
    expect(doc.bulletinDays).toEqual(['2026-07-23']);
    expect(new Set(doc.rows.map((r) => r.dataDay))).toEqual(new Set(['2026-07-23']));
  });

  it('reads BultenTarihi `23.07.2026` as the same day', () => {
    expect(JSON.parse(DOTTED_STRINGS).BultenTarihi).toBe('23.07.2026');
    expect(parseIzmirLiveJson(DOTTED_STRINGS, 'sebzemeyve').bulletinDays).toEqual(['2026-07-23']);
  });

  it('has as many rows as the dump has for that day, with the same values in the same order', () => {
    const live = parseIzmirLiveJson(DAY, 'sebzemeyve').rows;
    const dumped = DUMP.rows.filter((r) => r.dataDay === '2026-07-23');
    expect(live).toHaveLength(95);
    expect(dumped).toHaveLength(95);
    expect(live.map(values)).toEqual(dumped.map(values));
  });

  it('reads spot values as the API prints them', () => {
    const rows = parseIzmirLiveJson(DAY, 'sebzemeyve').rows;
    // dump line 14612: 117.5,ANANAS,ADET,85,150,53,,1,3,İTHAL,8d021386-….jpg,2026-07-23,117.5
    expect(rows[1]).toEqual(ROWS.ANANAS);
    // dump line 14613: 90.0,ARMUT  DEVECI,KG,80,100,199,…,MEYVE,…
    expect(rows[2]).toMatchObject({ name: 'ARMUT  DEVECI', unit: 'KG', group: 'MEYVE', min: 80, max: 100, avg: 90 });
    // dump line 14704: 85.0,ÜZÜM  SİYAH,KG,70,100,1500,…
    expect(rows[93]).toMatchObject({
      name: 'ÜZÜM  SİYAH',
      min: 70,
      max: 100,
      avg: 85,
      location: 'HalFiyatListesi[93]',
    });
    // dump line 14705: 50.0,ŞEFTALI,KG,30,70,64,…
    expect(rows.at(-1)).toMatchObject({
      name: 'ŞEFTALI',
      unit: 'KG',
      min: 30,
      max: 70,
      avg: 50,
      location: 'HalFiyatListesi[94]',
    });
  });

  it('reads prices sent as strings with a decimal comma (`"117,5"`) like JSON numbers', () => {
    const strings = parseIzmirLiveJson(DOTTED_STRINGS, 'sebzemeyve').rows;
    expect(JSON.parse(DOTTED_STRINGS).HalFiyatListesi[1].OrtalamaUcret).toBe('117,5');
    expect(strings[1]).toMatchObject({ name: 'ANANAS', min: 85, max: 150, avg: 117.5 });
    expect(strings.map(values)).toEqual(parseIzmirLiveJson(DAY, 'sebzemeyve').rows.map(values));
  });

  it('reads a missing or null price as no quote and a placeholder string as null', () => {
    const body = JSON.stringify({
      BultenTarihi: '2026-07-23T00:00:00',
      HalFiyatListesi: [
        {
          MalAdi: 'ANANAS',
          Birim: 'ADET',
          MalTipAdi: 'İTHAL',
          AsgariUcret: '42,5',
          AzamiUcret: null,
          OrtalamaUcret: 'Fiyat Bekleniyor',
        },
      ],
    });
    expect(parseIzmirLiveJson(body, 'sebzemeyve').rows[0]).toMatchObject({ min: 42.5, max: null, avg: null });
  });
});

describe('İzmir live API: holidays and empty days', () => {
  it('takes the data day from BultenTarihi, so a holiday answer repeating the previous bulletin yields that day', () => {
    // requested 2026-05-27 (Kurban Bayramı); the answer repeats the bulletin of 2026-05-26
    const doc = parseIzmirLiveJson(HOLIDAY, 'sebzemeyve');
    expect(doc.bulletinDays).toEqual(['2026-05-26']);
    expect(doc.rows).toHaveLength(90);
    expect(doc.rows.map(values)).toEqual(DUMP.rows.filter((r) => r.dataDay === '2026-05-26').map(values));
  });

  it('reads an empty body (HTTP 204) as no bulletin', () => {
    expect(parseIzmirLiveJson('', 'sebzemeyve')).toEqual({ rows: [], bulletinDays: [] });
    expect(parseIzmirLiveJson('  \n', 'balik')).toEqual({ rows: [], bulletinDays: [] });
  });

  it('reads an empty or null HalFiyatListesi as no bulletin, whatever BultenTarihi says', () => {
    expect(parseIzmirLiveJson('{"BultenTarihi":"2026-07-24T00:00:00","HalFiyatListesi":[]}', 'sebzemeyve')).toEqual({
      rows: [],
      bulletinDays: [],
    });
    expect(parseIzmirLiveJson('{"BultenTarihi":null,"HalFiyatListesi":[]}', 'sebzemeyve')).toEqual({
      rows: [],
      bulletinDays: [],
    });
    expect(parseIzmirLiveJson('{"BultenTarihi":null,"HalFiyatListesi":null}', 'sebzemeyve')).toEqual({
      rows: [],
      bulletinDays: [],
    });
  });
});

describe('İzmir live API: feeds', () => {
  it('maps the fish feed to market izmir-balik and the fruit and vegetable feed to izmir-sebze-meyve', () => {
    expect(MARKET_OF_FEED).toEqual({ sebzemeyve: 'izmir-sebze-meyve', balik: 'izmir-balik' });
    // No real fish document is in the repository; the feed only decides the market key.
    const fish = parseIzmirLiveJson(DAY, 'balik');
    expect(new Set(fish.rows.map((r) => r.market))).toEqual(new Set(['izmir-balik']));
    expect(fish.rows).toHaveLength(95);
  });

  it('builds the documented URL', () => {
    expect(izmirApiUrl('sebzemeyve', '2026-07-23')).toBe(
      'https://openapi.izmir.bel.tr/api/ibb/halfiyatlari/sebzemeyve/2026-07-23',
    );
    expect(izmirApiUrl('balik', '2026-07-23')).toBe(
      'https://openapi.izmir.bel.tr/api/ibb/halfiyatlari/balik/2026-07-23',
    );
  });
});

describe('İzmir live API: a changed layout is loud', () => {
  it('throws on a document without HalFiyatListesi', () => {
    expect(
      expectLayoutError(PARSER, () => parseIzmirLiveJson('{"BultenTarihi":"2026-07-23T00:00:00"}', 'sebzemeyve'))
        .message,
    ).toBe('izmir-openapi: no HalFiyatListesi');
    expect(() => parseIzmirLiveJson('{"Message":"An error has occurred."}', 'sebzemeyve')).toThrow(LayoutError);
    expect(() => parseIzmirLiveJson('null', 'sebzemeyve')).toThrow(LayoutError);
    expect(() => parseIzmirLiveJson('[]', 'sebzemeyve')).toThrow(LayoutError);
  });

  it('throws on a body that is not JSON (an HTML error page)', () => {
    expect(
      expectLayoutError(PARSER, () => parseIzmirLiveJson('<html><body>Service Unavailable</body></html>', 'sebzemeyve'))
        .message,
    ).toBe('izmir-openapi: body is not JSON');
  });

  it('throws on a HalFiyatListesi that is not a list', () => {
    expect(() =>
      parseIzmirLiveJson('{"BultenTarihi":"2026-07-23T00:00:00","HalFiyatListesi":{}}', 'sebzemeyve'),
    ).toThrow('HalFiyatListesi is not a list');
  });

  it('throws on a missing or unreadable BultenTarihi when there are rows', () => {
    const list = JSON.parse(DAY).HalFiyatListesi;
    expect(
      expectLayoutError(PARSER, () => parseIzmirLiveJson(JSON.stringify({ HalFiyatListesi: list }), 'sebzemeyve'))
        .message,
    ).toBe('izmir-openapi: BultenTarihi undefined');
    expect(() =>
      parseIzmirLiveJson(JSON.stringify({ BultenTarihi: '2026-02-30T00:00:00', HalFiyatListesi: list }), 'sebzemeyve'),
    ).toThrow(LayoutError);
    expect(() =>
      parseIzmirLiveJson(JSON.stringify({ BultenTarihi: 20260723, HalFiyatListesi: list }), 'sebzemeyve'),
    ).toThrow(LayoutError);
  });

  it('throws on an item without MalAdi or Birim', () => {
    const list = JSON.parse(DAY).HalFiyatListesi;
    delete list[3].Birim;
    expect(
      expectLayoutError(PARSER, () =>
        parseIzmirLiveJson(
          JSON.stringify({ BultenTarihi: '2026-07-23T00:00:00', HalFiyatListesi: list }),
          'sebzemeyve',
        ),
      ).message,
    ).toBe('izmir-openapi: HalFiyatListesi[3] lacks MalAdi or Birim');
  });

  it('throws on a price that is neither number, string nor null', () => {
    const body = JSON.stringify({
      BultenTarihi: '2026-07-23T00:00:00',
      HalFiyatListesi: [{ MalAdi: 'ANANAS', Birim: 'ADET', AsgariUcret: { value: 85 } }],
    });
    expect(() => parseIzmirLiveJson(body, 'sebzemeyve')).toThrow(LayoutError);
  });
});
