/**
 * A Parquet table's columns, and the one way rows reach DuckDB: appended as the store gives them
 * (days as text, lists as JSON text) into a staging table, then typed in the SELECT that COPY writes.
 * The store's SQLite types map to Parquet as: TEXT → VARCHAR, INTEGER → BIGINT (INTEGER for small
 * counts), REAL → DOUBLE (the stored binary64 exactly, no rounding), a `YYYY-MM-DD` day → DATE, a JSON
 * array of strings → LIST(VARCHAR), a 0/1 flag → BOOLEAN.
 */
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';

type ParquetType = 'VARCHAR' | 'BIGINT' | 'INTEGER' | 'DOUBLE' | 'DATE' | 'BOOLEAN' | 'VARCHAR[]' | 'INTEGER[]';

export type ParquetColumn = { name: string; type: ParquetType; description: string; unit?: string };

/** A column the staging table holds only for filtering (a file's year), never written. */
export type StagingOnly = { name: string; type: 'INTEGER' };

const STAGED: Record<ParquetType, string> = {
  VARCHAR: 'VARCHAR',
  BIGINT: 'BIGINT',
  INTEGER: 'INTEGER',
  DOUBLE: 'DOUBLE',
  DATE: 'VARCHAR',
  BOOLEAN: 'BOOLEAN',
  'VARCHAR[]': 'VARCHAR',
  'INTEGER[]': 'VARCHAR',
};

const FRICTIONLESS: Record<ParquetType, string> = {
  VARCHAR: 'string',
  BIGINT: 'integer',
  INTEGER: 'integer',
  DOUBLE: 'number',
  DATE: 'date',
  BOOLEAN: 'boolean',
  'VARCHAR[]': 'array',
  'INTEGER[]': 'array',
};

const quote = (name: string) => `"${name}"`;

export async function createStaging(
  connection: DuckDBConnection,
  table: string,
  columns: readonly (ParquetColumn | StagingOnly)[],
): Promise<void> {
  const list = columns.map((c) => `${quote(c.name)} ${STAGED[c.type]}`).join(', ');
  await connection.run(`CREATE OR REPLACE TABLE ${quote(table)} (${list})`);
}

/** Appends one row, its values in the order of `columns`; null is NULL. */
export function appendRow(
  appender: DuckDBAppender,
  columns: readonly (ParquetColumn | StagingOnly)[],
  values: readonly unknown[],
): void {
  columns.forEach((c, i) => {
    const v = values[i];
    if (v === null || v === undefined) appender.appendNull();
    else if (c.type === 'DOUBLE') appender.appendDouble(Number(v));
    else if (c.type === 'INTEGER') appender.appendInteger(Number(v));
    else if (c.type === 'BIGINT') appender.appendBigInt(BigInt(v as number));
    else if (c.type === 'BOOLEAN') appender.appendBoolean(v === true || v === 1);
    else appender.appendVarchar(String(v));
  });
  appender.endRow();
}

/** The typed expression COPY writes for a staged column. */
export function selectOf(c: ParquetColumn): string {
  if (c.type === 'DATE') return `CAST(${quote(c.name)} AS DATE) AS ${quote(c.name)}`;
  if (c.type === 'VARCHAR[]') return `from_json(${quote(c.name)}, '["VARCHAR"]') AS ${quote(c.name)}`;
  if (c.type === 'INTEGER[]') return `from_json(${quote(c.name)}, '["INTEGER"]') AS ${quote(c.name)}`;
  return quote(c.name);
}

/** The Frictionless field descriptor of a column (Table Schema types). */
export function fieldOfColumn(c: ParquetColumn): Record<string, unknown> & { name: string; type: string } {
  return {
    name: c.name,
    type: FRICTIONLESS[c.type],
    description: c.description,
    ...(c.unit ? { unit: c.unit } : {}),
  };
}
