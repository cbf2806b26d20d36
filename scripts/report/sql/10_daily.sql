-- Per experiment arm and day of exposure (UTC, days since the epoch): visitors, purchases and
-- revenue, which the report adds up into cumulative conversion and lift over time.
SELECT
  g.dimension_key AS experiment_id,
  g.group_key AS variation_id,
  FLOOR(g.since_ms / 86400000) AS day,
  COUNT(*) AS visitors,
  SUM(v.purchased) AS purchases,
  SUM(v.revenue) AS revenue
FROM visitor_groups g
JOIN visitors v ON v.visitor_key = g.visitor_key
WHERE g.dimension = 'experiment'
GROUP BY g.dimension_key, g.group_key, FLOOR(g.since_ms / 86400000)
ORDER BY experiment_id, variation_id, day;
