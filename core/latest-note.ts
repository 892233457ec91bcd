/** meta.note of /prices/latest: written by the build, and by the edge for an empty answer. */
export const LATEST_NOTE =
  'Her satır kendi veri gününü taşır (observed_date). Ulusal medyan: ürünün en yeni veri gününe kadarki 7 gün içinde her halin son ortalama fiyatının medyanı.';
