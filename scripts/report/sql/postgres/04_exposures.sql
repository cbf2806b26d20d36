-- Postgres dialect of ../04_exposures.sql: each visitor's first exposure per experiment, visitors seen
-- in more than one variation marked (see there). The visitors' arrays of exposures are expanded with
-- UNNEST in FROM, which gives the composite type's fields as columns.
CREATE TABLE exposures AS
WITH flat AS (
  SELECT f.visitor_key, e.experiment_id, e.variation_id, e.at_ms, e.line_no
  FROM visitor_facts f
  CROSS JOIN LATERAL UNNEST(f.exposures) AS e
  WHERE f.analysed
),
ranked AS (
  SELECT
    visitor_key,
    experiment_id,
    variation_id,
    at_ms,
    ROW_NUMBER() OVER (PARTITION BY visitor_key, experiment_id ORDER BY at_ms, line_no) AS k
  FROM flat
),
variations AS (
  SELECT visitor_key, experiment_id, COUNT(DISTINCT variation_id) AS seen
  FROM flat
  GROUP BY visitor_key, experiment_id
)
SELECT r.visitor_key, r.experiment_id, r.variation_id, r.at_ms, v.seen > 1 AS multiple
FROM ranked r
JOIN variations v ON v.visitor_key = r.visitor_key AND v.experiment_id = r.experiment_id
WHERE r.k = 1;

-- Each conversion of a visitor of an arm (a visitor in one variation only), marked `excluded` when it
-- does not count for the experiment: before the visitor's first exposure (a purchase made before the
-- experiment could change anything), or at or after the end of the experiment's conversion window
-- (experiment_windows, from flows/experiments.json, default 7 days); a subscription's renewals and
-- refunds count up to 90 days after the exposure. since_ms: the time from the exposure.
CREATE TABLE exposure_conversions AS
SELECT
  x.experiment_id,
  x.variation_id,
  x.visitor_key,
  c.role,
  c.value,
  c.at_ms - x.at_ms AS since_ms,
  CASE
    WHEN c.at_ms < x.at_ms THEN 'before_exposure'
    WHEN c.role IN ('signup', 'purchase', 'upsell') AND c.at_ms >= x.at_ms + w.window_ms THEN 'after_window'
    WHEN c.at_ms >= x.at_ms + 7776000000 THEN 'after_90_days'
  END AS excluded
FROM exposures x
JOIN experiment_windows w ON w.experiment_id = x.experiment_id
JOIN visitor_facts f ON f.visitor_key = x.visitor_key AND f.analysed
CROSS JOIN LATERAL UNNEST(f.conversion_events) AS c
WHERE NOT x.multiple;
