/**
 * The publication's summary for the job's page on GitHub (GITHUB_STEP_SUMMARY): what was published,
 * what retention pruned, and how fresh the build honestly is, source by source.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HEALTH_PATH, SOURCES_STATUS_PATH } from '../../core/objects.ts';
import { describeOperations } from '../../publish/operations.ts';
import { MB } from '../../publish/progress.ts';
import type { PruneReport } from '../../publish/prune.ts';
import type { PublishReport } from '../../publish/release.ts';
import type { HealthResponseT } from '../../schemas/health.ts';
import type { SourceStatusEnvelopeT } from '../../schemas/sources.ts';

/** Markdown for the job's summary page: what was published and how fresh it honestly is. */
export function stepSummary(distDir: string, r: PublishReport, pruned: PruneReport | null): string {
  const lines = [
    '## Publish',
    '',
    `Build \`${r.buildId}\` → \`${r.prefix}\` (${r.switched ? `pointer moved from \`${r.previous ?? 'none'}\`` : 'already current'})`,
    '',
  ];
  lines.push(
    '| objects | sent | bytes sent | kept | snapshot files copied | resumed | path map shards | retries | seconds |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  lines.push(
    `| ${r.objects} | ${r.put} | ${MB(r.bytesSent)} | ${r.kept} | ${r.copied} | ${r.resumed} | ${r.shards} | ${r.retries} | ${(r.ms / 1000).toFixed(1)} |`,
    '',
    `Bucket operations: ${describeOperations(r.operations)}`,
    '',
  );
  if (pruned)
    lines.push(
      `Retention: ${pruned.buildsPruned.length} builds, ${pruned.snapshotsPruned.length} snapshots, ${pruned.unusedPruned} unused objects pruned (bucket operations: ${describeOperations(pruned.operations)}).`,
      '',
    );
  const statusFile = join(distDir, SOURCES_STATUS_PATH);
  const healthFile = join(distDir, HEALTH_PATH);
  if (existsSync(healthFile))
    lines.push(`Health: **${(JSON.parse(readFileSync(healthFile, 'utf8')) as HealthResponseT).status}**`, '');
  if (existsSync(statusFile)) {
    const status = JSON.parse(readFileSync(statusFile, 'utf8')) as SourceStatusEnvelopeT;
    const items = status.items.filter((i) => i.enabled);
    lines.push('| source | status | health | data day | days behind | freshness |', '|---|---|---|---|---|---|');
    for (const i of items)
      lines.push(
        `| ${i.key} | ${i.status} | ${i.health} | ${i.dataDate ?? '—'} | ${i.publishingDaysBehind ?? '—'} | ${i.freshness} |`,
      );
  }
  return lines.join('\n') + '\n';
}
