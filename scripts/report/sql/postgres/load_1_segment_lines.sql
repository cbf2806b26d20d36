-- Postgres: the Segment messages as they arrive, one JSON line a row, in order; load_2_raw_events.sql
-- reads them. In psql, a JSON-lines file goes in with
--   \copy segment_lines (line) FROM 'events.jsonl' WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
-- (CSV with a quote and a delimiter that never occur in JSON text, so that each line arrives whole and
-- its backslashes untouched; scripts/report/postgres.ts copies the same way).
CREATE TABLE segment_lines (
  line_no BIGINT GENERATED ALWAYS AS IDENTITY,
  line TEXT
);
