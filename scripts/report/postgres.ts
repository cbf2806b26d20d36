/**
 * The report's SQL on Postgres, in process: PGlite (Postgres compiled to WebAssembly, no server to
 * install or run) with the Postgres dialect of the SQL, sql/postgres/: the files that differ from
 * DuckDB's, which run in their place, and the load of the events (load_1_segment_lines.sql, then the
 * JSON lines copied in, then load_2_raw_events.sql). A Postgres server runs the same files with psql
 * (docs/report.md shows how).
 */
import { readFileSync } from 'node:fs';
import type { FunnelData } from '../../engine/index.ts';
import { reportFromDatabase, sqlStatements } from './analyse.ts';
import type { SqlSession } from './duckdb.ts';
import type { Report } from './model.ts';

/** The files of the Postgres dialect: a file of the same name replaces DuckDB's of sql/. */
export const POSTGRES_SQL_DIR = new URL('./sql/postgres/', import.meta.url);

/** How a JSON-lines file goes into segment_lines, one line a row (psql: `\copy segment_lines (line) FROM 'file' WITH ...`). */
export const COPY_LINES_OPTIONS = `WITH (FORMAT csv, QUOTE E'\\x01', DELIMITER E'\\x02')`;

export interface PostgresDatabase extends SqlSession {
  /** Copies a JSON-lines file into segment_lines (load_1_segment_lines.sql), each line a row, in order. */
  copyLines: (path: string) => Promise<void>;
  close: () => Promise<void>;
}

/** Opens PGlite with a database in memory. */
export async function openPostgres(): Promise<PostgresDatabase> {
  const { PGlite, types } = await import('@electric-sql/pglite');
  // COUNT is a bigint, SUM of integers a numeric: numbers, as DuckDB's rows are (every count fits in 2^53)
  const pg = await PGlite.create({ parsers: { [types.INT8]: Number, [types.NUMERIC]: Number } });
  return {
    rows: async <T>(sql: string): Promise<T[]> => (await pg.query<T>(sql)).rows,
    run: async (sql: string): Promise<void> => {
      await pg.exec(sql);
    },
    // PGlite reads COPY ... FROM '/dev/blob' from the blob passed with the query
    copyLines: async (path: string): Promise<void> => {
      await pg.query(`COPY segment_lines (line) FROM '/dev/blob' ${COPY_LINES_OPTIONS}`, [], { blob: new Blob([readFileSync(path)]) });
    },
    close: () => pg.close(),
  };
}

/** Copies the JSON-lines files, in the order given, into segment_lines and makes the table raw_events of them. */
export async function loadEventsPostgres(db: PostgresDatabase, files: string[]): Promise<void> {
  const run = async (file: string): Promise<void> => {
    for (const statement of sqlStatements(file, POSTGRES_SQL_DIR)) await db.run(statement);
  };
  await run('load_1_segment_lines.sql');
  for (const file of files) await db.copyLines(file);
  await run('load_2_raw_events.sql');
}

/**
 * Builds the report in PGlite (in memory) with the Postgres dialect, from JSON-lines files: `npm run
 * report -- --postgres`. `analysedAt` (ms, default now) bounds the events' times.
 */
export async function buildPostgresReport(data: FunnelData, files: string[], analysedAt?: number): Promise<Report> {
  const db = await openPostgres();
  try {
    await loadEventsPostgres(db, files);
    return await reportFromDatabase(db, data, files, POSTGRES_SQL_DIR, analysedAt);
  } finally {
    await db.close();
  }
}
