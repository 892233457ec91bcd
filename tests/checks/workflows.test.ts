/**
 * The scheduled job and the deployment, checked where they can be without GitHub or Cloudflare:
 * the workflow files pass a workflow linter (action-validator, which refuses a broken one), the
 * nightly runs the one entry point a developer and the replay run (`npm run nightly`), its phases in
 * order, with only the bucket's secrets and only in the steps that talk to the bucket, every third-party action is pinned by commit and npm by
 * version, and wrangler.toml binds what the worker expects; the worker bundle stays small.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleWorker, ROOT } from '../../scripts/lib/bundle-worker.ts';
import { COMPATIBILITY_DATE, COMPATIBILITY_FLAGS } from '../../scripts/lib/local-worker.ts';
import { PHASES } from '../../scripts/nightly/night.ts';
import { bucketSteps, pinProblems, secretProblems } from '../support/workflow-rules.ts';

const WORKFLOWS = ['ci.yml', 'nightly.yml'];
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
const temp = mkdtempSync(join(tmpdir(), 'hal-workflows-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function lint(file: string): { status: number | null; output: string } {
  const cli = join(ROOT, 'node_modules/@action-validator/cli/cli.mjs');
  const r = spawnSync(process.execPath, [cli, file], { encoding: 'utf8' });
  return { status: r.status, output: r.stdout + r.stderr };
}

/** The commands of a workflow's `run:` steps, in order (one-line and block forms). */
function commands(yaml: string): string[] {
  const out: string[] = [];
  const lines = yaml.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?:- )?run:\s*(.*)$/.exec(lines[i]!);
    if (!m) continue;
    if (m[2] !== '|') out.push(m[2]!.trim());
    else
      for (let j = i + 1; j < lines.length && (lines[j]!.trim() === '' || lines[j]!.search(/\S/) > m[1]!.length); j++)
        if (lines[j]!.trim()) out.push(lines[j]!.trim());
  }
  return out;
}

describe('workflow files', () => {
  for (const name of WORKFLOWS) {
    it(`${name} passes the workflow linter`, () => {
      const r = lint(join(ROOT, '.github/workflows', name));
      expect(r.output).toBe('');
      expect(r.status).toBe(0);
    });
  }

  it('the linter refuses a broken workflow (so passing means something)', () => {
    const broken = join(temp, 'broken.yml');
    writeFileSync(broken, read('.github/workflows/nightly.yml').replace('runs-on:', 'runs_on:'));
    const r = lint(broken);
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('runs_on');
  });

  it('every npm script a workflow runs exists, and CI runs the test suite on every push and pull request', () => {
    for (const name of WORKFLOWS) {
      for (const c of commands(read(`.github/workflows/${name}`))) {
        const script = /npm run ([\w:-]+)/.exec(c)?.[1];
        if (script) expect(scripts, `${name}: ${c}`).toHaveProperty(script);
      }
    }
    const ci = read('.github/workflows/ci.yml');
    expect(ci).toMatch(/^on:\n\s+push:\n\s+pull_request:/m);
    expect(commands(ci)).toContain('bash .ci/run');
    expect(read('.ci/run')).toMatch(/^npm test$/m);
  });

  it('CI runs the mutants changed since the committed incremental file, against a floor', () => {
    expect(read('.ci/run')).toMatch(/^npx stryker run --incremental$/m);
    const config = read('stryker.config.mjs');
    expect(config).toContain("incrementalFile: '.ci/stryker-incremental.json'");
    expect(existsSync(join(ROOT, '.ci/stryker-incremental.json'))).toBe(true);
    expect(Number(/break: (\d+)/.exec(config)?.[1])).toBeGreaterThan(0);
  });
});

describe('what a workflow step can reach', () => {
  const nightly = read('.github/workflows/nightly.yml');
  // The build fetches on the spot what fetch-previous did not foresee (build/incremental/previous.ts).
  const BUCKET_STEPS = ['Restore the store', 'Save the store', 'Build from the published build', 'Publish'];

  it('only the steps that talk to the bucket get its secrets: not the install, the import and scrape, the tests or the query', () => {
    expect(secretProblems(nightly, BUCKET_STEPS)).toEqual([]);
    expect(bucketSteps(nightly)).toEqual(BUCKET_STEPS);
    expect(secretProblems(read('.github/workflows/ci.yml'), [])).toEqual([]);
  });

  it('every third-party action is pinned by commit, with its version beside it, and npm by its exact version', () => {
    for (const name of WORKFLOWS) expect(pinProblems(read(`.github/workflows/${name}`)), name).toEqual([]);
  });

  it('the rules refuse a secret at job level or in another step, an action on a tag, npm on a major version', () => {
    /** An `env:` block at `indent` that hands the step, job or workflow the secret `name`. */
    const secretEnv = (indent: string, name: string) => `${indent}env:\n${indent}  ${name}: \${{ secrets.${name} }}\n`;
    const runsOn = '    runs-on: ubuntu-latest\n';
    const atJobLevel = nightly.replace(runsOn, runsOn + secretEnv('    ', 'HAL_S3_BUCKET'));
    expect(secretProblems(atJobLevel, BUCKET_STEPS)).toEqual([
      'job nightly: its env holds a secret: every step would see it',
    ]);
    const atTop = nightly.replace('permissions:', `${secretEnv('', 'HAL_S3_ENDPOINT')}\npermissions:`);
    expect(secretProblems(atTop, BUCKET_STEPS)).toEqual(['the workflow env holds a secret: every step would see it']);
    const testStep = '      - name: Test\n';
    const toTests = nightly.replace(testStep, testStep + secretEnv('        ', 'HAL_S3_SECRET_ACCESS_KEY'));
    expect(secretProblems(toTests, BUCKET_STEPS)).toEqual([
      'job nightly, step Test: does not talk to the bucket but gets a secret',
    ]);
    const inRun = nightly.replace(
      'run: npm run nightly -- --phases import,scrape',
      'run: HAL_S3_BUCKET=${{ secrets.HAL_S3_BUCKET }} npm run nightly -- --phases import,scrape',
    );
    expect(secretProblems(inRun, BUCKET_STEPS)).toEqual([
      'job nightly, step Import and scrape: a secret outside its env',
    ]);
    const onTag = nightly.replace(/actions\/checkout@[0-9a-f]{40} # v[\d.]+/, 'actions/checkout@v4');
    expect(pinProblems(onTag)).toEqual(['actions/checkout@v4: not pinned by a full commit SHA']);
    const shortSha = nightly.replace(/(actions\/setup-node@[0-9a-f]{12})[0-9a-f]{28}/, '$1');
    expect(pinProblems(shortSha)).toHaveLength(1);
    const noVersion = nightly.replace(/(actions\/checkout@[0-9a-f]{40}) # v[\d.]+/, '$1');
    expect(pinProblems(noVersion)).toEqual([expect.stringContaining('no "# vX.Y.Z" comment')]);
    const major = read('.github/workflows/ci.yml').replace(/npm@\d+\.\d+\.\d+/, 'npm@11');
    expect(pinProblems(major)).toEqual(['npm@11: not an exact version']);
  });
});

describe('the nightly workflow', () => {
  const yaml = read('.github/workflows/nightly.yml');

  it('runs in the early Istanbul morning and by hand, one run at a time', () => {
    // 02:30 UTC is 05:30 in Istanbul (UTC+3 all year, no daylight saving since 2016).
    expect(yaml).toMatch(/schedule:\n\s+(#.*\n\s+)*- cron: '30 2 \* \* \*'/);
    expect(yaml).toMatch(/^\s{2}workflow_dispatch:/m);
    expect(yaml).toMatch(/concurrency:\n\s+group: nightly-publish\n\s+cancel-in-progress: false/);
    expect(yaml).toMatch(/node-version: (22|24)\b/);
  });

  /** The npm commands of one job, in order, without their arguments. */
  const npmSteps = (job: string) =>
    commands(yaml.slice(yaml.indexOf(`\n  ${job}:\n`)).split(/\n  (?=[\w-]+:\n)/)[1] ?? '')
      .filter((c) => c.startsWith('npm '))
      .map((c) =>
        c
          .replace(/ --no-audit --no-fund$/, '')
          .replace(/ -- .*$/, '')
          .replace(/^(npm install -g npm@\d+)\.\d+\.\d+$/, '$1'),
      );

  /** Each `npm run nightly -- --phases …` step's phases, in the order of the steps. */
  const nightlyPhases = () =>
    commands(yaml)
      .filter((c) => c.startsWith('npm run nightly'))
      .map((c) => /--phases ([\w,-]+)/.exec(c)?.[1]?.split(',') ?? []);

  it('runs one entry point, npm run nightly, in steps: every phase once, in its order, the tests before the publication', () => {
    expect(npmSteps('nightly')).toEqual([
      'npm install -g npm@11',
      'npm ci',
      'npm run nightly',
      'npm run nightly',
      'npm run nightly',
      'npm run nightly',
      'npm test',
      'npm run nightly',
      'npm run nightly',
    ]);
    expect(nightlyPhases()).toEqual([
      ['restore'],
      ['import', 'scrape'],
      ['save-store'],
      ['fetch-previous', 'build'],
      ['publish'],
      ['query-snapshot'],
    ]);
    // The steps together are the phases the nightly runs when it is run whole, and nothing else.
    expect(nightlyPhases().flat()).toEqual([...PHASES]);
    expect(yaml).toContain('--phases import,scrape ${DAY:+--day "$DAY"}');
  });

  it('runs every mutant in a job of its own, beside the publication and without the bucket', () => {
    expect(npmSteps('mutation')).toEqual(['npm install -g npm@11', 'npm ci', 'npm run mutation']);
    const jobs = (parseYaml(yaml) as { jobs: Record<string, { needs?: unknown }> }).jobs;
    expect(Object.keys(jobs)).toEqual(['nightly', 'mutation']);
    expect(jobs.mutation!.needs).toBeUndefined();
  });

  it('a refused document or a broken scrape does not stop the build and the publication', () => {
    // The import and scrape step exits 1 after both phases ran when the import refused a document or
    // the scrape broke; a failed fetch of the published build is the nightly's own: the build is then
    // a full one (scripts/nightly/run.ts, tested in scripts/nightly/run.test.ts).
    const collect = yaml.slice(yaml.indexOf('- name: Import and scrape'), yaml.indexOf('- name: Save the store'));
    expect(collect).toContain('continue-on-error: true');
    // A step without continue-on-error after it would stop the job on failure: only this one may fail.
    expect(yaml.match(/continue-on-error: true/g)).toHaveLength(1);
  });

  it('needs nothing but the bucket secrets, each documented in docs/publishing.md', () => {
    const secrets = [...new Set([...yaml.matchAll(/secrets\.(\w+)/g)].map((m) => m[1]!))].sort();
    expect(secrets).toEqual(['HAL_S3_ACCESS_KEY_ID', 'HAL_S3_BUCKET', 'HAL_S3_ENDPOINT', 'HAL_S3_SECRET_ACCESS_KEY']);
    const publishing = read('docs/publishing.md');
    for (const s of secrets) expect(publishing, s).toContain(s);
    expect(publishing).toContain('GITHUB_STEP_SUMMARY');
  });
});

describe('deployment', () => {
  const toml = parseToml(read('wrangler.toml')) as any;

  it('wrangler.toml deploys the worker with the bindings it reads', () => {
    expect(existsSync(join(ROOT, toml.main))).toBe(true);
    expect(toml.compatibility_date).toBe(COMPATIBILITY_DATE);
    expect(toml.compatibility_flags).toEqual(COMPATIBILITY_FLAGS);
    expect(toml.durable_objects.bindings).toEqual([
      { name: 'RATE_LIMITER', class_name: 'RateLimiter' },
      { name: 'KEY_QUOTA', class_name: 'KeyQuota' },
    ]);
    expect(toml.migrations).toEqual([
      { tag: 'v1', new_sqlite_classes: ['RateLimiter'] },
      { tag: 'v2', new_sqlite_classes: ['KeyQuota'] },
    ]);
    expect(toml.d1_databases).toEqual([
      expect.objectContaining({ binding: 'KEYS', migrations_dir: 'edge/keys/migrations' }),
      expect.objectContaining({ binding: 'ALERTS', migrations_dir: 'edge/alerts/migrations' }),
    ]);
    for (const d1 of toml.d1_databases) expect(existsSync(join(ROOT, d1.migrations_dir))).toBe(true);
    // The alerts' notifier: the worker's scheduled handler, on a cron trigger.
    expect(toml.triggers.crons).toHaveLength(1);
    expect(toml.r2_buckets).toEqual([expect.objectContaining({ binding: 'BUCKET' })]);
    expect(toml.vars.POINTER_KEY).toBe('current.json');
    expect(toml.routes.length).toBeGreaterThan(0);
    const worker = read(toml.main);
    expect(worker).toMatch(/export \{ RateLimiter \}/);
    expect(worker).toMatch(/export \{ KeyQuota \}/);
    expect(worker).toMatch(/KEYS\?: D1Database/);
    expect(read('edge/alerts/context.ts')).toMatch(/ALERTS\?: D1Database/);
    expect(worker).toMatch(/scheduled: \(controller, env, ctx\)/);
    expect(read('edge/origin/bindings.ts')).toMatch(/BUCKET\?: R2Bucket/);
    expect(worker).toMatch(/RATE_LIMITER: DurableObjectNamespace/);
    expect(scripts.deploy).toContain('wrangler');
  });

  it('the worker bundle stays far below the Workers size limits', async () => {
    const bundle = await bundleWorker(join('.cache/edge', `size-check-${process.pid}.js`));
    const bytes = readFileSync(join(ROOT, bundle.path));
    const gzipped = gzipSync(bytes, { level: 9 }).byteLength;
    console.log(`worker bundle: ${(bytes.byteLength / 1024).toFixed(1)} KiB, ${(gzipped / 1024).toFixed(1)} KiB gzip`);
    rmSync(join(ROOT, bundle.path), { force: true });
    // Our budget, 1 MiB compressed: a third of the Free plan's former 3 MB compressed limit, and
    // far below today's 64 MiB uncompressed one. Growth past it means the bundle took in data.
    expect(gzipped).toBeLessThan(1024 * 1024);
    expect(bytes.byteLength).toBeLessThan(64 * 1024 * 1024);
  });
});
