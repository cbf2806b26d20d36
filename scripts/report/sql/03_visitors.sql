-- The one pass over the input: every line, grouped by its visitor (lines without one fall in the
-- NULL group) and by whether it is analysed (status ok), gives a row per visitor with analysed lines
-- with everything the later files need, so that they read these few hundred thousand rows instead
-- of the millions of events: the lines and those with a corrected clock, when the visitor came,
-- whether they signed up, bought a plan, bought the upsell, their revenue (plan and upsell), their
-- landing page's landing type and UTM source (the first page of a flow's entry with a landing type,
-- by time then line), and as lists the steps shown, the steps left with their outcome, the
-- exposures and the conversions (with their times). A visitor's lines left out make a second row (not analysed), which only lists their
-- class and name for the data quality (11_quality.sql); its other columns are not read. Grouping by
-- `analysed` spares every aggregate a filter on the status.
-- Lists and the first-by (arg_min) are DuckDB's; docs/report.md gives each dialect's spelling.
CREATE TABLE visitor_facts AS
SELECT
  visitor_key,
  status = 'ok' AS analysed,
  COUNT(*) AS lines,
  COUNT(*) FILTER (WHERE skewed) AS skewed_lines,
  -- the lines left out (rare), with the name the data-quality list shows: the reason of an invalid line,
  -- the event of an unknown one, the landing type or experiment of another funnel
  LIST({'status': status, 'name': CASE WHEN status = 'invalid' THEN refusal WHEN status = 'unknown_event' THEN event WHEN status = 'other_funnel' THEN COALESCE(NULLIF(landing_type, ''), experiment_id) END})
    FILTER (WHERE status <> 'ok') AS left_out,
  MIN(at_ms) AS first_ms,
  -- signup 1, purchase 2, upsell 4: one aggregate for the three conversions
  BIT_OR(CASE role WHEN 'signup' THEN 1 WHEN 'purchase' THEN 2 WHEN 'upsell' THEN 4 ELSE 0 END) AS conversions,
  SUM(COALESCE(value, 0)) FILTER (WHERE role IN ('purchase', 'upsell')) AS revenue,
  ARG_MIN({'landing_type': landing_type, 'utm_source': utm_source, 'user_agent': user_agent, 'locale': locale, 'country': country}, {'at_ms': at_ms, 'line_no': line_no}) FILTER (
    WHERE role = 'page' AND entry_step AND landing_type IS NOT NULL AND landing_type <> ''
  ) AS landing,
  LIST(step_no) FILTER (WHERE role = 'page' AND step_no IS NOT NULL) AS shown_steps,
  LIST({'step_no': step_no, 'outcome': outcome}) FILTER (WHERE role = 'completed' AND step_no IS NOT NULL) AS left_steps,
  LIST({'experiment_id': experiment_id, 'variation_id': variation_id, 'at_ms': at_ms, 'line_no': line_no}) FILTER (WHERE role = 'exposure') AS exposures,
  -- each conversion with its time, so that an experiment counts only those after the visitor's exposure
  LIST({'role': role, 'at_ms': at_ms, 'value': value}) FILTER (WHERE role IN ('signup', 'purchase', 'upsell', 'renewal', 'refund')) AS conversion_events
FROM classified
GROUP BY visitor_key, status = 'ok';

-- One row per visitor with analysed events: when they came, whether they signed up, bought a plan,
-- bought the upsell, and their revenue; their landing and UTM source are those of their landing page.
CREATE TABLE visitors AS
SELECT
  visitor_key,
  first_ms,
  landing.landing_type AS landing_type,
  COALESCE(landing.utm_source, '(none)') AS utm_source,
  landing.user_agent AS user_agent,
  COALESCE(LOWER(SUBSTRING(landing.locale, 1, 2)), '(unknown)') AS language,
  COALESCE(UPPER(landing.country), '(unknown)') AS country,
  conversions & 1 AS signed_up,
  (conversions & 2) >> 1 AS purchased,
  (conversions & 4) >> 2 AS upsold,
  COALESCE(revenue, 0) AS revenue
FROM visitor_facts
WHERE analysed;
