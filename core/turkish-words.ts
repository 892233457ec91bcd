/**
 * The API's codes in Turkish words, for people rather than programs: the Turkish CSV export
 * (locale=tr) and the widgets. Each word reads on its own, without colour or a legend.
 * A code without a word (one added to the API later) is shown as the code, never dropped.
 */
export const FRESHNESS_WORDS: Readonly<Record<string, string>> = {
  fresh: 'güncel',
  delayed: 'gecikmeli',
  stale: 'güncel değil',
  failed: 'güncel değil (kaynak hatası)',
  unavailable: 'veri yok',
};

export const WARNING_WORDS: Readonly<Record<string, string>> = {
  no_data: 'kaynakta kayıtlı veri günü yok',
  data_delayed: 'kaynak 1–2 yayın günüdür yeni liste yayımlamadı',
  data_stale: 'kaynak ikiden fazla yayın günüdür güncellenmedi',
  source_frozen: 'kaynak aynı listeyi tekrarlıyor',
  source_blocked: 'kaynak erişimi engelliyor',
  source_unreachable: 'kaynağa ulaşılamıyor',
  source_broken: 'kaynağın biçimi değişti',
  last_fetch_failed: 'son indirme başarısız oldu',
  collection_paused: 'otomatik toplama durduruldu',
  static_archive: 'arşiv kaydı',
  computed_midpoint: 'ortalama, en düşük ve en yüksek fiyatın ortası',
  corrected_value: 'değer yönetici tarafından düzeltildi',
};

export const AVG_PRICE_METHOD_WORDS: Readonly<Record<string, string>> = {
  reported: 'kaynağın bildirdiği ortalama',
  midpoint: 'en düşük ile en yüksek fiyatın ortası',
  mean_of_daily: 'günlük ortalamaların ortalaması',
};

export function inWords(words: Readonly<Record<string, string>>, code: string): string {
  return Object.hasOwn(words, code) ? words[code]! : code;
}
