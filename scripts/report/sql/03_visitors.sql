-- The one pass over the input: every line, grouped by its visitor (lines without one fall in the
-- NULL group), gives one row per visitor with everything the later files need, so that they read
-- these few hundred thousand rows instead of the millions of events:
--   the data-quality counts of the visitor's lines (they add up to the lines read, 11_quality.sql);
--   from the analysed (ok) lines: when the visitor came, whether they signed up, bought a plan,
--   bought the upsell, their revenue (plan and upsell), their landing page's landing type and UTM
--   source (the first page of a flow's entry with a landing type, by time then line), and as lists
--   the steps shown, the steps left with their outcome, and the exposures.
-- Lists and the first-by (arg_min) are DuckDB's; docs/report.md gives each dialect's spelling.
CREATE TABLE visitor_facts AS
SELECT
  visitor_key,
  COUNT(*) FILTER (WHERE status = 'ok') AS ok_lines,
  COUNT(*) FILTER (WHERE status = 'ok' AND skewed) AS skewed_lines,
  COUNT(*) FILTER (WHERE status = 'unparsable') AS unparsable_lines,
  COUNT(*) FILTER (WHERE status = 'invalid') AS invalid_lines,
  COUNT(*) FILTER (WHERE status = 'duplicate') AS duplicate_lines,
  LIST({'status': status, 'name': CASE WHEN status = 'unknown_event' THEN event ELSE COALESCE(NULLIF(landing_type, ''), experiment_id) END})
    FILTER (WHERE status IN ('unknown_event', 'other_funnel')) AS left_out,
  MIN(at_ms) FILTER (WHERE status = 'ok') AS first_ms,
  COALESCE(MAX(CASE WHEN role = 'signup' THEN 1 ELSE 0 END) FILTER (WHERE status = 'ok'), 0) AS signed_up,
  COALESCE(MAX(CASE WHEN role = 'purchase' THEN 1 ELSE 0 END) FILTER (WHERE status = 'ok'), 0) AS purchased,
  COALESCE(MAX(CASE WHEN role = 'upsell' THEN 1 ELSE 0 END) FILTER (WHERE status = 'ok'), 0) AS upsold,
  COALESCE(SUM(CASE WHEN role IN ('purchase', 'upsell') THEN COALESCE(value, 0) ELSE 0 END) FILTER (WHERE status = 'ok'), 0) AS revenue,
  ARG_MIN({'landing_type': landing_type, 'utm_source': utm_source}, {'at_ms': at_ms, 'line_no': line_no}) FILTER (
    WHERE status = 'ok' AND role = 'page' AND landing_type IS NOT NULL AND landing_type <> ''
      AND step_no IN (SELECT ks.step_no FROM entry_steps es JOIN known_steps ks ON ks.step = es.step)
  ) AS landing,
  LIST(step_no) FILTER (WHERE status = 'ok' AND role = 'page' AND step_no IS NOT NULL) AS shown_steps,
  LIST({'step_no': step_no, 'outcome': outcome}) FILTER (WHERE status = 'ok' AND role = 'completed' AND step_no IS NOT NULL) AS left_steps,
  LIST({'experiment_id': experiment_id, 'variation_id': variation_id, 'at_ms': at_ms, 'line_no': line_no})
    FILTER (WHERE status = 'ok' AND role = 'exposure') AS exposures
FROM classified
GROUP BY visitor_key;

-- One row per visitor with analysed events: when they came, whether they signed up, bought a plan,
-- bought the upsell, and their revenue; their landing and UTM source are those of their landing page.
CREATE TABLE visitors AS
SELECT
  visitor_key,
  first_ms,
  landing.landing_type AS landing_type,
  COALESCE(landing.utm_source, '(none)') AS utm_source,
  signed_up,
  purchased,
  upsold,
  revenue
FROM visitor_facts
WHERE ok_lines > 0;
