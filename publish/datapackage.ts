/**
 * The machine-readable description of a snapshot: a Frictionless Data Package
 * (https://specs.frictionlessdata.io/data-package/) with every table's fields (type, unit,
 * description), keys, and the licence and attribution of every source. Columns are read from the
 * database itself; their meaning is written here, and a test fails when a column is undescribed.
 */
import { fieldOfColumn, type ParquetColumn } from './parquet/columns.ts';

/** `table.column` → what it means. Units are in UNITS. */
const FIELD_DESCRIPTIONS: Record<string, string> = {
  'sources.key': 'Short name of the official source (the `source` of price rows)',
  'sources.number': 'Stable registry number, encoded in observation ids',
  'sources.name': 'Name of the source as shown to users',
  'sources.organisation': 'Organisation that publishes the list',
  'sources.kind': 'municipal, national or association (an association is not an official source)',
  'sources.url': "The source's publishing page",
  'sources.method': 'How the list is collected (address, format)',
  'sources.licence': 'Licence the source states for its data; empty when it states none',
  'sources.attribution': "Attribution text to show with this source's data (condition for republishing)",
  'sources.publishing_days': 'ISO weekdays the source publishes on (1 = Monday … 7 = Sunday), comma separated',
  'sources.publish_window': "Europe/Istanbul time window in which the day's list appears",
  'sources.data_lag_days': '1 when the list published on day D holds the prices of D−1',
  'sources.enabled': 'Open to automatic collection',
  'sources.verification': 'verified once a real document proved the parser, else unverified',
  'sources.note': 'Remarks on the source',
  'source_runs.id': 'Run number',
  'source_runs.source_key': 'Source collected',
  'source_runs.started_at': 'Start of the collection attempt (UTC)',
  'source_runs.finished_at': 'End of the collection attempt (UTC)',
  'source_runs.scheduled': 'Started by the nightly scheduler',
  'source_runs.outcome': 'ok, unchanged, no_bulletin, blocked, unreachable, broken, frozen or disabled',
  'source_runs.http_status': 'HTTP status of the failing answer, when there was one',
  'source_runs.message': 'What happened, in words',
  'source_runs.documents': 'Documents read by the run',
  'source_runs.observations': 'Prices added by the run',
  'markets.slug': 'Market short name (the `market` filter of the API)',
  'markets.source_key': "Source that publishes this market's list",
  'markets.name': 'Market name',
  'markets.province': 'Province (city) of the market',
  'markets.province_slug': 'Province, Turkish-folded',
  'markets.district': 'District of the market, when known',
  'markets.kind': 'sebze-meyve (fruit and vegetables), balik (fish) or ulusal (national average)',
  'categories.slug': 'Category short name',
  'categories.name': 'Category name',
  'products.slug': 'Product family short name (the `product` short name of the API)',
  'products.name': 'Product family name',
  'products.category_slug': 'Category of the product',
  'variants.slug': 'Product variant short name (product + variety + unit)',
  'variants.product_slug': 'Product family of the variant',
  'variants.name': 'Variant name',
  'variants.unit': 'Unit the variant is priced in (kg, adet, bağ, demet, kasa …)',
  'production_documents.id': 'Document number (referenced by production rows)',
  'production_documents.sha256': 'SHA-256 of the file as kept in the repository (data/production/)',
  'production_documents.path': 'Repository path of the file',
  'production_documents.bytes': 'Size of the file',
  'production_documents.table_id': "TÜİK's table number (45_t10 …), or kds for the province database",
  'production_documents.title': "The table's Turkish title line as printed",
  'production_documents.source_line': "The table's own Kaynak (source) line; empty when the file has none",
  'production_documents.provenance': 'Where the bytes were copied from: repository @ commit and path',
  'production_documents.licence': 'Licence the publisher states; empty when none is stated (TÜİK data: cite TÜİK)',
  'production_documents.parser': 'Parser that read the rows',
  'production_documents.parser_version': 'Version of that parser',
  'production_documents.rows': 'Rows read from the file',
  'production.table_id': 'Table the row was read from (production_documents.table_id)',
  'production.region': 'tr for Türkiye, or a province slug',
  'production.year': 'Harvest year',
  'production.product_name': 'Product as the table prints it, trimmed',
  'production.product_slug':
    'Product family it is linked to (reviewed links, data/production/links.csv); empty when not linked',
  'production.measure':
    "total: the family's whole production in that region and year; part: a share of it (never added to a total)",
  'production.quantity_tons':
    'Production; empty when missing (a `-`, an empty cell or a known defect), never 0 for missing',
  'production.area_hectares': 'Area where the table gives one (printed decares ÷ 10)',
  'production.source': "The table's Kaynak line, or the province database's provenance",
  'production.document_id': 'Document the row was read from',
  'source_names.id': 'Name number (referenced by observations)',
  'source_names.source_key': 'Source that prints the name',
  'source_names.raw_name': 'The name exactly as the source first printed it',
  'source_names.match_key': 'The name Turkish-folded (lower case, no diacritics), used for matching',
  'source_names.unit': 'Normalised unit printed with the name',
  'source_names.raw_unit': 'Unit as printed',
  'source_names.variant_slug': 'Product variant the name is linked to; empty when not linked (reported, never dropped)',
  'source_names.method': 'How it was linked: seed or manual (reviewed), exact (folded name), trigram (similarity)',
  'source_names.confidence': 'Trigram similarity of the link, an aid for reading',
  'source_names.reviewed_at': 'When a person reviewed the link (UTC)',
  'source_names.row_count': 'Prices printed under this name',
  'source_names.first_day': 'First data day the name was printed',
  'source_names.last_day': 'Last data day the name was printed',
  'documents.id': 'Document number (referenced by observations and bulletins)',
  'documents.sha256': 'SHA-256 of the document bytes as fetched',
  'documents.source_key': 'Source of the document',
  'documents.kind': 'archive (a file kept in the repository) or live (fetched by the collector)',
  'documents.url': 'Where the bytes came from',
  'documents.fetched_at': "Fetch moment (UTC); empty when an archive's download moment is not known",
  'documents.bytes': 'Size of the document',
  'documents.content_type': 'Media type of the document',
  'documents.parser': 'Parser that read the document',
  'documents.parser_version': 'Version of that parser',
  'documents.stored_path':
    'Where the bytes are kept (repository path, or evidence store path; live documents are published under evidence/<sha256[0:2]>/<sha256> in the bucket)',
  'documents.rows': 'Prices read from the document',
  'documents.bulletin_days': 'Data days the document holds',
  'documents.refused':
    'Empty for a document that was read; else why its parser refused it (a layout it does not know: the document is kept, without prices, and its source marked broken)',
  'observations.id':
    'Observation id (UUID version 8 encoding the data day and the source); the API serves its evidence at /api/v1/observations/{id}',
  'observations.source_key': 'Source of the price',
  'observations.market_slug': 'Market of the price',
  'observations.source_name_id': 'The printed name (source_names.id), which links to a product variant',
  'observations.data_day': "The day the price belongs to (the source's own date, Europe/Istanbul)",
  'observations.repeat':
    '0 for the first printed line of a name on a day; 1, 2 … for repeated lines (flagged repeated_in_document)',
  'observations.min_price': 'Lowest price as printed',
  'observations.max_price': 'Highest price as printed',
  'observations.avg_price': 'Average price as printed, or the midpoint of min and max when avg_method is midpoint',
  'observations.avg_method': 'reported (printed by the source) or midpoint (computed from min and max)',
  'observations.unit': 'Normalised unit the prices are per (kg, adet, bağ …)',
  'observations.unit_printed': 'Unit as printed',
  'observations.currency': 'Currency of the prices (ISO 4217)',
  'observations.quality_flags':
    'JSON array of repairs and doubts (min_max_swapped, avg_outside_range, repeated_in_document, implausible_value …)',
  'observations.row_flags':
    "The flags the row has from its own numbers; quality_flags adds what the other rows say (implausible_value for a price far below its variant's recent ones)",
  'observations.document_id': 'Document the price was read from',
  'observations.location': 'Where the row stands in the document',
  'observations.printed': 'The row as printed',
  'bulletins.source_key': 'Source of the bulletin',
  'bulletins.market_slug': 'Market of the bulletin',
  'bulletins.data_day': 'Data day of the bulletin',
  'bulletins.document_id': 'Document the bulletin was read from',
  'bulletins.rows': 'Prices in the bulletin (0 for a day with an empty list)',
  'bulletins.fingerprint': 'Row count and sum of averages, for detecting a source that repeats its list',
  'bulletins.repeats_previous': "The list equals the same market's previous list (kept, not counted as a new list)",
  'corrections.id': 'Correction number',
  'corrections.observation_id': 'Observation corrected',
  'corrections.field': 'min_price, max_price or avg_price',
  'corrections.value': 'Corrected value (the observation keeps the printed one)',
  'corrections.reason': 'Why, as the administrator wrote it',
  'corrections.corrected_by': 'Who corrected',
  'corrections.corrected_at': 'When (UTC)',
  'holidays.day': 'Public holiday or bayram eve (Türkiye)',
  'holidays.name': 'Name of the holiday',
  'holidays.kind': 'national, religious or eve',
  'holidays.half_day': 'Half-day holiday (eves are trading mornings)',
  'index_definitions.slug': 'Index short name',
  'index_definitions.name': 'Index name',
  'index_definitions.scope': 'national or municipal',
  'index_definitions.province_slug': 'Province of a municipal index',
  'index_definitions.method': 'How the index is computed',
  'index_definitions.base_week': 'ISO week (YYYY-WW) the index is based on',
  'index_definitions.base_value': 'Value of the index in its base week',
  'index_definitions.basket': 'JSON array of the product or variant short names in the basket',
  'index_definitions.version': 'Version of the definition',
  'index_definitions.methodology_note': 'Notes on the methodology',
  'index_values.index_slug': 'Index',
  'index_values.week': 'ISO week (YYYY-WW)',
  'index_values.week_start': 'Monday of the week',
  'index_values.week_end': 'Sunday of the week',
  'index_values.value': 'Index value',
  'index_values.member_count': 'Basket members with a price that week',
  'fetch_validators.url': 'Address fetched by the collector',
  'fetch_validators.etag': 'ETag the server sent, for conditional requests',
  'fetch_validators.last_modified': 'Last-Modified the server sent, for conditional requests',
  'fetch_validators.sha256': 'SHA-256 of the document those validators describe',
  'fetch_validators.content_type': 'Media type of that document',
  'fetch_validators.fetched_at': 'When it was fetched (UTC)',
  'store_clock.n':
    'The store clock: advanced by every build; writes stamp their data day with it (the incremental build, build/incremental/)',
  'changed_days.day': 'A data day whose observations were written (inserted, updated or deleted)',
  'changed_days.clock':
    'The store clock when that day was last written: a build that saw an older clock must rebuild from this day on',
  'schema_migrations.version': 'Store schema migration applied (data/migrations)',
  'schema_migrations.name': 'File of the migration',
};

/** One flat table for spreadsheets: every price with its names, corrections applied as the API publishes them. */
export const PRICES_FIELDS: Record<string, string> = {
  observation_id: 'Observation id; evidence at /api/v1/observations/{id}',
  data_day: 'The day the price belongs to (Europe/Istanbul)',
  source: 'Source short name (see sources)',
  source_name: 'Source name',
  market: 'Market short name',
  market_name: 'Market name',
  city: 'Province of the market',
  product: 'Product variant short name; empty when the printed name is not linked to one',
  product_name: 'Product variant name',
  category: 'Category short name',
  printed_name: 'The name as the source printed it',
  min_price: 'Lowest price (a correction, when there is one, replaces the printed value)',
  max_price: 'Highest price (corrected like min_price)',
  avg_price: 'Average price (corrected like min_price); the midpoint when avg_method is midpoint',
  avg_method: 'reported or midpoint',
  unit: 'Unit the prices are per (kg, adet, bağ …)',
  currency: 'Currency (ISO 4217)',
  quality_flags: 'JSON array of repairs and doubts',
  corrected: '1 when an administrator corrected one of the prices (see corrections)',
  document_sha256: 'SHA-256 of the document the price was read from (its address: documents.url)',
};

/** Units of measure, in the field descriptor's `unit` (a Frictionless extension property). */
const UNITS: Record<string, string> = {
  'observations.min_price': 'TRY per `unit`',
  'observations.max_price': 'TRY per `unit`',
  'observations.avg_price': 'TRY per `unit`',
  'prices.min_price': 'TRY per `unit`',
  'prices.max_price': 'TRY per `unit`',
  'prices.avg_price': 'TRY per `unit`',
  'corrections.value': "TRY per the observation's unit",
  'documents.bytes': 'bytes',
  'production_documents.bytes': 'bytes',
  'production.quantity_tons': 'tonnes',
  'production.area_hectares': 'hectares',
  'source_names.confidence': 'ratio 0–1',
  'sources.data_lag_days': 'days',
  'index_values.value': 'index points (base week = base_value)',
  'index_definitions.base_value': 'index points',
};

const DATE = /(^|_)(day|data_day|first_day|last_day|week_start|week_end)$/;
const DATETIME = /_at$/;
const BOOLEAN = new Set(['enabled', 'scheduled', 'half_day', 'repeats_previous', 'corrected']);
const JSON_ARRAY = new Set(['quality_flags', 'row_flags', 'basket']);

export type Column = { name: string; sqliteType: string };
export type FieldDescriptor = Record<string, unknown> & { name: string; type: string };

export function fieldOf(table: string, column: Column): FieldDescriptor {
  const key = `${table}.${column.name}`;
  const description = FIELD_DESCRIPTIONS[key] ?? (table === 'prices' ? PRICES_FIELDS[column.name] : undefined);
  const field: FieldDescriptor = { name: column.name, type: typeOf(column), ...(description ? { description } : {}) };
  if (field.type === 'boolean') Object.assign(field, { trueValues: ['1'], falseValues: ['0'] });
  if (field.type === 'datetime') field.format = 'any';
  if (column.name === 'week') Object.assign(field, { constraints: { pattern: '^\\d{4}-\\d{2}$' } });
  if (UNITS[key]) field.unit = UNITS[key];
  return field;
}

function typeOf({ name, sqliteType }: Column): string {
  if (BOOLEAN.has(name)) return 'boolean';
  if (JSON_ARRAY.has(name)) return 'array';
  if (DATE.test(name)) return 'date';
  if (DATETIME.test(name)) return 'datetime';
  const t = sqliteType.toUpperCase();
  if (t.includes('INT')) return 'integer';
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB')) return 'number';
  return 'string';
}

/** SPDX identifier and address for the licences sources state (free text in the registry). */
export function licenceOf(text: string | null): { name: string; path: string; title: string } | null {
  if (text && /CC BY 4\.0/i.test(text))
    return { name: 'CC-BY-4.0', path: 'https://creativecommons.org/licenses/by/4.0/', title: text };
  return null;
}

export const PARQUET_TYPE = 'application/vnd.apache.parquet';

type ParquetTable = {
  path: string;
  name: string;
  title: string;
  rows: number;
  primaryKey: string[];
  columns: ParquetColumn[];
};

/** A Parquet file of the snapshot: its fields with Table Schema types, its size and hash as published. */
export function parquetResource(table: ParquetTable, file: { bytes: number; sha256: string }) {
  return {
    name: `parquet-${table.name}`,
    title: `${table.title} (Parquet)`,
    path: table.path,
    format: 'parquet',
    mediatype: PARQUET_TYPE,
    bytes: file.bytes,
    hash: `sha256:${file.sha256}`,
    rows: table.rows,
    schema: { fields: table.columns.map(fieldOfColumn), primaryKey: table.primaryKey },
  };
}
