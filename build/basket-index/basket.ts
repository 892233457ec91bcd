/**
 * The basket of the weekly price index: 15 basic products. A member is either a
 * product family (every catalogue variant of the family sold in the member's unit: "domates"
 * is every tomato the bulletins print by the kilogram) or one variant, where the issue names a
 * kind ("biber sivri", "kuru soğan", "kıvırcık marul", "yerli muz"). Each member has one unit,
 * so kilograms and pieces never meet in one median: only ratios of a member's own prices are
 * combined across members.
 */
export type BasketMember = {
  slug: string;
  label: string;
  kind: 'product' | 'variant';
  unit: string;
};

export const BASKET: readonly BasketMember[] = [
  { slug: 'domates', label: 'Domates', kind: 'product', unit: 'kg' },
  { slug: 'biber-sivri', label: 'Biber Sivri', kind: 'variant', unit: 'kg' },
  { slug: 'patlican', label: 'Patlıcan', kind: 'product', unit: 'kg' },
  { slug: 'salatalik', label: 'Salatalık', kind: 'product', unit: 'kg' },
  { slug: 'patates', label: 'Patates', kind: 'product', unit: 'kg' },
  { slug: 'sogan-kuru', label: 'Kuru Soğan', kind: 'variant', unit: 'kg' },
  { slug: 'havuc', label: 'Havuç', kind: 'product', unit: 'kg' },
  { slug: 'marul-kivircik', label: 'Kıvırcık Marul', kind: 'variant', unit: 'adet' },
  { slug: 'kabak', label: 'Kabak', kind: 'product', unit: 'kg' },
  { slug: 'brokoli-genel', label: 'Brokoli', kind: 'variant', unit: 'kg' },
  { slug: 'elma', label: 'Elma', kind: 'product', unit: 'kg' },
  { slug: 'portakal', label: 'Portakal', kind: 'product', unit: 'kg' },
  { slug: 'limon', label: 'Limon', kind: 'product', unit: 'kg' },
  { slug: 'uzum', label: 'Üzüm', kind: 'product', unit: 'kg' },
  { slug: 'muz-yerli', label: 'Yerli Muz', kind: 'variant', unit: 'kg' },
];

/** A week counts (gets a value) only when at least this many of the 15 members are priced in it. */
export const MIN_MEMBERS = 10;
/** A municipal index is published once it has at least this many weeks with a value (one year). */
export const PUBLISH_MIN_WEEKS = 52;
export const BASE_VALUE = 100;
export const METHOD = 'chained-jevons-matched-median';
export const INDEX_VERSION = '1';
export const NATIONAL_SLUG = 'ulusal';

/** Catalogue variants of a member, in the member's unit (sorted, so the build is reproducible). */
export function memberVariants(
  member: BasketMember,
  variants: Iterable<{ slug: string; product: string; unit: string }>,
): string[] {
  const out: string[] = [];
  for (const v of variants) {
    if (v.unit !== member.unit) continue;
    if (member.kind === 'variant' ? v.slug === member.slug : v.product === member.slug) out.push(v.slug);
  }
  return out.sort();
}
