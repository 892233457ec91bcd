/**
 * The scheduled notifier (a cron trigger of the worker): compares every active alert with the
 * published build once per build, mails each crossing once, then lets the alert sleep until the
 * price is back on the other side (edge/alerts/notifier/crossing.ts), and sweeps what the database may
 * no longer hold. It logs counts and the build id only, never an address or a token.
 */
import type { AlertsDb } from '../db.ts';
import { mailLinks } from '../links.ts';
import type { Reading } from '../mail/messages.ts';
import type { MailEnv } from '../mail/transport.ts';
import { mintToken } from '../tokens.ts';
import { publishedOrigin, type OriginEnv } from '../../origin/bindings.ts';
import { publishedBuildId, readBuild, type BuildView } from './build-view.ts';
import { decide, type Seen } from './crossing.ts';
import { deliverOf, type Deliver } from './deliver.ts';
import { sweep, type Swept } from './housekeeping.ts';

export type NotifierEnv = OriginEnv & MailEnv & { ALERTS?: D1Database; PUBLIC_ORIGIN?: string };

export type NotifierReport = {
  buildId: string | null;
  /** why no alert was compared: the build was already, nothing is published or delivered */
  skipped: 'compared' | 'no build' | 'no delivery' | null;
  checked: number;
  mailed: number;
  rearmed: number;
  failed: number;
  swept: Swept | null;
};

type AlertRow = {
  id: string;
  subscriber_id: string;
  email: string;
  product_slug: string;
  product_name: string;
  market_slug: string | null;
  target_price: string;
  direction: 'above' | 'below';
  armed: number;
};

const ACTIVE_ALERTS =
  'SELECT a.id, a.subscriber_id, s.email, a.product_slug, a.product_name, a.market_slug, a.target_price, ' +
  "a.direction, a.armed FROM alerts a JOIN subscribers s ON s.id = a.subscriber_id WHERE a.status = 'active' " +
  'ORDER BY a.id';

/** The alert's price in this build, with what the mail says of it; null when the build has none. */
function readingOf(
  alert: AlertRow,
  build: BuildView,
  origin: string,
): (Seen & { reading: Reading; unit: string; marketName: string | null }) | null {
  const rows = build.rows.get(alert.product_slug) ?? [];
  const absolute = (path: string) => `${origin}${path}`;
  if (alert.market_slug !== null) {
    const row = rows.find((r) => r.marketSlug === alert.market_slug);
    if (!row) return null;
    return {
      price: row.avgPrice,
      freshness: row.freshness,
      unit: row.unit,
      marketName: row.marketName,
      reading: {
        price: row.avgPrice,
        day: row.dataDate,
        marketCount: 1,
        freshness: row.freshness,
        observationUrls: [absolute(row.observationUrl)],
        sourceNames: [row.sourceName],
      },
    };
  }
  const item = build.national.get(alert.product_slug);
  if (!item || item.median === null) return null;
  return {
    price: item.median,
    freshness: item.freshness,
    unit: item.unit,
    marketName: null,
    reading: {
      price: item.median,
      day: item.observed_date,
      marketCount: item.market_count,
      freshness: item.freshness,
      observationUrls: rows.map((r) => absolute(r.observationUrl)),
      sourceNames: [...new Set(rows.map((r) => r.sourceName))],
    },
  };
}

/** One alert: decide, and mail or re-arm. Throws only when its delivery or its update failed. */
async function notifyOne(
  db: AlertsDb,
  alert: AlertRow,
  build: BuildView,
  origin: string,
  deliver: Deliver,
  now: Date,
): Promise<'mail' | 'rearm' | 'nothing'> {
  const seen = readingOf(alert, build, origin);
  const decision = decide(
    { direction: alert.direction, targetPrice: alert.target_price, armed: alert.armed === 1 },
    seen,
  );
  const compared = (armed: number, notified: string | null) =>
    db
      .prepare(
        'UPDATE alerts SET armed = ?, last_price = ?, last_data_date = ?, last_build_id = ?, ' +
          'last_notified_at = COALESCE(?, last_notified_at) WHERE id = ?',
      )
      .bind(armed, seen?.price ?? null, seen?.reading.day ?? null, build.buildId, notified, alert.id)
      .run();
  if (decision === 'nothing' || !seen) {
    await compared(alert.armed, null);
    return 'nothing';
  }
  if (decision === 'rearm') {
    await compared(1, null);
    return 'rearm';
  }
  const token = await mintToken(db, 'manage', alert.subscriber_id, null, now);
  await deliver({
    to: alert.email,
    alert: {
      id: alert.id,
      productName: alert.product_name,
      productSlug: alert.product_slug,
      unit: seen.unit,
      marketName: seen.marketName,
      targetPrice: alert.target_price,
      direction: alert.direction,
    },
    reading: seen.reading,
    links: mailLinks(origin, token, alert.id),
  });
  await compared(0, now.toISOString());
  return 'mail';
}

export async function runNotifier(env: NotifierEnv, now: Date, deliver = deliverOf(env)): Promise<NotifierReport> {
  const report: NotifierReport = {
    buildId: null,
    skipped: null,
    checked: 0,
    mailed: 0,
    rearmed: 0,
    failed: 0,
    swept: null,
  };
  const db = env.ALERTS;
  if (!db) return report;
  try {
    await compareBuild(db, env, now, deliver, report);
  } finally {
    report.swept = await sweep(db, now);
    console.log(`notifier: ${JSON.stringify(report)}`);
  }
  return report;
}

async function compareBuild(
  db: AlertsDb,
  env: NotifierEnv,
  now: Date,
  deliver: Deliver | null,
  report: NotifierReport,
): Promise<void> {
  const published = publishedOrigin(env);
  if (!published) return void (report.skipped = 'no build');
  if (!deliver) return void (report.skipped = 'no delivery');
  const buildId = (report.buildId = await publishedBuildId(published));
  const recorded = 'SELECT 1 FROM notifier_runs WHERE build_id = ?';
  if (await db.prepare(recorded).bind(buildId).first()) return void (report.skipped = 'compared');
  // Read before the run is claimed: a build that cannot be read now is compared by a later run.
  const build = await readBuild(published, now);
  // Claimed before any alert is read: a second run of the same build, even an overlapping one, compares nothing.
  const claim = await db
    .prepare('INSERT OR IGNORE INTO notifier_runs (build_id, started_at) VALUES (?, ?)')
    .bind(buildId, now.toISOString())
    .run();
  if ((claim.meta.changes ?? 0) === 0) return void (report.skipped = 'compared');
  const origin = (env.PUBLIC_ORIGIN ?? '').replace(/\/+$/, '');
  const { results: alerts } = await db.prepare(ACTIVE_ALERTS).all<AlertRow>();
  for (const alert of alerts) {
    report.checked++;
    try {
      const done = await notifyOne(db, alert, build, origin, deliver, now);
      if (done === 'mail') report.mailed++;
      else if (done === 'rearm') report.rearmed++;
    } catch (error) {
      // One alert's failure never stops the others; it stays armed, so the next build tries again.
      report.failed++;
      console.error(`notifier: alert ${alert.id} of build ${buildId} failed: ${(error as Error).name}`);
    }
  }
  await db
    .prepare('UPDATE notifier_runs SET finished_at = ?, alerts_checked = ?, mails_sent = ? WHERE build_id = ?')
    .bind(new Date().toISOString(), report.checked, report.mailed, buildId)
    .run();
}
