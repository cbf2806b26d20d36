-- One row per visitor (anonymousId): the landing and UTM source of the first event that has them,
-- whether they signed up, bought a plan, bought the upsell, and their revenue (plan and upsell).
CREATE TABLE visitors AS
WITH firsts AS (
  SELECT
    anonymous_id,
    landing_type,
    utm_source,
    ROW_NUMBER() OVER (PARTITION BY anonymous_id ORDER BY at_ms, line_no) AS k
  FROM ok_events
  WHERE landing_type IS NOT NULL AND landing_type <> ''
),
outcomes AS (
  SELECT
    anonymous_id,
    MIN(at_ms) AS first_ms,
    MAX(CASE WHEN role = 'signup' THEN 1 ELSE 0 END) AS signed_up,
    MAX(CASE WHEN role = 'purchase' THEN 1 ELSE 0 END) AS purchased,
    MAX(CASE WHEN role = 'upsell' THEN 1 ELSE 0 END) AS upsold,
    SUM(CASE WHEN role IN ('purchase', 'upsell') THEN COALESCE(value, 0) ELSE 0 END) AS revenue
  FROM ok_events
  GROUP BY anonymous_id
)
SELECT
  o.anonymous_id,
  o.first_ms,
  f.landing_type,
  COALESCE(f.utm_source, '(none)') AS utm_source,
  o.signed_up,
  o.purchased,
  o.upsold,
  o.revenue
FROM outcomes o
LEFT JOIN firsts f ON f.anonymous_id = o.anonymous_id AND f.k = 1;
