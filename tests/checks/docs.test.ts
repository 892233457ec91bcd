/**
 * The docs against the code, as datasette does it: a route, an error code, an `HAL_*` setting or a
 * script option the code has and the docs lack fails here, as does a relative link to a file that
 * does not exist, or a README that stopped being a map. Reads files only: no build, no worker.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPAT_ROUTES } from '../../core/compat/routes.ts';
import { PAGES, ROUTES, WIDGETS } from '../../core/routes.ts';
import { ERRORS } from '../../core/errors.ts';
import { PLANTS } from '../plants.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const README_MAX_LINES = 160;

/** Files under `dir` (relative to the root) whose name ends in one of `endings`, skipping generated folders. */
function filesUnder(dir: string, endings: string[], skip: string[] = []): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(join(ROOT, rel))) {
      const path = rel ? `${rel}/${name}` : name;
      if (['node_modules', 'dist', '.cache', '.git', 'test-artifacts', ...skip].includes(path)) continue;
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (endings.some((e) => name.endsWith(e))) out.push(path);
    }
  };
  walk(dir);
  return out;
}

/** `word` as a whole token of `text` (not the prefix of a longer name or option). */
const mentions = (text: string, word: string) =>
  new RegExp(`(?<![\\w-])${word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\w-])`).test(text);

describe('docs/routes.md', () => {
  const doc = read('docs/routes.md');
  it.each([...ROUTES, ...COMPAT_ROUTES, ...PAGES, ...WIDGETS].map((r) => r.path))('names %s', (path) => {
    expect(
      doc.includes(`\`${path}\``),
      `${path} is a route of core/routes.ts or core/compat/routes.ts: give it a line in docs/routes.md`,
    ).toBe(true);
  });
});

describe('docs/errors.md', () => {
  const doc = read('docs/errors.md');
  it.each(Object.keys(ERRORS))('names %s', (code) => {
    expect(
      doc.includes(`\`${code}\``),
      `${code} is an error code: give it its status and meaning in docs/errors.md`,
    ).toBe(true);
  });
});

describe('docs/configuration.md', () => {
  const doc = read('docs/configuration.md');
  /** Source field names that happen to start with HAL_ (İzmir's and İBB's), not settings. */
  const NOT_SETTINGS = new Set(['HAL_TURU', 'HAL_TUR_ID']);

  /** Every `HAL_*` variable the code reads, and every one a workflow sets. */
  function settings(): Map<string, string> {
    const found = new Map<string, string>();
    // Outside sources/ (they print HAL_ in their own field names) and the tests' own files.
    const code = [
      ...filesUnder('', ['.ts', '.mts', '.mjs'], ['tests', 'sources']),
      ...filesUnder('tests/setup', ['.ts']),
    ];
    for (const file of code) {
      for (const m of read(file).matchAll(/(?:\benv\.|['"`])(HAL_[A-Z0-9_]+)/g)) found.set(m[1]!, file);
    }
    for (const file of filesUnder('.github/workflows', ['.yml', '.yaml'])) {
      for (const m of read(file).matchAll(/\b(HAL_[A-Z0-9_]+)/g)) found.set(m[1]!, file);
    }
    for (const name of NOT_SETTINGS) found.delete(name);
    return found;
  }

  /**
   * `option('name', …)` of the scripts (also `HAL_NAME`; numbers go through `numberOption('name')`), and their
   * flags (`flag('x')`, `argv.includes('--x')`).
   */
  function scriptOptions(): { options: Map<string, string>; flags: Map<string, string> } {
    const options = new Map<string, string>();
    const flags = new Map<string, string>();
    for (const file of filesUnder('scripts', ['.ts'])) {
      const text = read(file);
      for (const m of text.matchAll(/\b(?:option|numberOption)\('([a-z][a-z0-9-]*)'/g)) options.set(m[1]!, file);
      for (const m of text.matchAll(/\b(?:flag\('|argv\.includes\('--)([a-z][a-z0-9-]*)'\)/g)) flags.set(m[1]!, file);
    }
    return { options, flags };
  }

  it('finds the settings it checks (so passing means something)', () => {
    const { options, flags } = scriptOptions();
    const found = [...settings().keys()];
    expect(found).toEqual(expect.arrayContaining(['HAL_S3_BUCKET', 'HAL_SCHEDULED']));
    expect([...options.keys()]).toEqual(expect.arrayContaining(['db', 'out', 'previous', 'timeout-ms']));
    expect([...flags.keys()]).toEqual(expect.arrayContaining(['verify', 'no-prune']));
  });

  it('documents every HAL_* variable the code reads or a workflow sets', () => {
    const missing = [...settings()].filter(([name]) => !mentions(doc, name)).map(([name, file]) => `${name} (${file})`);
    expect(missing, 'add each to docs/configuration.md').toEqual([]);
  });

  it('documents every option of the npm scripts, with the variable it also reads', () => {
    const { options, flags } = scriptOptions();
    const missing = [
      ...[...options].filter(([name]) => !mentions(doc, `--${name}`)).map(([name, file]) => `--${name} (${file})`),
      ...[...options]
        .map(([name, file]) => [`HAL_${name.toUpperCase().replace(/-/g, '_')}`, file] as const)
        .filter(([env]) => !mentions(doc, env))
        .map(([env, file]) => `${env} (${file})`),
      ...[...flags].filter(([name]) => !mentions(doc, `--${name}`)).map(([name, file]) => `--${name} (${file})`),
    ];
    expect(missing, 'add each to docs/configuration.md').toEqual([]);
  });
});

describe('docs/testing.md', () => {
  it('lists every planted bug of tests/plants.ts by its promise and file', () => {
    const doc = read('docs/testing.md');
    expect(PLANTS.length).toBeGreaterThan(1);
    expect(PLANTS.filter((p) => !doc.includes(`| ${p.promise} | \`${p.file}\``)).map((p) => p.promise)).toEqual([]);
  });
});

describe('links', () => {
  const pages = ['README.md', ...filesUnder('docs', ['.md'])];

  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
  function anchorsOf(markdown: string): Set<string> {
    const seen = new Map<string, number>();
    const anchors = new Set<string>();
    for (const line of withoutCode(markdown).split('\n')) {
      const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!m) continue;
      const base = m[1]!
        .replace(/`/g, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n ? `${base}-${n}` : base);
    }
    return anchors;
  }

  /** The text without fenced blocks and code spans: what a reader sees as links. */
  function withoutCode(markdown: string): string {
    return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  }

  it.each(pages)('every relative link of %s resolves', (page) => {
    const broken: string[] = [];
    for (const m of withoutCode(read(page)).matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [pathPart, anchor] = target.split('#') as [string, string | undefined];
      const file = pathPart ? resolve(dirname(join(ROOT, page)), decodeURIComponent(pathPart)) : join(ROOT, page);
      const shown = relative(ROOT, file) || page;
      if (!file.startsWith(ROOT)) broken.push(`${target}: outside the repository`);
      else if (!existsSync(file)) broken.push(`${target}: no file ${shown}`);
      else if (anchor && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) {
        broken.push(`${target}: no heading #${anchor} in ${shown}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(pages)('every source path %s names in backticks exists', (page) => {
    const stages = 'core|schemas|sources|store|build|publish|edge|scripts|tests|data|docs';
    const paths = [...read(page).matchAll(new RegExp(`\`((?:${stages})(?:/[\\w.-]+)+/?)\``, 'g'))].map((m) => m[1]!);
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('the docs point to nothing outside the repository by path', () => {
    for (const page of pages) expect(read(page), page).not.toMatch(/\.\.\/shared\//);
  });
});

describe('README.md', () => {
  it(`stays a map: at most ${README_MAX_LINES} lines, every page of docs/ linked`, () => {
    const text = read('README.md');
    const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
    expect(lines, 'move the detail into a page of docs/').toBeLessThanOrEqual(README_MAX_LINES);
    for (const page of filesUnder('docs', ['.md'])) expect(text, `README.md links ${page}`).toContain(`](${page})`);
  });
});
