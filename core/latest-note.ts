/** meta.note of /prices/latest: written by the build, and by the edge for an empty answer. */
export const LATEST_NOTE =
  'Her satır kendi veri gününü taşır (observed_date). Fiyat, ürünün en yeni veri gününe kadarki 7 gün içinde her halin son ortalama fiyatından gelir: market_count 1 ise tek bir halin fiyatıdır (ulusal bir medyan değildir; hal sources alanındaki kaynağındır), market_count N ise N halin fiyatlarının medyanıdır.';
