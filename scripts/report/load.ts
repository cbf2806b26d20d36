/**
 * The loading step, DuckDB's own reading of the files: it reads Segment messages from JSON
 * lines (the preview collector's log, a Segment export) or Parquet, and exposes them as the view
 * `raw_events`, one row per line or record, with the columns the SQL of sql/ reads:
 *
 *   line_no BIGINT         order of arrival (file by file, line by line)
 *   parse_ok BOOLEAN       false for a line that is not a JSON object (a truncated write)
 *   message_key, visitor_key   the messageId and the anonymousId (the visitor) as 64-bit hashes, cheaper
 *                          to sort, group and keep than uuid strings (a collision among 10 million
 *                          ids has a chance of about 3 in a million)
 *   type, event VARCHAR    event: the track event's name, or 'page' / 'identify'
 *   ts_ms, sent_ms, received_ms BIGINT   timestamp, sentAt, receivedAt in ms since the epoch
 *   landing_type, step, outcome, plan, experiment_id, variation_id, utm_source VARCHAR
 *   value DOUBLE
 *
 * On a warehouse, replace this step with a view of the same columns over the events table
 * (docs/report.md shows one per dialect); on Postgres, sql/postgres/load_*.sql load the same JSON lines.
 */
import type { Database } from './duckdb.ts';
import { sqlString } from './duckdb.ts';

export type InputFormat = 'jsonl' | 'parquet';

export interface Input {
  path: string;
  format: InputFormat;
}

/** The format a file's name says (.parquet, else JSON lines). */
export const formatOf = (path: string): InputFormat => (/\.parquet$/i.test(path) ? 'parquet' : 'jsonl');

/** Columns read from properties (name in raw_events -> property). */
const PROPERTY_COLUMNS: Array<[string, string]> = [
  ['landing_type', 'landing_type'],
  ['step', 'step'],
  ['outcome', 'outcome'],
  ['plan', 'plan'],
  ['experiment_id', 'experiment_id'],
  ['variation_id', 'variation_id'],
];

function jsonSelect(files: Input[], offset: number): string {
  // each line as one text column: \x1f never occurs unescaped in JSON, so no line is split
  const list = `[${files.map((f) => sqlString(f.path)).join(', ')}]`;
  const j = 'j';
  const ms = (field: string): string => `epoch_ms(TRY_CAST(${j}->>'${field}' AS TIMESTAMPTZ))`;
  return `
    SELECT line_no + ${offset} AS line_no,
      ${j} IS NOT NULL AS parse_ok,
      hash(${j}->>'messageId') AS message_key,
      CASE WHEN ${j}->>'anonymousId' <> '' THEN hash(${j}->>'anonymousId') END AS visitor_key,
      ${j}->>'type' AS type,
      CASE ${j}->>'type'
        WHEN 'track' THEN CASE WHEN (${j}->>'event') = 'Order Completed' AND (${j}->'properties'->>'upsell') = 'true' THEN 'Order Completed (upsell)' ELSE ${j}->>'event' END
        WHEN 'page' THEN 'page' WHEN 'identify' THEN 'identify' END AS event,
      ${ms('timestamp')} AS ts_ms, ${ms('sentAt')} AS sent_ms, ${ms('receivedAt')} AS received_ms,
      ${PROPERTY_COLUMNS.map(([col, prop]) => `${j}->'properties'->>'${prop}' AS ${col}`).join(',\n      ')},
      TRY_CAST(${j}->'properties'->>'value' AS DOUBLE) AS value,
      NULLIF(${j}->'context'->'campaign'->>'source', '') AS utm_source
    FROM (
      SELECT line_no, CASE WHEN json_valid(line) AND json_type(line::JSON) = 'OBJECT' THEN line::JSON END AS j
      FROM (
        SELECT row_number() OVER () AS line_no, line
        FROM read_csv(${list}, columns = {'line': 'VARCHAR'}, header = false, delim = E'\\x1f', quote = '', escape = '',
                      auto_detect = false, strict_mode = false, null_padding = false)
        WHERE line IS NOT NULL AND trim(line) <> ''
      )
    )`;
}

interface Column {
  column_name: string;
  column_type: string;
}

/** A Parquet file's select list from its schema: struct fields where they exist, JSON text otherwise. */
async function parquetSelect(db: Database, file: Input, index: number): Promise<string> {
  const source = `read_parquet(${sqlString(file.path)}, file_row_number = true)`;
  const columns = await db.rows<Column>(`DESCRIBE SELECT * FROM ${source}`);
  const typeOf = new Map(columns.map((c) => [c.column_name, c.column_type]));
  const has = (name: string): boolean => typeOf.has(name);
  const text = (name: string): string => (has(name) ? `CAST(${name} AS VARCHAR)` : 'NULL');
  const ms = (name: string): string =>
    !has(name) ? 'NULL' : /^TIMESTAMP/.test(typeOf.get(name)!) ? `epoch_ms(${name})` : `epoch_ms(TRY_CAST(${name} AS TIMESTAMPTZ))`;
  // properties / context: a STRUCT (fields known from the schema) or JSON text
  const field = (parent: string, path: string[], cast: string): string => {
    const type = typeOf.get(parent);
    if (!type) return 'NULL';
    if (type.startsWith('STRUCT')) {
      let current = type;
      for (const part of path) {
        const match = new RegExp(`[(,]\\s*"?${part}"?\\s+(STRUCT\\(.*\\)|[A-Z]+[^,)]*)`).exec(current);
        if (!match) return 'NULL';
        current = match[1]!;
      }
      return `TRY_CAST(${parent}.${path.map((p) => `"${p}"`).join('.')} AS ${cast})`;
    }
    return `TRY_CAST(json_extract_string(${parent}, '$.${path.join('.')}') AS ${cast})`;
  };
  return `
    SELECT ${index} * 1000000000000 + file_row_number AS line_no,
      true AS parse_ok,
      hash(${text('messageId')}) AS message_key,
      CASE WHEN ${text('anonymousId')} <> '' THEN hash(${text('anonymousId')}) END AS visitor_key,
      ${text('type')} AS type,
      CASE ${text('type')}
        WHEN 'track' THEN CASE WHEN ${text('event')} = 'Order Completed' AND ${field('properties', ['upsell'], 'VARCHAR')} = 'true' THEN 'Order Completed (upsell)' ELSE ${text('event')} END
        WHEN 'page' THEN 'page' WHEN 'identify' THEN 'identify' END AS event,
      ${ms('timestamp')} AS ts_ms, ${ms('sentAt')} AS sent_ms, ${ms('receivedAt')} AS received_ms,
      ${PROPERTY_COLUMNS.map(([col, prop]) => `${field('properties', [prop], 'VARCHAR')} AS ${col}`).join(',\n      ')},
      ${field('properties', ['value'], 'DOUBLE')} AS value,
      NULLIF(${field('context', ['campaign', 'source'], 'VARCHAR')}, '') AS utm_source
    FROM ${source}`;
}

/**
 * Creates raw_events over the inputs (JSON-lines files first, in the order given, then each Parquet
 * file): over Parquet a view, which each query reads column by column; the JSON lines are parsed once
 * into a table.
 */
export async function loadEvents(db: Database, inputs: Input[]): Promise<void> {
  const json = inputs.filter((i) => i.format === 'jsonl');
  const parquet = inputs.filter((i) => i.format === 'parquet');
  const parts: string[] = [];
  if (json.length) {
    await db.run(`CREATE TABLE json_events AS ${jsonSelect(json, 0)}`);
    parts.push('SELECT * FROM json_events');
  }
  for (const [k, file] of parquet.entries()) parts.push(await parquetSelect(db, file, k + 1));
  if (!parts.length) throw new Error('no input files');
  await db.run(`CREATE OR REPLACE VIEW raw_events AS ${parts.join('\nUNION ALL\n')}`);
}
