-- Per experiment arm and day of exposure (UTC, days since the epoch): visitors, purchases and
-- revenue (within the window, 05_groups.sql), which the report adds up into cumulative conversion
-- and lift over time.
SELECT
  dimension_key AS experiment_id,
  group_key AS variation_id,
  FLOOR(since_ms / 86400000) AS day,
  COUNT(*) AS visitors,
  SUM(purchased) AS purchases,
  SUM(revenue) AS revenue
FROM visitor_groups
WHERE dimension = 'experiment'
GROUP BY dimension_key, group_key, FLOOR(since_ms / 86400000)
ORDER BY experiment_id, variation_id, day;
