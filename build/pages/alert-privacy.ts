/**
 * The privacy section of /api-policy, in Turkish, in the spirit of KVKK (6698 sayılı Kişisel
 * Verilerin Korunması Kanunu): what the price alerts hold, why, on which ground, how long, who
 * processes it, how to delete it, and the rights of the person it is about. Every figure comes
 * from core/alerts.ts, the rules the worker applies, so the page cannot promise what the code
 * does not do.
 */
import {
  ALERT_PAGES,
  ALERTS_PER_ADDRESS,
  CREATES_PER_IP_HOUR,
  MAILS_PER_ADDRESS_DAY,
  MANAGE_TOKEN_DAYS,
  PENDING_HOURS,
} from '../../core/alerts.ts';

/** The anchor of the section: docs/alerts.md and the mails link it. */
export const PRIVACY_ANCHOR = 'kisisel-veriler';

export function alertPrivacySection(): string {
  return `<h2 id="${PRIVACY_ANCHOR}">Kişisel veriler: fiyat alarmları</h2>
<p>Kişisel veri tutan tek bölüm fiyat alarmlarıdır (<code>/api/v1/alerts</code>); fiyat verisinin hiçbir uç noktası kişisel veri tutmaz. Bu bölüm 6698 sayılı Kişisel Verilerin Korunması Kanunu'nun (KVKK) aydınlatma yükümlülüğü anlayışıyla yazılmıştır. Veri sorumlusu bu kurulumu işleten kişi ya da kuruluştur.</p>
<h3>Hangi veriler tutulur</h3>
<ul>
<li><strong>E-posta adresiniz</strong>: yalnızca en az bir alarmı (onay bekleyen ya da etkin) olduğu sürece.</li>
<li><strong>Alarmlarınız</strong>: ürün çeşidi, seçtiyseniz hal, hedef fiyat, yön (<code>above</code> ya da <code>below</code>), durum, oluşturulma, onay ve son bildirim zamanı, karşılaştırılan son fiyat ve günü.</li>
<li><strong>Anahtarların özeti</strong>: onay ve yönetim bağlantılarındaki anahtarların yalnızca SHA-256 özeti; anahtarın kendisi saklanmaz, özetinden geri elde edilemez.</li>
<li><strong>Kötüye kullanım sayaçları</strong>: adresin ve IP adresinin gizli bir anahtarla alınmış özeti (HMAC) ve sayısı; adresinki bir gün, IP adresininki bir saat tutulur, süresi bitince silinir.</li>
</ul>
<p>Başka hiçbir şey tutulmaz: IP adresinin kendisi, ad, hesap, çerez ya da izleme yoktur. Alarm deposu hiçbir veri anlık görüntüsüne, hiçbir günlük (log) satırına ve önbelleğe alınan hiçbir yanıta girmez: alarm yanıtları ve sayfaları <code>Cache-Control: no-store</code> ile gelir.</p>
<h3>Neden işlenir</h3>
<p>Yalnızca onay e-postasını, istediğiniz alarm e-postalarını ve istediğinizde yönetim bağlantısını göndermek için. Veriler başka bir amaçla kullanılmaz; paylaşılmaz, satılmaz, profil çıkarmak ya da reklam için işlenmez.</p>
<h3>Hukuki sebep</h3>
<p>Açık rızanız (KVKK m.5/1), çift onayla (double opt-in) alınır: yeni bir alarm, adrese gönderilen onay bağlantısını açıp onaylayana kadar etkin olmaz ve onaylanmamış bir alarm için hiçbir alarm e-postası gönderilmez. Rızanızı her an, aşağıdaki yollarla alarmı silerek geri alabilirsiniz.</p>
<h3>Ne kadar süre tutulur</h3>
<ul>
<li>Onay bekleyen alarm ve onay anahtarı: <strong>${PENDING_HOURS} saat</strong>; bu sürede onaylanmazsa silinir. Onay anahtarı tek kullanımlıktır.</li>
<li>Etkin alarm: siz silene kadar. Alarmı kalmayan adres, anahtarlarıyla birlikte silinir.</li>
<li>Yönetim bağlantısı: <strong>${MANAGE_TOKEN_DAYS} gün</strong> geçerlidir; her e-posta yenisini taşır.</li>
<li>Kötüye kullanım sayaçları: adres için bir gün, IP adresi için bir saat.</li>
</ul>
<p>Sınırlar: bir adrese günde en fazla <strong>${MAILS_PER_ADDRESS_DAY}</strong> onay ya da yönetim e-postası gider (kimse bu servis üzerinden bir adrese e-posta yağdıramasın diye), bir IP adresinden saatte en fazla <strong>${CREATES_PER_IP_HOUR}</strong> yeni alarm kurulur, bir adresin en fazla <strong>${ALERTS_PER_ADDRESS}</strong> alarmı olur.</p>
<h3>Kim işler</h3>
<p>E-postalar bu kurulumu işletenin seçtiği e-posta sağlayıcısı (SMTP) üzerinden gönderilir. Sağlayıcı, yalnızca e-postayı iletmek için adresinizi ve e-postanın içeriğini alan bir veri işleyendir. Veriler başka hiçbir üçüncü kişiye aktarılmaz.</p>
<h3>Nasıl silinir</h3>
<ul>
<li>Her e-postadaki yönetim bağlantısı (<code>${ALERT_PAGES.manage}</code>): adresin bütün alarmlarını gösterir; her birini bir düğmeyle silersiniz.</li>
<li>Her e-postadaki tek tıkla abonelikten çıkma (<code>List-Unsubscribe</code>, RFC 8058; bağlantısı <code>${ALERT_PAGES.unsubscribe}</code>): o alarmı ya da adresin bütün alarmlarını siler.</li>
<li>API: <code>DELETE /api/v1/<wbr>alerts/<wbr>{id}</code>, yönetim anahtarı <code>Authorization: Bearer</code> başlığında.</li>
<li>Bağlantınız yoksa: <code>GET /api/v1/<wbr>alerts?email=</code> isteği, adresin alarmı varsa o adrese yeni bir yönetim bağlantısı gönderir; yanıt, adresin alarmı olsun olmasın aynıdır.</li>
</ul>
<p>Silme anında gerçekleşir; son alarmı silinen adres de hemen silinir.</p>
<h3>Haklarınız (KVKK m.11)</h3>
<p>Kişisel verilerinizin işlenip işlenmediğini öğrenme, işlenmişse buna ilişkin bilgi isteme, işlenme amacını ve amacına uygun kullanılıp kullanılmadığını öğrenme, yurt içinde ya da yurt dışında aktarıldığı üçüncü kişileri bilme, eksik ya da yanlış işlenmişse düzeltilmesini isteme, silinmesini ya da yok edilmesini isteme, düzeltme ve silme işlemlerinin aktarıldığı üçüncü kişilere bildirilmesini isteme, yalnızca otomatik sistemlerle analiz edilmesi sonucu aleyhinize bir sonuç çıkmasına itiraz etme ve kanuna aykırı işlenmesi sebebiyle zarara uğramanız hâlinde zararın giderilmesini isteme haklarına sahipsiniz. Yönetim bağlantısı tutulan her şeyi gösterir ve silmeyi hemen yapar; diğer istekleriniz için bu kurulumu işletene başvurun.</p>`;
}
