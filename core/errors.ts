/**
 * Every error code the API answers with: its status and its Turkish message. The worker builds the
 * error body from it (edge/answer/errors.ts) and the OpenAPI document names each status's codes from it
 * (build/openapi/document.ts), so a code cannot be sent without being documented, nor documented apart
 * from what is sent. Figures in a message come from the limits they describe.
 */
import { CREATES_PER_IP_HOUR, MAILS_PER_ADDRESS_DAY } from './alerts.ts';
import { RATE_LIMIT, routeSpec, SEARCH_QUERY } from './routes.ts';

/** `20000` → `20.000`, as Turkish text writes it. */
const turkishThousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+$)/g, '.');

export const ERRORS = {
  NOT_FOUND: { status: 404, message: 'İstenen kaynak bulunamadı.' },
  RATE_LIMITED: {
    status: 429,
    message:
      `İstek sınırı aşıldı: IP adresi başına dakikada ${RATE_LIMIT.requests} istek. ` +
      `En geç ${RATE_LIMIT.windowSeconds} saniye sonra yeniden deneyin ` +
      '(x-ratelimit-reset: pencerenin bitmesine kalan saniye).',
  },
  INVALID_DATE: { status: 400, message: 'Geçersiz tarih: YYYY-AA-GG biçiminde gerçek bir gün olmalı.' },
  INVALID_PAGE: { status: 400, message: 'Geçersiz sayfa: page 1 veya daha büyük bir tam sayı olmalı.' },
  INVALID_LIMIT: { status: 400, message: 'Geçersiz limit: limit 1 veya daha büyük bir tam sayı olmalı.' },
  INVALID_ID: { status: 400, message: 'Geçersiz gözlem kimliği: UUID biçiminde olmalı.' },
  QUERY_TOO_SHORT: { status: 400, message: `Arama sorgusu (q) en az ${SEARCH_QUERY.minLetters} harf içermeli.` },
  INVALID_PARAMETER: { status: 400, message: 'Geçersiz parametre değeri: izin verilen değerler details alanında.' },
  EXPORT_TOO_LARGE: {
    status: 400,
    message:
      `Dışa aktarım çok büyük: en fazla ${turkishThousands(routeSpec('/prices/export').maxRows!)} satır. ` +
      'Filtreleri daraltın veya tarihli veri anlık görüntüsünü indirin.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message:
      'Bu yol bu yöntemi kabul etmiyor (izin verilenler Allow başlığında): API okuma için GET ve HEAD kabul eder; ' +
      'yazan tek işlemler fiyat alarmlarıdır (/alerts).',
  },
  INVALID_ALERT: {
    status: 400,
    message:
      'Geçersiz alarm isteği: gövde JSON olmalı; email geçerli bir adres, productSlug yayımlanan bir ürün çeşidi, ' +
      'targetPrice en fazla iki ondalıklı pozitif bir sayı, direction above ya da below olmalı (details alanına bakın).',
  },
  ALERT_TOKEN_REQUIRED: {
    status: 401,
    message:
      'Alarmlar yalnızca adrese e-postayla gönderilen yönetim anahtarıyla (Authorization: Bearer) listelenir ve silinir. ' +
      'Anahtarınız yoksa GET /alerts?email= isteği, adresin alarmı varsa bir yönetim bağlantısını o adrese gönderir.',
  },
  ALERT_TOKEN_INVALID: {
    status: 401,
    message:
      'Alarm anahtarı geçersiz: tanınmıyor, süresi dolmuş ya da daha önce kullanılmış (details.reason). ' +
      'Yeni bir yönetim bağlantısı için GET /alerts?email= isteği gönderin.',
  },
  ALERT_LIMITED: {
    status: 429,
    message:
      `Alarm sınırı aşıldı: bir adrese günde en fazla ${MAILS_PER_ADDRESS_DAY} onay ya da yönetim e-postası, ` +
      `bir IP adresinden saatte en fazla ${CREATES_PER_IP_HOUR} yeni alarm (details alanına ve Retry-After başlığına bakın).`,
  },
  ALERTS_UNAVAILABLE: {
    status: 503,
    message:
      'Fiyat alarmları şu an kullanılamıyor: alarm deposu ya da e-posta gönderimi yanıt vermiyor. Biraz sonra yeniden deneyin.',
  },
  INDEX_NOT_PUBLISHED: {
    status: 409,
    message:
      'Bu belediye endeksi tanımlı ama henüz yayımlanmadı: ' +
      'yayımlama kuralını karşılamıyor (details alanına bakın).',
  },
  FORECAST_NOT_PUBLISHABLE: {
    status: 422,
    message:
      'Bu ürün için tahmin yayımlanmıyor: serinin geriye dönük sınaması yayımlama ölçütlerini karşılamadı ' +
      'ya da verisi güncel değil (nedenler ve ölçümler details alanında).',
  },
  INVALID_API_KEY: {
    status: 401,
    message:
      'Geçersiz API anahtarı: X-API-Key biçimi hatalı, anahtar tanınmıyor ya da iptal edilmiş (details alanına bakın). ' +
      'Anahtar yalnızca X-API-Key başlığında kabul edilir, sorgu dizesinde değil; anahtarsız erişim için başlığı göndermeyin.',
  },
  QUOTA_EXCEEDED: {
    status: 429,
    message:
      'API anahtarının kotası doldu: günlük kota ya da dakikalık ani istek sınırı (details alanına bakın). ' +
      'Retry-After kadar bekleyin; günlük kota İstanbul saatiyle gece yarısı yenilenir.',
  },
  KEY_CHECK_UNAVAILABLE: {
    status: 503,
    message:
      'API anahtarı şu an doğrulanamıyor. Retry-After kadar sonra yeniden deneyin ' +
      'ya da X-API-Key başlığı olmadan anahtarsız erişimi kullanın.',
  },
  INTERNAL_ERROR: { status: 500, message: 'Sunucu hatası. Sorunu bildirirken requestId değerini belirtin.' },
  ORIGIN_UNAVAILABLE: {
    status: 500,
    message:
      'Veri deposu şu an yanıt vermiyor ya da eksik yanıt verdi; boş bir yanıt yerine hata döndü. ' +
      'Biraz sonra yeniden deneyin.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
/** The one status a code is sent with. */
export type StatusOf<C extends ErrorCode> = (typeof ERRORS)[C]['status'];

/** The codes sent with a status, in the order above. */
export function codesOf(status: number): ErrorCode[] {
  return (Object.keys(ERRORS) as ErrorCode[]).filter((code) => ERRORS[code].status === status);
}
