/**
 * Every status transition and health value, as named scenarios. The calendar is İzmir's
 * (Monday to Saturday) with the real 2026 holidays; the build day is Saturday 2026-11-21.
 */
import { describe, expect, it } from 'vitest';
import { readHolidays } from '../store/holidays.ts';
import { deriveSourceState, type Run, type SourceFacts } from './source-status.ts';

const holidays = new Set(
  readHolidays()
    .filter((h) => !h.halfDay)
    .map((h) => h.day),
);
const calendar = { publishingDays: new Set([1, 2, 3, 4, 5, 6]), holidays };
const run = (day: string, outcome: string, observations = 0, scheduled = 1): Run => ({
  started_at: `${day}T02:00:00.000Z`,
  finished_at: `${day}T02:01:00.000Z`,
  outcome,
  observations,
  scheduled,
});
const facts = (over: Partial<SourceFacts>): SourceFacts => ({
  enabled: true,
  verification: 'verified',
  runs: [],
  frozen: false,
  latestDay: '2026-11-20',
  calendar,
  today: '2026-11-21',
  ...over,
});

describe('status transitions', () => {
  it('verified → blocked on a 403, and back to verified on the next readable answer', () => {
    const blocked = deriveSourceState(facts({ runs: [run('2026-11-19', 'ok', 90), run('2026-11-20', 'blocked')] }));
    expect(blocked).toMatchObject({ status: 'blocked', condition: 'blocked', health: 'failed', healthLabel: 'Hata' });
    expect(blocked.reasons).toContain('Kaynak erişimi reddediyor (HTTP engeli); otomatik toplama durdu.');
    const back = deriveSourceState(facts({ runs: [run('2026-11-19', 'blocked'), run('2026-11-20', 'ok', 90)] }));
    expect(back).toMatchObject({ status: 'verified', condition: 'ok', health: 'healthy' });
  });

  it('one network failure is last_fetch_failed; two in a row make the source unreachable', () => {
    const once = deriveSourceState(facts({ runs: [run('2026-11-19', 'ok', 90), run('2026-11-20', 'unreachable')] }));
    expect(once).toMatchObject({ status: 'verified', condition: 'last_fetch_failed', health: 'warning' });
    const twice = deriveSourceState(
      facts({ runs: [run('2026-11-19', 'unreachable'), run('2026-11-20', 'unreachable')] }),
    );
    expect(twice).toMatchObject({ status: 'unreachable', condition: 'unreachable', health: 'failed' });
    expect(twice.reasons).toContain('Kaynağa ulaşılamıyor (art arda 2 deneme).');
    const recovered = deriveSourceState(
      facts({
        runs: [run('2026-11-19', 'unreachable'), run('2026-11-19', 'unreachable'), run('2026-11-20', 'no_bulletin')],
      }),
    );
    expect(recovered.status).toBe('verified');
  });

  it('a changed layout makes the source broken until the parser reads it again', () => {
    expect(deriveSourceState(facts({ runs: [run('2026-11-20', 'broken')] }))).toMatchObject({
      status: 'broken',
      health: 'failed',
    });
    expect(
      deriveSourceState(facts({ runs: [run('2026-11-19', 'broken'), run('2026-11-20', 'unchanged')] })).status,
    ).toBe('verified');
  });

  it('the reason for broken quotes the run: which document, what the parser found', () => {
    const message = 'arşiv belgesi data/sources/izmir/x.csv: izmir-year-csv: unexpected header ["Tarih","Ürün"]';
    expect(deriveSourceState(facts({ runs: [{ ...run('2026-11-20', 'broken'), message }] })).reasons[0]).toBe(
      `Kaynağın sayfa düzeni değişti; ayrıştırma durdu: ${message}`,
    );
    const long = deriveSourceState(facts({ runs: [{ ...run('2026-11-20', 'broken'), message: 'x'.repeat(1000) }] }))
      .reasons[0]!;
    expect(long).toBe(`Kaynağın sayfa düzeni değişti; ayrıştırma durdu: ${'x'.repeat(299)}…`);
    const fits = deriveSourceState(facts({ runs: [{ ...run('2026-11-20', 'broken'), message: 'y'.repeat(300) }] }))
      .reasons[0]!;
    expect(fits).toBe(`Kaynağın sayfa düzeni değişti; ayrıştırma durdu: ${'y'.repeat(300)}`);
    expect(deriveSourceState(facts({ runs: [run('2026-11-20', 'broken')] })).reasons[0]).toBe(
      'Kaynağın sayfa düzeni değişti; ayrıştırma durdu.',
    );
  });

  it('a source repeating its list is frozen (a warning), whatever its verification', () => {
    expect(deriveSourceState(facts({ frozen: true }))).toMatchObject({
      status: 'frozen',
      condition: 'frozen',
      health: 'warning',
    });
  });

  it('an unverified source becomes verified when a live run adds rows', () => {
    expect(deriveSourceState(facts({ verification: 'unverified', latestDay: null }))).toMatchObject({
      status: 'unverified',
      health: 'warning',
      publishingDaysBehind: null,
    });
    expect(
      deriveSourceState(facts({ verification: 'unverified', runs: [run('2026-11-20', 'no_bulletin')] })).status,
    ).toBe('unverified');
    expect(deriveSourceState(facts({ verification: 'unverified', runs: [run('2026-11-20', 'ok', 55)] })).status).toBe(
      'verified',
    );
  });

  it('a live run that added no rows proves nothing', () => {
    expect(deriveSourceState(facts({ verification: 'unverified', runs: [run('2026-11-20', 'ok', 0)] })).status).toBe(
      'unverified',
    );
  });

  it('a disabled source is off and its rows say collection_paused', () => {
    expect(deriveSourceState(facts({ enabled: false }))).toMatchObject({
      health: 'off',
      healthLabel: 'Kapalı',
      condition: 'paused',
    });
  });
});

describe('health by days behind', () => {
  it('healthy on the day, delayed for one or two missed publishing days, a warning beyond', () => {
    expect(deriveSourceState(facts({ latestDay: '2026-11-20', runs: [run('2026-11-21', 'ok', 90)] }))).toMatchObject({
      health: 'healthy',
      healthLabel: 'Sağlıklı',
      publishingDaysBehind: 0,
    });
    expect(deriveSourceState(facts({ latestDay: '2026-11-19' }))).toMatchObject({
      health: 'delayed',
      healthLabel: 'Gecikmeli',
      publishingDaysBehind: 1,
    });
    expect(deriveSourceState(facts({ latestDay: '2026-11-18' }))).toMatchObject({
      health: 'delayed',
      publishingDaysBehind: 2,
    });
    expect(deriveSourceState(facts({ latestDay: '2026-11-17' }))).toMatchObject({
      health: 'warning',
      healthLabel: 'Uyarı',
      publishingDaysBehind: 3,
    });
  });

  it('over the Kurban Bayramı week of 2026 (27–30 May) no day is missed', () => {
    // Last list on the eve (Tuesday 26 May, a half day); Sunday 31 May; build on Monday 1 June.
    expect(
      deriveSourceState(
        facts({ latestDay: '2026-05-26', today: '2026-06-01', runs: [run('2026-06-01', 'no_bulletin')] }),
      ),
    ).toMatchObject({ health: 'healthy', publishingDaysBehind: 0 });
  });

  it('last_success_at is the end of the latest readable run', () => {
    const s = deriveSourceState(
      facts({ runs: [run('2026-11-19', 'ok', 90), run('2026-11-20', 'unchanged'), run('2026-11-21', 'unreachable')] }),
    );
    expect(s.lastSuccessAt).toBe('2026-11-20T02:01:00.000Z');
    expect(deriveSourceState(facts({ runs: [] })).lastSuccessAt).toBeNull();
    expect(
      deriveSourceState(facts({ runs: [run('2026-11-19', 'broken'), run('2026-11-20', 'ok', 90)] })).lastSuccessAt,
    ).toBe('2026-11-20T02:01:00.000Z');
    expect(
      deriveSourceState(facts({ runs: [run('2026-11-20', 'no_bulletin'), run('2026-11-21', 'blocked')] }))
        .lastSuccessAt,
    ).toBe('2026-11-20T02:01:00.000Z');
    expect(
      deriveSourceState(facts({ runs: [run('2026-11-20', 'broken'), run('2026-11-21', 'unreachable')] })).lastSuccessAt,
    ).toBeNull();
  });
});

describe('reasons', () => {
  const ran = [run('2026-11-21', 'ok', 90)];
  it.each<[string, Partial<SourceFacts>, string[]]>([
    ['nothing to report', { runs: ran }, []],
    ['a source never collected here', {}, ['Bu kurulumda canlı toplama henüz çalışmadı.']],
    ['paused', { enabled: false }, ['Otomatik toplama kapalı.']],
    [
      'blocked',
      { runs: [run('2026-11-21', 'blocked')] },
      ['Kaynak erişimi reddediyor (HTTP engeli); otomatik toplama durdu.'],
    ],
    [
      'one failed fetch',
      { runs: [...ran, run('2026-11-21', 'unreachable')] },
      ['Son toplama denemesi başarısız oldu.'],
    ],
    [
      'unreachable three times',
      { runs: [...ran, ...['19', '20', '21'].map((d) => run(`2026-11-${d}`, 'unreachable'))] },
      ['Kaynağa ulaşılamıyor (art arda 3 deneme).'],
    ],
    ['frozen', { runs: ran, frozen: true }, ['Kaynak aynı listeyi tekrarlıyor; yeni liste sayılmıyor.']],
    [
      'unverified',
      { runs: [run('2026-11-21', 'no_bulletin')], verification: 'unverified' },
      ['Ayrıştırıcı henüz gerçek bir belgeyle doğrulanmadı.'],
    ],
    ['no data day', { runs: ran, latestDay: null }, ['Kayıtlı veri günü yok.']],
    ['behind', { runs: ran, latestDay: '2026-11-18' }, ['Son veri günü 2026-11-18: 2 yayın günü geride.']],
    [
      'paused, unverified, without data',
      { enabled: false, verification: 'unverified', latestDay: null },
      ['Otomatik toplama kapalı.', 'Ayrıştırıcı henüz gerçek bir belgeyle doğrulanmadı.', 'Kayıtlı veri günü yok.'],
    ],
    [
      'new, unverified, behind',
      { verification: 'unverified', latestDay: '2026-11-19' },
      [
        'Ayrıştırıcı henüz gerçek bir belgeyle doğrulanmadı.',
        'Son veri günü 2026-11-19: 1 yayın günü geride.',
        'Bu kurulumda canlı toplama henüz çalışmadı.',
      ],
    ],
  ])('%s', (_, over, reasons) => {
    expect(deriveSourceState(facts(over)).reasons).toEqual(reasons);
  });
});
