/**
 * Every production document the repository holds, with its parser and provenance. The bytes are
 * read here; a document is parsed only when its sha256 or parser version is new to the store.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readGreenhouseTable, GREENHOUSE } from './greenhouse.ts';
import { readYearTable } from './national.ts';
import { PROVINCE_FILE, PROVINCE_TABLE, readProvinceDatabase } from './province.ts';
import { NATIONAL_DIR, YEAR_TABLES } from './tables.ts';
import type { ParsedProduction } from './types.ts';

export type ProductionDocument = {
  table: string;
  /** repository path */
  path: string;
  provenance: string;
  licence: string | null;
  parser: string;
  parserVersion: number;
  parse(root: string): ParsedProduction;
};

const TUIK_PROVENANCE = (file: string) =>
  `ahmetarifozden/tuik-pipeline @ 675001aeff2ebec3f405d117d97c452dc5e116f3, downloads/meyve/${file} ` +
  '(TÜİK, data.tuik.gov.tr; download address not recorded)';
const KDS_PROVENANCE =
  'gunosari/tarimprojesi @ 3e84c5e6e96319540d3376b15edabcb2d870008e, public/kds_vt.db (provenance not stated there)';

const bytesOf = (root: string, path: string) => new Uint8Array(readFileSync(join(root, path)));

export const PRODUCTION_DOCUMENTS: ProductionDocument[] = [
  ...YEAR_TABLES.map((spec) => {
    const path = `${NATIONAL_DIR}/${spec.file}`;
    return {
      table: spec.table,
      path,
      provenance: TUIK_PROVENANCE(spec.file),
      licence: null,
      parser: 'tuik-production-xls',
      parserVersion: 1,
      parse: (root: string) => readYearTable(spec, bytesOf(root, path), path),
    };
  }),
  {
    table: GREENHOUSE.table,
    path: `${NATIONAL_DIR}/${GREENHOUSE.file}`,
    provenance: TUIK_PROVENANCE(GREENHOUSE.file),
    licence: null,
    parser: 'tuik-production-xls',
    parserVersion: 1,
    parse: (root: string) =>
      readGreenhouseTable(bytesOf(root, `${NATIONAL_DIR}/${GREENHOUSE.file}`), `${NATIONAL_DIR}/${GREENHOUSE.file}`),
  },
  {
    table: PROVINCE_TABLE,
    path: PROVINCE_FILE,
    provenance: KDS_PROVENANCE,
    licence: null,
    parser: 'kds-production-db',
    parserVersion: 1,
    parse: (root: string) => readProvinceDatabase(join(root, PROVINCE_FILE)),
  },
];
