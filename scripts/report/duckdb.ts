/**
 * The embedded DuckDB the report runs its SQL in: an in-memory database with bounded memory and
 * threads (it spills to a temporary folder past the limit), loaded on first use so that importing
 * the report's modules (the preview server does) costs nothing until a report is asked for.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';

export interface DatabaseOptions {
  /** DuckDB's memory_limit, e.g. '1.5GB'. */
  memoryLimit?: string;
  threads?: number;
}

/** What the report's SQL needs of an engine (DuckDB here, Postgres in postgres.ts): run a statement, read rows. */
export interface SqlSession {
  /** Rows as plain objects; 64-bit integers and decimals as numbers (every count here fits in 2^53). */
  rows: <T = Record<string, unknown>>(sql: string) => Promise<T[]>;
  run: (sql: string) => Promise<void>;
}

export interface Database extends SqlSession {
  connection: DuckDBConnection;
  close: () => void;
}

const plain = (value: unknown): unknown => (typeof value === 'bigint' ? Number(value) : value);

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const spill = mkdtempSync(join(tmpdir(), 'funnel-report-'));
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: options.memoryLimit ?? '1.5GB',
    threads: String(options.threads ?? 2),
    temp_directory: spill,
    // results are aggregates the queries order themselves: no need to keep the input's order in memory
    preserve_insertion_order: 'false',
  });
  const connection = await instance.connect();
  return {
    connection,
    rows: async <T>(sql: string): Promise<T[]> => {
      const reader = await connection.runAndReadAll(sql);
      return reader.getRowObjects().map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)])) as T);
    },
    run: async (sql: string): Promise<void> => {
      await connection.run(sql);
    },
    close: () => {
      connection.closeSync();
      instance.closeSync();
      rmSync(spill, { recursive: true, force: true });
    },
  };
}

/** A SQL string literal. */
export const sqlString = (text: string): string => `'${text.replace(/'/g, "''")}'`;
