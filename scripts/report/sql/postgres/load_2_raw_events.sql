-- Postgres (16 or later): the events as the report's SQL reads them, the table raw_events (its
-- columns are listed in scripts/report/load.ts), made from the Segment messages of segment_lines
-- (load_1_segment_lines.sql), one JSON line a row. The same rules as DuckDB's loading step: a line
-- that is not a JSON object (a truncated write) is kept with parse_ok false, a time reads only from
-- text shaped as an ISO 8601 date (YYYY-MM-DD..., not the year 0000, and not Postgres's own words such
-- as 'yesterday' or 'infinity'), else as NULL (pg_input_is_valid plays TRY_CAST), `value` only from
-- a JSON number (one too large for a double is infinite, as DuckDB reads it), and Segment's Order
-- Completed with `upsell` true is the upsell. The rules that refuse a line are 02_checks.sql's. The ids stay text (DuckDB hashes them, only for speed). A table, not a
-- view: the report reads the events twice, and each line's JSON is parsed once here (MATERIALIZED
-- keeps Postgres from parsing it again for every column).
CREATE TABLE raw_events AS
WITH parsed AS MATERIALIZED (
  SELECT line_no, CASE WHEN pg_input_is_valid(line, 'jsonb') THEN line::jsonb END AS json
  FROM segment_lines
  WHERE line IS NOT NULL AND TRIM(line) <> ''
),
objects AS (
  SELECT line_no, CASE WHEN jsonb_typeof(json) = 'object' THEN json END AS j
  FROM parsed
),
texts AS (
  SELECT
    line_no,
    j,
    j->>'type' AS type,
    j->'properties' AS props,
    j->>'timestamp' AS ts,
    j->>'sentAt' AS sent,
    j->>'receivedAt' AS received
  FROM objects
),
iso AS (
  SELECT
    texts.*,
    ts ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' AND ts NOT LIKE '0000%' AND pg_input_is_valid(ts, 'timestamptz') AS ts_ok,
    sent ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' AND sent NOT LIKE '0000%' AND pg_input_is_valid(sent, 'timestamptz') AS sent_ok,
    received ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' AND received NOT LIKE '0000%' AND pg_input_is_valid(received, 'timestamptz') AS received_ok,
    jsonb_typeof(props->'value') AS value_type
  FROM texts
)
SELECT
  line_no,
  j IS NOT NULL AS parse_ok,
  -- a missing messageId is one key for all such lines, as DuckDB's hash of NULL is
  COALESCE(j->>'messageId', '') AS message_key,
  NULLIF(j->>'anonymousId', '') AS visitor_key,
  -- a purchase re-sent under a new messageId: the same visitor, event and order_id
  CASE WHEN type = 'track' AND props->>'order_id' <> '' THEN concat_ws('/', 'order', j->>'anonymousId', j->>'event', props->>'order_id') END AS order_key,
  type,
  CASE type
    WHEN 'track' THEN CASE WHEN j->>'event' = 'Order Completed' AND props->>'upsell' = 'true' THEN 'Order Completed (upsell)' ELSE j->>'event' END
    WHEN 'page' THEN 'page'
    WHEN 'identify' THEN 'identify'
  END AS event,
  CASE WHEN ts_ok THEN FLOOR(EXTRACT(EPOCH FROM ts::timestamptz) * 1000)::BIGINT END AS ts_ms,
  CASE WHEN sent_ok THEN FLOOR(EXTRACT(EPOCH FROM sent::timestamptz) * 1000)::BIGINT END AS sent_ms,
  CASE WHEN received_ok THEN FLOOR(EXTRACT(EPOCH FROM received::timestamptz) * 1000)::BIGINT END AS received_ms,
  COALESCE(ts <> '', FALSE) AS ts_given,
  props->>'landing_type' AS landing_type,
  props->>'step' AS step,
  props->>'outcome' AS outcome,
  props->>'plan' AS plan,
  props->>'experiment_id' AS experiment_id,
  props->>'variation_id' AS variation_id,
  CASE
    WHEN value_type IS DISTINCT FROM 'number' THEN NULL
    WHEN pg_input_is_valid(props->>'value', 'float8') THEN (props->>'value')::DOUBLE PRECISION
    WHEN ABS((props->'value')::NUMERIC) < 1 THEN 0
    ELSE SIGN((props->'value')::NUMERIC) * CAST('Infinity' AS DOUBLE PRECISION)
  END AS value,
  COALESCE(value_type <> 'null', FALSE) AS value_given,
  NULLIF(j->'context'->'campaign'->>'source', '') AS utm_source,
  j->'context'->>'userAgent' AS user_agent,
  j->'context'->>'locale' AS locale,
  j->'context'->'location'->>'country' AS country
FROM iso;
