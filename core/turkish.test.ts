import { describe, expect, it } from 'vitest';
import { fold, foldedLength, slugify, SLUG_PATTERN, turkishLower } from './turkish.ts';

const COMBINING_DOT_ABOVE = '\u0307';

describe('fold: the catalogue and search match key', () => {
  it('folds the four Turkish i letters to a plain i', () => {
    expect(fold('İ')).toBe('i');
    expect(fold('I')).toBe('i');
    expect(fold('ı')).toBe('i');
    expect(fold('i')).toBe('i');
    expect(fold('ISPANAK')).toBe('ispanak');
    expect(fold('KIVI  İTHAL')).toBe('kivi ithal');
  });

  it('turns İSTANBUL into istanbul, never into i̇stanbul (i + combining dot)', () => {
    expect('İSTANBUL'.toLowerCase()).toBe(`i${COMBINING_DOT_ABOVE}stanbul`); // the trap fold avoids
    expect(fold('İSTANBUL')).toBe('istanbul');
    expect(fold('İSTANBUL')).not.toContain(COMBINING_DOT_ABOVE);
    expect(fold(`i${COMBINING_DOT_ABOVE}stanbul`)).toBe('istanbul');
  });

  it('strips ç ğ ö ş ü in both cases', () => {
    expect(fold('ÇĞÖŞÜ çğöşü')).toBe('cgosu cgosu');
    expect(fold('SOĞAN   KIRMIZI')).toBe('sogan kirmizi');
    expect(fold('ÜZÜM  SİYAH')).toBe('uzum siyah');
    expect(fold('ŞEFTALI')).toBe('seftali');
  });

  it('reduces runs of spaces and punctuation to one space and trims', () => {
    expect(fold('ARMUT  DEVECI')).toBe('armut deveci');
    expect(fold('ELMA  ')).toBe('elma');
    expect(fold('Y.MAYDONOZ')).toBe('y maydonoz');
    expect(fold('BİBER KÖY(MAZO)')).toBe('biber koy mazo');
    expect(fold('PATATES TAZE(YIKANMIŞ)')).toBe('patates taze yikanmis');
    expect(fold('ARMUT  S.MARIA')).toBe('armut s maria');
    expect(fold('MANTAR PAKET 400GR')).toBe('mantar paket 400gr');
  });

  it('gives the same key for NFD (decomposed) input as for NFC', () => {
    const nfd = 'BİBER ÇARLİSTON'.normalize('NFD');
    expect(nfd).not.toBe('BİBER ÇARLİSTON');
    expect(fold(nfd)).toBe('biber carliston');
    expect(fold('ÇİĞ KÖFTE'.normalize('NFD'))).toBe('cig kofte');
  });

  it('drops accents of foreign names and the circumflex', () => {
    expect(fold('Hünnap Kâğıt')).toBe('hunnap kagit');
    expect(fold('Jalapeño')).toBe('jalapeno');
  });

  it('turkishLower keeps ı and i apart before folding', () => {
    expect(turkishLower('ISPANAK İNCİR')).toBe('ıspanak incir');
  });
});

describe('slugify', () => {
  it('gives contract slugs', () => {
    expect(slugify('Biber Köy (Mazo)')).toBe('biber-koy-mazo');
    expect(slugify('Badem Çağla (Datça)')).toBe('badem-cagla-datca');
    expect(slugify('  Y.MAYDONOZ  ')).toBe('y-maydonoz');
    expect(slugify('Biber Kırmızı II')).toBe('biber-kirmizi-ii');
  });

  it('always matches the slug pattern for a name with letters', () => {
    for (const name of ['ELMA GSMIT(İTHAL)', 'DOMATES SALKIM  (İYİ TARIM)', 'LİMON DİĞER ', 'Mantar Paket 400 g']) {
      expect(SLUG_PATTERN.test(slugify(name)), name).toBe(true);
    }
    expect(SLUG_PATTERN.test('biber--sivri')).toBe(false);
    expect(SLUG_PATTERN.test('-biber')).toBe(false);
  });
});

describe('foldedLength: letters and digits left for search', () => {
  it('counts folded letters and digits, not spaces or punctuation', () => {
    expect(foldedLength('Y.MAYDONOZ')).toBe(9);
    expect(foldedLength('  İ  ')).toBe(1);
    expect(foldedLength('İSTANBUL')).toBe(8);
    expect(foldedLength('. - ;')).toBe(0);
    expect(foldedLength('ÜZÜM  SİYAH')).toBe(9);
  });
});
