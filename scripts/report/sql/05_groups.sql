-- What each visitor of an arm did within the experiment's window after their first exposure
-- (exposure_conversions, 04_exposures.sql): the conversions that count for the experiment.
CREATE TABLE exposure_outcomes AS
SELECT
  experiment_id,
  visitor_key,
  MAX(CASE WHEN role = 'signup' THEN 1 ELSE 0 END) AS signed_up,
  MAX(CASE WHEN role = 'purchase' THEN 1 ELSE 0 END) AS purchased,
  MAX(CASE WHEN role = 'upsell' THEN 1 ELSE 0 END) AS upsold,
  SUM(CASE WHEN role IN ('purchase', 'upsell') THEN COALESCE(value, 0) ELSE 0 END) AS revenue,
  -- revenue over time: the first payments (within the window), renewals, less refunds, by days since the exposure
  SUM(CASE WHEN since_ms < 604800000 THEN CASE WHEN role IN ('purchase', 'upsell', 'renewal') THEN COALESCE(value, 0) WHEN role = 'refund' THEN -COALESCE(value, 0) ELSE 0 END ELSE 0 END) AS revenue_7d,
  SUM(CASE WHEN since_ms < 2592000000 THEN CASE WHEN role IN ('purchase', 'upsell', 'renewal') THEN COALESCE(value, 0) WHEN role = 'refund' THEN -COALESCE(value, 0) ELSE 0 END ELSE 0 END) AS revenue_30d,
  SUM(CASE WHEN role IN ('purchase', 'upsell', 'renewal') THEN COALESCE(value, 0) WHEN role = 'refund' THEN -COALESCE(value, 0) ELSE 0 END) AS revenue_90d,
  MAX(CASE WHEN role = 'refund' THEN 1 ELSE 0 END) AS refunded
FROM exposure_conversions
WHERE excluded IS NULL
GROUP BY experiment_id, visitor_key;

-- The groups the report compares, one row per visitor and group, with the visitor's conversions and
-- revenue for that group: the arms of each experiment (by exposure; conversions from the exposure on,
-- within the window; revenue over 7, 30 and 90 days with renewals and refunds), the landing variants
-- (first landing type) and the UTM sources (everything the visitor did; their first payments only).
CREATE TABLE visitor_groups AS
SELECT
  'experiment' AS dimension,
  x.experiment_id AS dimension_key,
  x.variation_id AS group_key,
  x.visitor_key,
  x.at_ms AS since_ms,
  COALESCE(o.signed_up, 0) AS signed_up,
  COALESCE(o.purchased, 0) AS purchased,
  COALESCE(o.upsold, 0) AS upsold,
  COALESCE(o.revenue, 0) AS revenue,
  COALESCE(o.revenue_7d, 0) AS revenue_7d,
  COALESCE(o.revenue_30d, 0) AS revenue_30d,
  COALESCE(o.revenue_90d, 0) AS revenue_90d,
  COALESCE(o.refunded, 0) AS refunded
FROM exposures x
LEFT JOIN exposure_outcomes o ON o.experiment_id = x.experiment_id AND o.visitor_key = x.visitor_key
WHERE NOT x.multiple
UNION ALL
SELECT 'landing', '', landing_type, visitor_key, first_ms, signed_up, purchased, upsold, revenue, revenue, revenue, revenue, 0
FROM visitors
WHERE landing_type IS NOT NULL
UNION ALL
SELECT 'utm_source', '', utm_source, visitor_key, first_ms, signed_up, purchased, upsold, revenue, revenue, revenue, revenue, 0
FROM visitors
WHERE landing_type IS NOT NULL;

-- The exploratory breakdowns of each experiment: every visitor under their landing page's UTM
-- source, country (context.location.country), device type (agent_devices, from the user agent) and
-- language (the first two letters of context.locale); '(unknown)' without one.
CREATE TABLE visitor_breakdowns AS
SELECT visitor_key, 'utm_source' AS breakdown, utm_source AS value
FROM visitors
UNION ALL
SELECT visitor_key, 'country', country
FROM visitors
UNION ALL
SELECT v.visitor_key, 'device', COALESCE(d.device, '(unknown)')
FROM visitors v
LEFT JOIN agent_devices d ON d.user_agent = v.user_agent
UNION ALL
SELECT visitor_key, 'language', language
FROM visitors;
