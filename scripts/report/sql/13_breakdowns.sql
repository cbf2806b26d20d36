-- Per experiment arm and breakdown value (visitor_breakdowns, 05_groups.sql): the arm's metrics as
-- 07_metrics.sql sums them, for the exploratory breakdowns.
SELECT
  g.dimension_key AS experiment_id,
  g.group_key AS variation_id,
  b.breakdown,
  b.value,
  COUNT(*) AS visitors,
  SUM(g.signed_up) AS signups,
  SUM(g.purchased) AS purchases,
  SUM(g.upsold) AS upsells,
  SUM(g.revenue) AS revenue,
  SUM(g.revenue * g.revenue) AS revenue_squares,
  SUM(CASE WHEN g.revenue <> 0 THEN 1 ELSE 0 END) AS paying
FROM visitor_groups g
JOIN visitor_breakdowns b ON b.visitor_key = g.visitor_key
WHERE g.dimension = 'experiment'
GROUP BY g.dimension_key, g.group_key, b.breakdown, b.value
ORDER BY experiment_id, variation_id, b.breakdown, b.value;
