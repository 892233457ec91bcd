/** The CSV columns of /prices/export (our decision: the contract does not show them), Turkish like the site. */
export const EXPORT_COLUMNS = [
  'Ürün', 'Ürün Kodu', 'Kategori', 'Hal', 'Hal Kodu', 'Şehir', 'Min Fiyat', 'Maks Fiyat', 'Ort Fiyat', 'Ortalama Yöntemi', 'Birim',
  'Para Birimi', 'Tarih', 'Kaynak Adı', 'Kaynak URL', 'Resmi Kaynak', 'Kaynak Kodu', 'Güncellik', 'Uyarılar', 'Kalite İşaretleri',
  'Gözlem URL', 'Belge URL', 'Uygulanan Filtreler', 'Dışa Aktarım Zamanı',
] as const;
