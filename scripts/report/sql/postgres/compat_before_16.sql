-- Only for Postgres 15 and earlier, which lack pg_input_is_valid (load_2_raw_events.sql uses it in
-- place of DuckDB's TRY_CAST): the same answer, whether a text reads as a value of the type, by trying
-- the cast. Run it once before the load; Postgres 16 and later have their own.
CREATE FUNCTION pg_input_is_valid(value TEXT, type_name TEXT) RETURNS BOOLEAN LANGUAGE plpgsql STABLE STRICT AS $$
BEGIN
  EXECUTE format('SELECT %L::%s', value, type_name);
  RETURN TRUE;
EXCEPTION WHEN OTHERS THEN
  RETURN FALSE;
END
$$;
