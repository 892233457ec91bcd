/**
 * The hand-written pages of public/ against the code: the build copies them byte for byte (served as
 * written, tests/browser/widgets-page.test.ts), so the numbers they state are checked here against
 * the limits core/routes.ts holds, as docs/ is (docs.test.ts). Reads files only.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRICES_WIDGET_LIMITS } from '../../core/routes.ts';
import { WEEKS } from '../../edge/widgets/weekly-index.ts';

const page = readFileSync(new URL('../../public/widgets.html', import.meta.url), 'utf8');

/** The text of the parameter table's cell that describes `name`. */
function parameterCell(name: string): string {
  const cell = new RegExp(`<tr><td><code>${name}</code></td><td>(.*?)</td></tr>`).exec(page);
  expect(cell, `public/widgets.html describes ${name}`).not.toBeNull();
  return cell![1]!;
}

describe('public/widgets.html', () => {
  it('states the price widget’s limit as core/routes.ts PRICES_WIDGET_LIMITS counts it', () => {
    const { default: fallback, max } = PRICES_WIDGET_LIMITS;
    expect(parameterCell('limit')).toContain(
      `Gösterilecek satır sayısı, 1–${max}. Varsayılan ${fallback} (ürün seçilmişse ${max}). ` +
        `Geçersiz bir değer varsayılanı, ${max}'den büyüğü ${max}'yi verir.`,
    );
  });

  it('states the most products the price widget takes', () => {
    expect(parameterCell('slugs')).toContain(`ürün kısa adları, en fazla ${PRICES_WIDGET_LIMITS.slugs}:`);
  });

  it('states the weeks the index widget draws', () => {
    expect(page).toContain(`son ${WEEKS} haftanın küçük eğrisi`);
  });
});
