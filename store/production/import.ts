/**
 * Imports the production documents (data/production/) into the store: idempotent, a document
 * whose bytes and parser the store already holds is skipped, a changed one replaces its table's
 * rows. Links to product families come from data/production/links.csv at every import, so a
 * reviewed link applies to rows read before it. Unlinked names are counted, never dropped.
 */
import { sha256HexSync } from '../../core/digest-sync.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db.ts';
import { PRODUCTION_DOCUMENTS, type ProductionDocument } from './documents.ts';
import { linkKey, LINKS_FILE, readLinks, type Link, type Links } from './links.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

type UnlinkedName = { table: string; name: string; rows: number; reviewed: boolean };
export type ProductionSummary = {
  documents: { table: string; path: string; rows: number; skipped: boolean }[];
  rows: number;
  names: number;
  linkedNames: number;
  unlinked: UnlinkedName[];
  leftOut: Record<string, number>;
};

export function importProduction(
  db: Db,
  families: ReadonlySet<string>,
  documents: readonly ProductionDocument[] = PRODUCTION_DOCUMENTS,
  root = ROOT,
): ProductionSummary {
  const links = readLinks(join(root, LINKS_FILE), families);
  const summary: ProductionSummary = { documents: [], rows: 0, names: 0, linkedNames: 0, unlinked: [], leftOut: {} };
  for (const doc of documents) summary.documents.push(importDocument(db, doc, links, root, summary.leftOut));
  relink(db, links);
  const names = db
    .prepare(
      `SELECT table_id AS "table", product_name AS name, product_slug AS product, count(*) AS rows
       FROM production GROUP BY table_id, product_name ORDER BY table_id, product_name`,
    )
    .all() as { table: string; name: string; product: string | null; rows: number }[];
  summary.names = names.length;
  for (const n of names) {
    summary.rows += n.rows;
    if (n.product) summary.linkedNames++;
    else
      summary.unlinked.push({
        table: n.table,
        name: n.name,
        rows: n.rows,
        reviewed: links.has(linkKey(n.table, n.name)),
      });
  }
  return summary;
}

function importDocument(
  db: Db,
  doc: ProductionDocument,
  links: Links,
  root: string,
  leftOut: Record<string, number>,
): ProductionSummary['documents'][number] {
  const bytes = readFileSync(join(root, doc.path));
  const sha256 = sha256HexSync(bytes);
  const known = db
    .prepare(
      'SELECT rows FROM production_documents WHERE sha256 = ? AND parser = ? AND parser_version = ? AND path = ?',
    )
    .get(sha256, doc.parser, doc.parserVersion, doc.path) as { rows: number } | undefined;
  if (known) return { table: doc.table, path: doc.path, rows: known.rows, skipped: true };
  const parsed = doc.parse(root);
  for (const [reason, rows] of Object.entries(parsed.leftOut)) leftOut[reason] = (leftOut[reason] ?? 0) + rows;
  db.transaction(() => {
    db.prepare(
      `DELETE FROM production WHERE document_id IN
         (SELECT id FROM production_documents WHERE table_id = ? OR path = ? OR sha256 = ?)`,
    ).run(parsed.table, doc.path, sha256);
    db.prepare('DELETE FROM production_documents WHERE table_id = ? OR path = ? OR sha256 = ?').run(
      parsed.table,
      doc.path,
      sha256,
    );
    const id = db
      .prepare(
        `INSERT INTO production_documents
           (sha256, path, bytes, table_id, title, source_line, provenance, licence, parser, parser_version, rows)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        sha256,
        doc.path,
        bytes.length,
        parsed.table,
        parsed.title,
        parsed.sourceLine,
        doc.provenance,
        doc.licence,
        doc.parser,
        doc.parserVersion,
        parsed.rows.length,
      ).lastInsertRowid;
    const insert = db.prepare(
      `INSERT INTO production (table_id, region, year, product_name, product_slug, measure, quantity_tons,
                               area_hectares, source, document_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const r of parsed.rows) {
      const link: Link | undefined = links.get(linkKey(parsed.table, r.productName));
      insert.run(
        parsed.table,
        r.region,
        r.year,
        r.productName,
        link?.product ?? null,
        link?.measure ?? null,
        r.quantityTons,
        r.areaHectares,
        parsed.source,
        id,
      );
    }
  })();
  return { table: parsed.table, path: doc.path, rows: parsed.rows.length, skipped: false };
}

/** Applies the links as they are now to every printed name whose stored link differs. */
function relink(db: Db, links: Links): void {
  const stored = db
    .prepare(
      `SELECT DISTINCT table_id AS "table", product_name AS name, product_slug AS product, measure
       FROM production`,
    )
    .all() as { table: string; name: string; product: string | null; measure: string | null }[];
  const update = db.prepare(
    'UPDATE production SET product_slug = ?, measure = ? WHERE table_id = ? AND product_name = ?',
  );
  db.transaction(() => {
    for (const s of stored) {
      const link = links.get(linkKey(s.table, s.name));
      const product = link?.product ?? null;
      const measure = link?.measure ?? null;
      if (product !== s.product || measure !== s.measure) update.run(product, measure, s.table, s.name);
    }
  })();
}

/** The import's summary lines: documents, rows, links, and the unlinked names with their rows. */
export function describeProduction(summary: ProductionSummary, elapsedMs: number, showUnlinked = 10): string[] {
  const skipped = summary.documents.filter((d) => d.skipped).length;
  const leftOut = Object.entries(summary.leftOut)
    .map(([reason, rows]) => `, ${rows} rows left out (${reason})`)
    .join('');
  const reviewed = summary.unlinked.filter((u) => u.reviewed).length;
  const lines = [
    `  production: ${summary.documents.length} documents${skipped ? ` (${skipped} unchanged, skipped)` : ''}, ` +
      `${summary.rows} rows; ${summary.names} printed names, ${summary.linkedNames} linked to a product family, ` +
      `${summary.unlinked.length} unlinked (${reviewed} reviewed: no family)${leftOut}; ${Math.round(elapsedMs)} ms`,
  ];
  const unreviewed = summary.unlinked.filter((u) => !u.reviewed).sort((a, b) => b.rows - a.rows);
  for (const u of unreviewed.slice(0, showUnlinked))
    lines.push(`      unlinked: ${u.table} ${JSON.stringify(u.name)} — ${u.rows} rows`);
  if (unreviewed.length > showUnlinked)
    lines.push(`      … and ${unreviewed.length - showUnlinked} more unreviewed names`);
  return lines;
}
