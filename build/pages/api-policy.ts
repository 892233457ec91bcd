/** /api-policy: the usage policy, in Turkish, from the registry, the route table and the alert rules. */
import { UNCOUNTED } from '../../core/extra-headers.ts';
import { LIMITER_TIMEOUT_MS, RATE_LIMIT, WIDGET_RATE_LIMIT, WIDGETS } from '../../core/routes.ts';
import { API_BASE, apiUrl } from '../../core/urls.ts';
import type { Model } from '../model.ts';
import { alertPrivacySection, PRIVACY_ANCHOR } from './alert-privacy.ts';
import { escapeHtml, page } from './html.ts';

const NOTICE_MONTHS = 6;
/** The export for Turkish spreadsheets, as the page's example: a link, and its address broken where a phone may wrap it. */
const TURKISH_EXPORT = escapeHtml(apiUrl('/prices/export', { product: 'domates', latest: 1, locale: 'tr' }));
const TURKISH_EXPORT_TEXT = TURKISH_EXPORT.replace('?', '?<wbr>').replaceAll('&amp;', '&amp;<wbr>');

export function apiPolicyPage(model: Model): string {
  const attributions = [...model.sources.values()]
    .map(
      (s) =>
        `<li><strong>${escapeHtml(s.name)}</strong>: ${escapeHtml(s.attribution)}${s.licence ? ` <small>(${escapeHtml(s.licence)})</small>` : ' <small>(lisans belirtilmemiş)</small>'}</li>`,
    )
    .join('\n');
  return page(
    'Kullanım ilkeleri — hal-api',
    `<h1>Kullanım ilkeleri</h1>
<h2>Anahtarsız ve ücretsiz</h2>
<p>API'yi kullanmak için anahtar, hesap ya da kayıt gerekmez. Fiyat verisinin tüm uç noktaları <code>GET</code> ile <code>/api/v1</code> altında yanıt verir; yazan tek işlemler fiyat alarmlarıdır (<a href="#${PRIVACY_ANCHOR}">Kişisel veriler</a>); her kaynaktan tarayıcı istekleri kabul edilir (CORS: <code>*</code>).</p>
<h2>İstek sınırı</h2>
<p>IP adresi başına dakikada <strong>${RATE_LIMIT.requests} istek</strong>; sınır tüm sunucularda birlikte sayılır. Gösterge sayfaları ayrı sayılır (<a href="#gostergeler">Göstergeler</a>). Pencere bir adresin ilk isteğiyle başlar ve ${RATE_LIMIT.windowSeconds} saniye sürer; reddedilen istekler pencereyi uzatmaz; tarayıcıların CORS ön istekleri (<code>OPTIONS</code>) sayılmaz. Her yanıtta <code>x-ratelimit-limit</code> (pencere başına istek), <code>x-ratelimit-remaining</code> (kalan istek) ve <code>x-ratelimit-reset</code> (pencerenin bitmesine kalan saniye) başlıkları bulunur. İstek sayacı hata verir ya da ${LIMITER_TIMEOUT_MS / 1000} saniye içinde yanıt vermezse istek sayılmadan yanıtlanır ve yanıtta <code>${UNCOUNTED}</code> başlığı bulunur: API salt okunur ve anahtarsızdır, sayaç çalışmazken herkesi geri çevirmek sayılmayan birkaç istekten daha çok zarar verir.</p>
<p>Sınır aşıldığında yanıt <code>429</code>, kod <code>RATE_LIMITED</code> ve <code>Retry-After: ${RATE_LIMIT.windowSeconds}</code> başlığıdır. <code>Retry-After</code> sözleşmenin sabit üst sınırıdır; <code>x-ratelimit-reset</code> pencerenin gerçekte kaç saniye sonra bittiğini söyler ve hiçbir zaman ondan büyük değildir. <code>x-ratelimit-reset</code> kadar beklemek yeterlidir; <code>Retry-After</code> kadar beklemek her zaman yeterlidir.</p>
<h2 id="gostergeler">Göstergeler</h2>
<p>Göstergeler (<a href="/widgets">/widgets</a>) verisiyle birlikte tek bir sayfa olarak gelir: bir görüntüleme tek bir istektir, sayfa API'ye ayrıca istek yapmaz. Gösterge sayfaları API'nin sınırından ayrı sayılır: IP adresi başına dakikada <strong>${WIDGET_RATE_LIMIT.requests} görüntüleme</strong>. Nedeni: bir göstergeyi gömen sayfanın ziyaretçileri çoğu zaman tek bir IP adresini paylaşır (mobil operatörlerin ortak adresi, carrier NAT); API'nin dakikada ${RATE_LIMIT.requests} isteği birkaç ziyaretçide tükenirdi. Her gösterge sayfası adresine göre CDN'de ${Math.min(...WIDGETS.map((w) => w.cache.sMaxAge)) / 60} dakika saklanır; önbellekten gelen görüntüleme sunucuya ulaşmaz ve sayılmaz. Sınır aşıldığında gösterge <code>429</code> ve <code>Retry-After: ${WIDGET_RATE_LIMIT.windowSeconds}</code> ile, veri okunamadığında <code>503</code> ile Türkçe bir açıklama ve “Yeniden dene” bağlantısı gösterir.</p>
<h2>Önbellek ve ETag</h2>
<p>Fiyatlar günde bir kez değişir. Yanıtları en az beş dakika saklayın ve koşullu istek gönderin: yanıttaki <code>ETag</code> değerini <code>If-None-Match</code> başlığıyla geri yollayın; veri değişmediyse yanıt gövdesiz <code>304</code> olur: gövde aktarılmaz, ama her istek gibi istek sınırına sayılır. Sınırı korumanın yolu, yanıtı <code>Cache-Control</code> başlığının söylediği süre boyunca saklayıp bu sürede aynı isteği hiç göndermemektir; süre dolunca <code>If-None-Match</code> ile sorun.</p>
<h2>Atıf zorunluluğu</h2>
<p>Her JSON yanıtı bir <code>attribution</code> metni taşır. Veriyi gösteren ya da yeniden yayımlayan herkes bu metni de göstermelidir; bu, kaynakların açık verisini yeniden yayımlamanın koşuludur. Kaynaklar ve atıf metinleri:</p>
<ul>
${attributions}
</ul>
<h2>Sayfa kazımayın</h2>
<p>HTML sayfalarını kazımak (scraping) önerilmez; desteklenen yol bu API'dir. Toplu veri için tarihli veri anlık görüntülerini kullanın.</p>
<h2>Sürüm sözü</h2>
<p>Sürüm yoldadır (<code>${API_BASE}</code>). Geriye uyumlu alan eklemeleri v1 içinde yayımlanır; eski sözleşmeli uç noktalarda anahtar sırası ve değer türleri korunur, yeni anahtarlar yalnızca sona eklenir. Bir alanı kaldırmak, bir anlamı değiştirmek ya da zorunlu parametre eklemek yeni bir ana sürüm gerektirir ve en az ${NOTICE_MONTHS} ay önceden duyurulur.</p>
<h2>Tablolama programları (Excel, LibreOffice)</h2>
<p><code>${apiUrl('/prices/export')}</code> CSV dosyası verir. Varsayılan dosya ondalık ayırıcı olarak nokta, alan ayırıcı olarak virgül kullanır; Türkçe ayarlı bir tablolama programı bu dosyada <code>30.5</code> gibi fiyatları tarihe (30 Mayıs) ya da metne çevirir. Türkçe Excel ya da LibreOffice kullanıyorsanız adrese <code>locale=tr</code> ekleyin: ondalık ayırıcı virgül, alan ayırıcı noktalı virgül olur, güncellik ve uyarılar Türkçe yazılır. Türkçe ayarlı Excel bu dosyayı çift tıklayınca sütunlara ayırır; LibreOffice'in içe aktarma penceresinde karakter kümesi UTF-8, ayırıcı noktalı virgül, dil Türkçe olsun. Örnek: <a href="${TURKISH_EXPORT}"><code>${TURKISH_EXPORT_TEXT}</code></a>. Dosya adı seçimi söyler (ürün, hal, gün, Türkçe biçim için <code>_tr</code>).</p>
<h2>Tazelik</h2>
<p>Her fiyat kendi veri gününü, kaynağını ve okunduğu belgeyi taşır. <code>freshness</code>, <code>isStale</code> ve <code>warnings</code> alanları verinin ne kadar güncel olduğunu söyler; kaynakların durumu <a href="/data-health">veri sağlığı</a> sayfasındadır.</p>
${alertPrivacySection()}`,
    `Makine okunur açıklama: <a href="${apiUrl('/openapi.json')}">${apiUrl('/openapi.json')}</a>`,
  );
}
