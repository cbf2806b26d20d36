-- Postgres dialect of ../03_visitors.sql: the one pass over the input, a row per visitor and whether
-- the lines are analysed (see there). DuckDB's lists of structs are arrays of the composite types
-- below; its first-by (ARG_MIN over a struct) is the first element of an array ordered by time, then
-- line, one per column; the aggregate FILTER is Postgres's own.
CREATE TYPE left_out_line AS (status TEXT, name TEXT);

CREATE TYPE left_step AS (step_no INTEGER, outcome TEXT);

CREATE TYPE exposure_seen AS (experiment_id TEXT, variation_id TEXT, at_ms BIGINT, line_no BIGINT);

CREATE TYPE conversion_seen AS (role TEXT, at_ms BIGINT, value DOUBLE PRECISION);

CREATE TABLE visitor_facts AS
SELECT
  visitor_key,
  status = 'ok' AS analysed,
  COUNT(*) AS lines,
  COUNT(*) FILTER (WHERE skewed) AS skewed_lines,
  -- the lines left out (rare), with the name the data-quality list shows: the reason of an invalid line,
  -- the event of an unknown one, the landing type or experiment of another funnel
  ARRAY_AGG(
    ROW(status, CASE WHEN status = 'invalid' THEN refusal WHEN status = 'unknown_event' THEN event WHEN status = 'other_funnel' THEN COALESCE(NULLIF(landing_type, ''), experiment_id) END)::left_out_line
  ) FILTER (WHERE status <> 'ok') AS left_out,
  MIN(at_ms) AS first_ms,
  -- signup 1, purchase 2, upsell 4: one aggregate for the three conversions
  BIT_OR(CASE role WHEN 'signup' THEN 1 WHEN 'purchase' THEN 2 WHEN 'upsell' THEN 4 ELSE 0 END) AS conversions,
  SUM(COALESCE(value, 0)) FILTER (WHERE role IN ('purchase', 'upsell')) AS revenue,
  (ARRAY_AGG(landing_type ORDER BY at_ms, line_no) FILTER (WHERE role = 'page' AND entry_step AND landing_type IS NOT NULL AND landing_type <> ''))[1] AS landing_type,
  (ARRAY_AGG(utm_source ORDER BY at_ms, line_no) FILTER (WHERE role = 'page' AND entry_step AND landing_type IS NOT NULL AND landing_type <> ''))[1] AS landing_utm_source,
  (ARRAY_AGG(user_agent ORDER BY at_ms, line_no) FILTER (WHERE role = 'page' AND entry_step AND landing_type IS NOT NULL AND landing_type <> ''))[1] AS landing_user_agent,
  (ARRAY_AGG(locale ORDER BY at_ms, line_no) FILTER (WHERE role = 'page' AND entry_step AND landing_type IS NOT NULL AND landing_type <> ''))[1] AS landing_locale,
  (ARRAY_AGG(country ORDER BY at_ms, line_no) FILTER (WHERE role = 'page' AND entry_step AND landing_type IS NOT NULL AND landing_type <> ''))[1] AS landing_country,
  ARRAY_AGG(step_no) FILTER (WHERE role = 'page' AND step_no IS NOT NULL) AS shown_steps,
  ARRAY_AGG(ROW(step_no, outcome)::left_step) FILTER (WHERE role = 'completed' AND step_no IS NOT NULL) AS left_steps,
  ARRAY_AGG(ROW(experiment_id, variation_id, at_ms, line_no)::exposure_seen) FILTER (WHERE role = 'exposure') AS exposures,
  ARRAY_AGG(ROW(role, at_ms, value)::conversion_seen) FILTER (WHERE role IN ('signup', 'purchase', 'upsell', 'renewal', 'refund')) AS conversion_events
FROM classified
GROUP BY visitor_key, status = 'ok';

-- One row per visitor with analysed events: when they came, whether they signed up, bought a plan,
-- bought the upsell, and their revenue; their landing and UTM source are those of their landing page.
CREATE TABLE visitors AS
SELECT
  visitor_key,
  first_ms,
  landing_type,
  COALESCE(landing_utm_source, '(none)') AS utm_source,
  landing_user_agent AS user_agent,
  COALESCE(LOWER(SUBSTRING(landing_locale, 1, 2)), '(unknown)') AS language,
  COALESCE(UPPER(landing_country), '(unknown)') AS country,
  conversions & 1 AS signed_up,
  (conversions & 2) >> 1 AS purchased,
  (conversions & 4) >> 2 AS upsold,
  COALESCE(revenue, 0) AS revenue
FROM visitor_facts
WHERE analysed;
