/**
 * The nightly's phases and what a failure does (scripts/nightly/run.ts): the phases run in one
 * order whatever order they are named in; a failing restore stops the night; a failed fetch of the
 * published build leaves a full build and a green step; a refused archive document turns the step
 * red and the night goes on to the scrape; every bucket operation of the night is counted.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ObjectBucket } from '../../publish/bucket.ts';
import { DEFAULT_RETENTION } from '../../publish/prune.ts';
import { openDb } from '../../store/db.ts';
import { clockAt, collectedDay } from './clock.ts';
import type { NightOptions } from './night.ts';
import { phasesOf, runNightly } from './run.ts';

const dir = mkdtempSync(join(tmpdir(), 'hal-nightly-'));

/** A bucket that is down: every call fails as a network failure would. */
const downBucket = (): ObjectBucket => {
  const down = async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:9');
  };
  return {
    stats: { requests: 0, retries: 0 },
    put: down,
    copy: down,
    head: down,
    get: down,
    getStored: down,
    getJson: down,
    list: down,
    delete: down,
  };
};

function night(name: string, overrides: Partial<NightOptions> = {}): NightOptions {
  const clock = clockAt('2026-06-01T02:30:00Z');
  return {
    clock,
    day: collectedDay(clock),
    dbPath: join(dir, name, 'hal.sqlite'),
    outDir: join(dir, name, 'dist'),
    previousDir: join(dir, name, 'previous'),
    evidenceDir: join(dir, name, 'evidence'),
    bucket: downBucket,
    http: { retries: 0 },
    scrape: { scheduled: true, sources: ['trabzon'] },
    publish: { snapshot: false, prune: false, retention: DEFAULT_RETENTION, concurrency: 4, progress: null },
    log: () => {},
    ...overrides,
  };
}

describe('the night clock', () => {
  it('--at is the build day in Istanbul and the night collects the day before', () => {
    const clock = clockAt('2026-05-31T21:30:00.250Z');
    expect(clock.at).toBe('2026-05-31T21:30:00Z');
    // 00:30 in Istanbul: already the first of June.
    expect(clock.today).toBe('2026-06-01');
    expect(collectedDay(clock)).toBe('2026-05-31');
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse('2026-05-31T21:30:00.250Z'));
    expect(() => clockAt('yesterday')).toThrow('is not a moment');
  });
});

describe('the phases', () => {
  it('run in the nightly order whatever order they are named in; an unknown one is refused', () => {
    expect(phasesOf('publish,restore,build')).toEqual(['restore', 'build', 'publish']);
    expect(() => phasesOf('scrape,deploy')).toThrow('unknown phases deploy');
  });

  it('a restore that fails stops the night: nothing after it runs, exit code 1', async () => {
    const report = await runNightly(night('restore'), ['restore', 'import']);
    expect(report.phases).toEqual([
      { name: 'restore', ms: expect.any(Number), failed: 'connect ECONNREFUSED 127.0.0.1:9' },
    ]);
    expect(report.exitCode).toBe(1);
    // One read of the saved store, counted though it failed.
    expect(report.operations.get).toBe(1);
  });

  it('a fetch of the published build that fails leaves no previous build: the build is a full one, exit code 0', async () => {
    const options = night('fetch');
    mkdirSync(join(dir, 'fetch'), { recursive: true });
    openDb(options.dbPath).close();
    mkdirSync(options.previousDir, { recursive: true });
    const report = await runNightly(options, ['fetch-previous']);
    expect(report.phases.map((p) => [p.name, p.failed])).toEqual([
      ['fetch-previous', 'connect ECONNREFUSED 127.0.0.1:9'],
    ]);
    expect(report.exitCode).toBe(0);
  });

  it('a refused archive document turns the night red and the scrape runs all the same', async () => {
    // A yearly İzmir file whose columns are not the ones its parser knows.
    const archive = join(dir, 'refused-archive', 'izmir');
    mkdirSync(archive, { recursive: true });
    writeFileSync(join(archive, 'year.csv'), 'GUN;URUN;FIYAT\n2026-05-30;DOMATES;25\n');
    writeFileSync(
      join(archive, 'archive.json'),
      JSON.stringify({
        files: [
          {
            file: 'year.csv',
            parser: 'izmir-year-csv',
            contentType: 'text/csv',
            url: 'https://example.org/year.csv',
            market: 'izmir-sebze-meyve',
          },
        ],
      }),
    );
    const report = await runNightly(night('refused', { archiveRoot: join(dir, 'refused-archive') }), [
      'import',
      'scrape',
    ]);
    expect(report.phases.map((p) => [p.name, p.failed])).toEqual([
      ['import', '1 archive documents refused'],
      ['scrape', null],
    ]);
    expect(report.imported).toMatchObject({ refused: 1, documents: 0 });
    expect(report.scraped?.map((r) => [r.source, r.outcome])).toEqual([['trabzon', 'disabled']]);
    expect(report.exitCode).toBe(1);
  });
});
