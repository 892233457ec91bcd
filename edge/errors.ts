/**
 * The error body of the contract (five keys, the nested `error` kept for the earlier system's
 * clients), with Turkish messages. One class knows how to become the response, so documented
 * errors cannot drift. Errors are never cached.
 */
export const MESSAGES = {
  NOT_FOUND: 'İstenen kaynak bulunamadı.',
  RATE_LIMITED: 'İstek sınırı aşıldı: IP adresi başına dakikada 60 istek. En geç 60 saniye sonra yeniden deneyin (x-ratelimit-reset: pencerenin bitmesine kalan saniye).',
  INVALID_DATE: 'Geçersiz tarih: YYYY-AA-GG biçiminde gerçek bir gün olmalı.',
  INVALID_PAGE: 'Geçersiz sayfa: page 1 veya daha büyük bir tam sayı olmalı.',
  INVALID_LIMIT: 'Geçersiz limit: limit 1 veya daha büyük bir tam sayı olmalı.',
  INVALID_ID: 'Geçersiz gözlem kimliği: UUID biçiminde olmalı.',
  QUERY_TOO_SHORT: 'Arama sorgusu (q) en az 2 harf içermeli.',
  INVALID_PARAMETER: 'Geçersiz parametre değeri: izin verilen değerler details alanında.',
  EXPORT_TOO_LARGE: 'Dışa aktarım çok büyük: en fazla 20.000 satır. Filtreleri daraltın veya tarihli veri anlık görüntüsünü indirin.',
  METHOD_NOT_ALLOWED: 'Bu API yalnızca GET ve HEAD isteklerini kabul eder.',
  INDEX_NOT_PUBLISHED: 'Bu belediye endeksi tanımlı ama henüz yayımlanmadı: yayımlama kuralını karşılamıyor (details alanına bakın).',
  INTERNAL_ERROR: 'Sunucu hatası. Sorunu bildirirken requestId değerini belirtin.',
  ORIGIN_UNAVAILABLE: 'Veri deposu şu an yanıt vermiyor ya da eksik yanıt verdi; boş bir yanıt yerine hata döndü. Biraz sonra yeniden deneyin.',
} as const;
export type ErrorCode = keyof typeof MESSAGES;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly details: unknown = null,
  ) {
    super(MESSAGES[code]);
  }
}

export function errorBody(code: ErrorCode, requestId: string, details: unknown = null, now = new Date()) {
  const message = MESSAGES[code];
  return {
    error: { code, message, details, requestId },
    code,
    message,
    requestId,
    timestamp: now.toISOString(),
  };
}
