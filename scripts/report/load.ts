/**
 * The loading step, DuckDB's own reading of the files: it reads Segment messages from JSON
 * lines (the preview collector's log, a Segment export) or Parquet, and exposes them as the view
 * `raw_events`, one row per line or record, with the columns the SQL of sql/ reads:
 *
 *   line_no BIGINT         order of arrival (file by file, line by line)
 *   parse_ok BOOLEAN       false for a line that is not a JSON object (a truncated write)
 *   order_key              for a track event with properties.order_id, the visitor, event and order_id
 *                          as one hash: a purchase re-sent under a new messageId has the same one (NULL
 *                          without an order_id)
 *   message_key, visitor_key   the messageId and the anonymousId (the visitor) as 64-bit hashes, cheaper
 *                          to sort, group and keep than uuid strings (a collision among 10 million
 *                          ids has a chance of about 3 in a million)
 *   type, event VARCHAR    event: the track event's name, or 'page' / 'identify'
 *   ts_ms, sent_ms, received_ms BIGINT   timestamp, sentAt, receivedAt in ms since the epoch (NULL unless
 *                          an ISO 8601 date: isoMs below)
 *   ts_given BOOLEAN       the message has a timestamp (not missing, null or empty), readable or not
 *   landing_type, step, outcome, plan, experiment_id, variation_id, utm_source VARCHAR
 *   value DOUBLE           properties.value when it is a number (a string such as "12" is not)
 *   user_agent VARCHAR     context.userAgent (the report drops the lines of known bots)
 *   locale, country VARCHAR   context.locale and context.location.country (Segment's), for the breakdowns
 *   value_given BOOLEAN    properties.value is there and not null
 *
 * Only reading happens here: the rules that refuse a line (a time out of bounds, a revenue that is
 * not a sane number) are sql/02_checks.sql's, the same for every input.
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

/**
 * A time in ms from text, only from text shaped as an ISO 8601 date (YYYY-MM-DD, then anything
 * DuckDB reads): words that one engine or another takes as a time ('infinity', Postgres's
 * 'yesterday'), signed years and the year 0000 (which Postgres refuses) are unreadable in every
 * engine alike (sql/postgres/load_2_raw_events.sql holds the same rule).
 */
const isoMs = (text: string): string =>
  `CASE WHEN regexp_matches(${text}, '^[0-9]{4}-[0-9]{2}-[0-9]{2}') AND ${text} NOT LIKE '0000%' THEN epoch_ms(TRY_CAST(${text} AS TIMESTAMPTZ)) END`;

/** Text that is there: not NULL and not empty. */
const given = (text: string): string => `COALESCE(${text} <> '', false)`;

/** DuckDB's json_type of a JSON number. */
const JSON_NUMBER = `('BIGINT', 'UBIGINT', 'DOUBLE')`;

/** A JSON value as `value` (a double, only for a JSON number) and `value_given` (there, not null). */
const jsonNumber = (json: string): string =>
  `CASE WHEN json_type(${json}) IN ${JSON_NUMBER} THEN TRY_CAST(${json}->>'$' AS DOUBLE) END AS value, COALESCE(json_type(${json}) <> 'NULL', false) AS value_given`;

/** The fields a JSON line gives, as paths: extracted together, each line's JSON is parsed once for all of them. */
const JSON_FIELDS = [
  'messageId',
  'anonymousId',
  'type',
  'event',
  'timestamp',
  'sentAt',
  'receivedAt',
  'properties.order_id',
  'properties.upsell',
  ...PROPERTY_COLUMNS.map(([, prop]) => `properties.${prop}`),
  'context.campaign.source',
  'context.userAgent',
  'context.locale',
  'context.location.country',
] as const;

function jsonSelect(files: Input[], offset: number): string {
  // each line as one text column: \x1f never occurs unescaped in JSON, so no line is split
  const list = `[${files.map((f) => sqlString(f.path)).join(', ')}]`;
  // f[k]: the field as text (json_extract_string of every path in one parse)
  const f = (name: (typeof JSON_FIELDS)[number]): string => `f[${JSON_FIELDS.indexOf(name) + 1}]`;
  const ms = (field: (typeof JSON_FIELDS)[number]): string => isoMs(f(field));
  return `
    SELECT line_no + ${offset} AS line_no,
      j IS NOT NULL AS parse_ok,
      hash(${f('messageId')}) AS message_key,
      CASE WHEN ${f('anonymousId')} <> '' THEN hash(${f('anonymousId')}) END AS visitor_key,
      CASE WHEN ${f('type')} = 'track' AND ${f('properties.order_id')} <> '' THEN hash(concat_ws('/', ${f('anonymousId')}, ${f('event')}, ${f('properties.order_id')})) END AS order_key,
      ${f('type')} AS type,
      CASE ${f('type')}
        WHEN 'track' THEN CASE WHEN ${f('event')} = 'Order Completed' AND ${f('properties.upsell')} = 'true' THEN 'Order Completed (upsell)' ELSE ${f('event')} END
        WHEN 'page' THEN 'page' WHEN 'identify' THEN 'identify' END AS event,
      ${ms('timestamp')} AS ts_ms, ${ms('sentAt')} AS sent_ms, ${ms('receivedAt')} AS received_ms,
      ${given(f('timestamp'))} AS ts_given,
      ${PROPERTY_COLUMNS.map(([col, prop]) => `${f(`properties.${prop}` as (typeof JSON_FIELDS)[number])} AS ${col}`).join(',\n      ')},
      ${jsonNumber('v')},
      NULLIF(${f('context.campaign.source')}, '') AS utm_source,
      ${f('context.userAgent')} AS user_agent,
      ${f('context.locale')} AS locale,
      ${f('context.location.country')} AS country
    FROM (
      SELECT line_no, j,
        json_extract_string(j, [${JSON_FIELDS.map((p) => sqlString(`$.${p}`)).join(', ')}]) AS f,
        json_extract(j, '$.properties.value') AS v
      FROM (
        -- a valid JSON text that starts with { is an object: no second parse to ask its type
        SELECT line_no, CASE WHEN starts_with(ltrim(line, E' \t\r\n'), '{') AND json_valid(line) THEN line::JSON END AS j
        FROM (
          SELECT row_number() OVER () AS line_no, line
          FROM read_csv(${list}, columns = {'line': 'VARCHAR'}, header = false, delim = E'\\x1f', quote = '', escape = '',
                        auto_detect = false, strict_mode = false, null_padding = false)
          WHERE line IS NOT NULL AND trim(line) <> ''
        )
      )
    )`;
}

interface Column {
  column_name: string;
  column_type: string;
}

/** The numeric types of DuckDB (a Parquet struct field's value is a number only in one of these). */
const NUMBER_TYPE = /^(DOUBLE|FLOAT|REAL|DECIMAL|NUMERIC|U?(TINY|SMALL|BIG|HUGE)?INT(EGER)?\b)/;

/** The type of a (nested) field of a STRUCT type as DESCRIBE writes it, or undefined when it has none. */
function structFieldType(type: string, path: string[]): string | undefined {
  let current = type;
  for (const part of path) {
    const match = new RegExp(`[(,]\\s*"?${part}"?\\s+(STRUCT\\(.*\\)|[A-Z]+[^,)]*)`).exec(current);
    if (!match) return undefined;
    current = match[1]!;
  }
  return current;
}

/** A Parquet file's select list from its schema: struct fields where they exist, JSON text otherwise. */
async function parquetSelect(db: Database, file: Input, index: number): Promise<string> {
  const source = `read_parquet(${sqlString(file.path)}, file_row_number = true)`;
  const columns = await db.rows<Column>(`DESCRIBE SELECT * FROM ${source}`);
  const typeOf = new Map(columns.map((c) => [c.column_name, c.column_type]));
  const has = (name: string): boolean => typeOf.has(name);
  const text = (name: string): string => (has(name) ? `CAST(${name} AS VARCHAR)` : 'NULL');
  const isTime = (name: string): boolean => /^TIMESTAMP/.test(typeOf.get(name) ?? '');
  const ms = (name: string): string => (!has(name) ? 'NULL' : isTime(name) ? `epoch_ms(${name})` : isoMs(text(name)));
  const timeGiven = (name: string): string => (!has(name) ? 'false' : isTime(name) ? `${name} IS NOT NULL` : given(text(name)));
  // properties / context: a STRUCT (fields known from the schema) or JSON text
  const structPath = (parent: string, path: string[]): string => `${parent}.${path.map((p) => `"${p}"`).join('.')}`;
  const field = (parent: string, path: string[], cast: string): string => {
    const type = typeOf.get(parent);
    if (!type) return 'NULL';
    if (type.startsWith('STRUCT')) return structFieldType(type, path) ? `TRY_CAST(${structPath(parent, path)} AS ${cast})` : 'NULL';
    return `TRY_CAST(json_extract_string(${parent}, '$.${path.join('.')}') AS ${cast})`;
  };
  // properties.value: a number field of the struct, or a JSON number in the text; any other type is not a number
  const number = (parent: string, name: string): string => {
    const type = typeOf.get(parent);
    if (!type) return 'NULL AS value, false AS value_given';
    if (!type.startsWith('STRUCT')) return jsonNumber(`json_extract(${parent}, '$.${name}')`);
    const fieldType = structFieldType(type, [name]);
    if (!fieldType) return 'NULL AS value, false AS value_given';
    const path = structPath(parent, [name]);
    return `${NUMBER_TYPE.test(fieldType) ? `CAST(${path} AS DOUBLE)` : 'NULL'} AS value, ${path} IS NOT NULL AS value_given`;
  };
  return `
    SELECT ${index} * 1000000000000 + file_row_number AS line_no,
      true AS parse_ok,
      hash(${text('messageId')}) AS message_key,
      CASE WHEN ${text('anonymousId')} <> '' THEN hash(${text('anonymousId')}) END AS visitor_key,
      CASE WHEN ${text('type')} = 'track' AND ${field('properties', ['order_id'], 'VARCHAR')} <> '' THEN hash(concat_ws('/', ${text('anonymousId')}, ${text('event')}, ${field('properties', ['order_id'], 'VARCHAR')})) END AS order_key,
      ${text('type')} AS type,
      CASE ${text('type')}
        WHEN 'track' THEN CASE WHEN ${text('event')} = 'Order Completed' AND ${field('properties', ['upsell'], 'VARCHAR')} = 'true' THEN 'Order Completed (upsell)' ELSE ${text('event')} END
        WHEN 'page' THEN 'page' WHEN 'identify' THEN 'identify' END AS event,
      ${ms('timestamp')} AS ts_ms, ${ms('sentAt')} AS sent_ms, ${ms('receivedAt')} AS received_ms,
      ${timeGiven('timestamp')} AS ts_given,
      ${PROPERTY_COLUMNS.map(([col, prop]) => `${field('properties', [prop], 'VARCHAR')} AS ${col}`).join(',\n      ')},
      ${number('properties', 'value')},
      NULLIF(${field('context', ['campaign', 'source'], 'VARCHAR')}, '') AS utm_source,
      CAST(${field('context', ['userAgent'], 'VARCHAR')} AS VARCHAR) AS user_agent,
      CAST(${field('context', ['locale'], 'VARCHAR')} AS VARCHAR) AS locale,
      CAST(${field('context', ['location', 'country'], 'VARCHAR')} AS VARCHAR) AS country
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
