-- One row per visitor: when they came, whether they signed up, bought a plan, bought the upsell, and
-- their revenue (plan and upsell). Their landing and UTM source are those of their first page that
-- has a landing type (the landing page of the visit).
CREATE TABLE visitor_outcomes AS
SELECT
  visitor_key,
  MIN(at_ms) AS first_ms,
  MAX(CASE WHEN role = 'signup' THEN 1 ELSE 0 END) AS signed_up,
  MAX(CASE WHEN role = 'purchase' THEN 1 ELSE 0 END) AS purchased,
  MAX(CASE WHEN role = 'upsell' THEN 1 ELSE 0 END) AS upsold,
  SUM(CASE WHEN role IN ('purchase', 'upsell') THEN COALESCE(value, 0) ELSE 0 END) AS revenue
FROM ok_events
GROUP BY visitor_key;

CREATE TABLE visitor_landings AS
SELECT visitor_key, landing_type, utm_source
FROM (
  SELECT visitor_key, landing_type, utm_source, ROW_NUMBER() OVER (PARTITION BY visitor_key ORDER BY at_ms, line_no) AS k
  FROM ok_events
  WHERE role = 'page' AND step_no IN (SELECT ks.step_no FROM entry_steps es JOIN known_steps ks ON ks.step = es.step) AND landing_type IS NOT NULL AND landing_type <> ''
) firsts
WHERE k = 1;

CREATE TABLE visitors AS
SELECT
  o.visitor_key,
  o.first_ms,
  l.landing_type,
  COALESCE(l.utm_source, '(none)') AS utm_source,
  o.signed_up,
  o.purchased,
  o.upsold,
  o.revenue
FROM visitor_outcomes o
LEFT JOIN visitor_landings l ON l.visitor_key = o.visitor_key;
