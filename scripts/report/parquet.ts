/**
 * Segment JSON lines to Parquet with DuckDB's COPY: the messages keep their shape (properties and
 * context as structs, times as timestamps), so the report reads either file the same way.
 */
import { openDatabase, sqlString } from './duckdb.ts';

const COLUMNS = `{
  'messageId': 'VARCHAR', 'anonymousId': 'VARCHAR', 'userId': 'VARCHAR', 'type': 'VARCHAR', 'event': 'VARCHAR', 'name': 'VARCHAR',
  'timestamp': 'VARCHAR', 'sentAt': 'VARCHAR', 'receivedAt': 'VARCHAR',
  'properties': 'STRUCT(path VARCHAR, step VARCHAR, outcome VARCHAR, "next" VARCHAR, plan VARCHAR, price DOUBLE, value DOUBLE, currency VARCHAR,
                        subscriptionId VARCHAR, gateway VARCHAR, experiment_id VARCHAR, variation_id VARCHAR, landing_type VARCHAR, experiments JSON,
                        order_id VARCHAR, revenue DOUBLE, upsell BOOLEAN)',
  'traits': 'JSON',
  'context': 'STRUCT(campaign STRUCT(source VARCHAR, medium VARCHAR, "name" VARCHAR), library STRUCT("name" VARCHAR, version VARCHAR), userAgent VARCHAR, locale VARCHAR, location STRUCT(country VARCHAR))'
}`;

/** Writes the messages of the JSON-lines files (lines that do not parse are skipped) as one zstd Parquet file. */
export async function jsonToParquet(jsonFiles: string[], out: string, options: { memoryLimit?: string } = {}): Promise<void> {
  const db = await openDatabase({ memoryLimit: options.memoryLimit ?? '4GB' });
  try {
    const list = `[${jsonFiles.map(sqlString).join(', ')}]`;
    await db.run(`COPY (
      SELECT messageId, anonymousId, userId, type, event, name,
        CAST("timestamp" AS TIMESTAMPTZ) AS "timestamp", CAST(sentAt AS TIMESTAMPTZ) AS sentAt, CAST(receivedAt AS TIMESTAMPTZ) AS receivedAt,
        properties, traits, context
      FROM read_json(${list}, format = 'newline_delimited', columns = ${COLUMNS}, ignore_errors = true)
    ) TO ${sqlString(out)} (FORMAT parquet, COMPRESSION zstd)`);
  } finally {
    db.close();
  }
}
