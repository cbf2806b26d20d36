-- Each visitor's first exposure per experiment (by time, then line). A visitor seen in more than one
-- variation of an experiment (a cleared cookie, a shared device) is marked and left out of that
-- experiment's arms. Read from the visitors' lists of exposures (03_visitors.sql): one row per exposure.
CREATE TABLE exposures AS
WITH seen AS (
  SELECT visitor_key, UNNEST(exposures) AS e
  FROM visitor_facts
  WHERE analysed
),
flat AS (
  SELECT visitor_key, e.experiment_id AS experiment_id, e.variation_id AS variation_id, e.at_ms AS at_ms, e.line_no AS line_no
  FROM seen
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
WITH seen AS (
  SELECT visitor_key, UNNEST(conversion_events) AS c
  FROM visitor_facts
  WHERE analysed AND conversion_events IS NOT NULL
),
flat AS (
  SELECT visitor_key, c.role AS role, c.at_ms AS at_ms, c.value AS value
  FROM seen
)
SELECT
  x.experiment_id,
  x.variation_id,
  x.visitor_key,
  f.role,
  f.value,
  f.at_ms - x.at_ms AS since_ms,
  CASE
    WHEN f.at_ms < x.at_ms THEN 'before_exposure'
    WHEN f.role IN ('signup', 'purchase', 'upsell') AND f.at_ms >= x.at_ms + w.window_ms THEN 'after_window'
    WHEN f.at_ms >= x.at_ms + 7776000000 THEN 'after_90_days'
  END AS excluded
FROM exposures x
JOIN experiment_windows w ON w.experiment_id = x.experiment_id
JOIN flat f ON f.visitor_key = x.visitor_key
WHERE NOT x.multiple;
