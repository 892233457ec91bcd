import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { indexPage } from './weekly-index.ts';

describe('weekly index widget page', () => {
  it('says "Endeks henüz yayımlanmadı." while no closed week has a value, with the attribution it has', () => {
    const $ = load(
      indexPage(
        { index: { name: 'Ulusal Hal Sepeti Endeksi' }, latest: null, attribution: 'Kaynak: Test' },
        [],
        'dark',
      ),
    );
    expect($('main').attr('data-state')).toBe('unpublished');
    expect($('.unpublished').text()).toBe('Endeks henüz yayımlanmadı.');
    expect($('h1').text()).toBe('Ulusal Hal Sepeti Endeksi');
    expect($('.attribution .source').text()).toBe('Kaynak: Test');
    expect($('svg')).toHaveLength(0);
    expect($('html').attr('data-theme')).toBe('dark');
  });
});
