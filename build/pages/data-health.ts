/**
 * /data-health: each source's health, last data day, days behind and reasons, in Turkish,
 * readable on a phone. Generated from the same object as /api/v1/sources/status.
 */
import { apiUrl } from '../../core/urls.ts';
import type { SourceStatusEnvelopeT } from '../../schemas/sources.ts';
import { escapeHtml, page } from './html.ts';

const STATUS_LABEL: Record<string, string> = {
  verified: 'doğrulandı',
  unverified: 'doğrulanmadı',
  blocked: 'engelli',
  unreachable: 'ulaşılamıyor',
  broken: 'biçim değişti',
  frozen: 'donmuş',
};

export function dataHealthPage(status: SourceStatusEnvelopeT): string {
  const order = { failed: 0, warning: 1, delayed: 2, healthy: 3, off: 4 } as const;
  const items = [...status.items].sort(
    (a, b) => order[a.health] - order[b.health] || a.name.localeCompare(b.name, 'tr'),
  );
  const counts = Object.entries(
    items.reduce<Record<string, number>>((m, i) => ({ ...m, [i.health_label]: (m[i.health_label] ?? 0) + 1 }), {}),
  )
    .map(([label, n]) => `${n} ${escapeHtml(label.toLocaleLowerCase('tr-TR'))}`)
    .join(', ');
  const cards = items
    .map(
      (i) => `<li class="card" id="${escapeHtml(i.key)}">
<h3>${escapeHtml(i.name)}</h3>
<span class="badge ${i.health}">${escapeHtml(i.health_label)}</span>
<dl>
<dt>Son veri günü</dt><dd>${i.dataDate ? escapeHtml(i.dataDate) : 'yok'}</dd>
<dt>Geride</dt><dd>${i.publishingDaysBehind === null ? '—' : `${i.publishingDaysBehind} yayın günü`}</dd>
<dt>Durum</dt><dd>${escapeHtml(STATUS_LABEL[i.status] ?? i.status)}</dd>
<dt>Yayın günleri</dt><dd>${escapeHtml(i.expected_days)}</dd>
</dl>
${i.reasons.length ? `<ul class="reasons">${i.reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>` : ''}
</li>`,
    )
    .join('\n');
  return page(
    'Veri sağlığı — hal-api',
    `<h1>Veri sağlığı</h1>
<p>Her resmî kaynağın son veri günü, yayın takvimine göre kaç yayın günü geride olduğu ve nedenleri. ${items.length} kaynak: ${counts}.</p>
<p class="muted">Kontrol: ${escapeHtml(status.meta.checked_at)} · Zamanlanmış toplama en son: ${status.meta.scheduler_seen_at ? escapeHtml(status.meta.scheduler_seen_at) : 'henüz görülmedi'}</p>
<ul class="cards">
${cards}
</ul>`,
    `Makine okunur hâli: <a href="${apiUrl('/sources/status')}">${apiUrl('/sources/status')}</a> · <a href="/api-policy">Kullanım ilkeleri</a><br>${escapeHtml(status.attribution)}`,
  );
}
