/** The Antalya adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LayoutError } from '../types.ts';
import { fakeHttp, firstDocument } from '../../tests/support/fake-http.ts';
import { adapter, ANTALYA_API } from './index.ts';

const dir = new URL('../../tests/fixtures/antalya/', import.meta.url);
// A constructed PDF (tests/fixtures/antalya/README.md) until a real bulletin is captured.
const FLATE = new Uint8Array(readFileSync(new URL('gunluk-fiyat-listesi-2026-09-14-flate.pdf', dir)));

describe('Antalya collect', () => {
  /** The API answers `answer`; any other URL is the PDF. */
  const site = (answer: string, pdf: Uint8Array = FLATE) =>
    fakeHttp((url) => (url === ANTALYA_API ? answer : pdf), {
      contentType: (url) => (url === ANTALYA_API ? 'application/json; charset=utf-8' : 'application/pdf'),
      fetchedAt: '2026-09-14T10:00:00.000Z',
    });
  const ANSWER = JSON.stringify({ d: { PdfUrl: '/HalFiyatPdf/14092026.pdf', PdfDate: '14.09.2026', Mesaj: '' } });

  it('POSTs the date as JSON, then GETs the PDF it names and reads it, compressed', async () => {
    const { http, calls } = site(ANSWER);
    const item = firstDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expect(calls).toEqual([
      {
        url: 'https://gezipanel.antalya.bel.tr/Methods.aspx/GetGunlukHalFiyatPdf',
        req: { method: 'POST', json: { tarih: '14.09.2026' }, headers: { accept: 'application/json' } },
      },
      {
        url: 'https://gezipanel.antalya.bel.tr/HalFiyatPdf/14092026.pdf',
        req: { method: 'GET', headers: { accept: 'application/pdf' } },
      },
    ]);
    expect(item.parser.id).toBe('antalya-pdf');
    expect(item.document.requestedDay).toBe('2026-09-14');
    expect(item.parser.parse(item.document).rows).toHaveLength(8);
  });

  it('reads `d` sent as a JSON string', async () => {
    const { http, calls } = site(
      JSON.stringify({
        d: JSON.stringify({
          PdfUrl: 'https://cdn.antalya.bel.tr/hal/14092026.pdf',
          PdfDate: '14.09.2026',
          Mesaj: null,
        }),
      }),
    );
    await adapter.collect!({ day: '2026-09-14', http, log: () => {} });
    expect(calls[1]!.url).toBe('https://cdn.antalya.bel.tr/hal/14092026.pdf');
  });

  it('returns none with the message when there is no PDF for the day', async () => {
    const { http, calls } = site(
      JSON.stringify({ d: { PdfUrl: null, PdfDate: null, Mesaj: 'Seçilen tarihe ait fiyat listesi bulunamadı.' } }),
    );
    expect(await adapter.collect!({ day: '2026-09-13', http, log: () => {} })).toEqual([
      { none: 'antalya: no PDF for 2026-09-13 (Seçilen tarihe ait fiyat listesi bulunamadı.)' },
    ]);
    expect(calls).toHaveLength(1);
  });

  it('hands an unreadable PDF on (the scrape marks it broken and keeps it) and throws on a changed answer', async () => {
    const notPdf = new TextEncoder().encode('<html>Bakımdayız</html>');
    const item = firstDocument(
      await adapter.collect!({ day: '2026-09-14', http: site(ANSWER, notPdf).http, log: () => {} }),
    );
    expect(item.document.bytes).toEqual(notPdf);
    expect(() => item.parser.parse(item.document)).toThrow(new LayoutError('antalya-pdf', 'not a PDF'));
    await expect(
      adapter.collect!({ day: '2026-09-14', http: site('{"Message":"Authentication failed."}').http, log: () => {} }),
    ).rejects.toThrow('antalya-pdf: GetGunlukHalFiyatPdf: no d.PdfUrl');
    await expect(
      adapter.collect!({ day: '2026-09-14', http: site('<html>').http, log: () => {} }),
    ).rejects.toBeInstanceOf(LayoutError);
  });

  it('declares an unverified source: its archive is DERIVED and proves nothing of the PDF parser', () => {
    expect(adapter.definition).toMatchObject({
      key: 'antalya',
      number: 6,
      verification: 'unverified',
      enabled: true,
      licence: null,
    });
    expect(adapter.definition.note).toContain(
      'Built from the published description; no real document has proven the parser yet.',
    );
    expect(adapter.definition.note).toContain('read with pdf.js');
    expect(adapter.definition.note).toContain(
      'reads the real bulletin of 08.09.2026 as text pdftotext extracted (87 rows), which is not the live path',
    );
    expect(adapter.definition.note).toContain('Archive: DERIVED, not the bulletin');
    expect(adapter.archive!().map((d) => d.parser.id)).toEqual(Array(1096).fill('antalya-scraper-csv'));
  });
});
