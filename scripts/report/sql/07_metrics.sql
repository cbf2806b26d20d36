-- Per group: visitors, conversions to signup, purchase and upsell, and revenue with its sum of
-- squares (for the variance of revenue per visitor).
SELECT
  g.dimension,
  g.dimension_key,
  g.group_key,
  COUNT(*) AS visitors,
  SUM(v.signed_up) AS signups,
  SUM(v.purchased) AS purchases,
  SUM(v.upsold) AS upsells,
  SUM(v.revenue) AS revenue,
  SUM(v.revenue * v.revenue) AS revenue_squares,
  SUM(CASE WHEN v.revenue <> 0 THEN 1 ELSE 0 END) AS paying
FROM visitor_groups g
JOIN visitors v ON v.visitor_key = g.visitor_key
GROUP BY g.dimension, g.dimension_key, g.group_key
ORDER BY g.dimension, g.dimension_key, g.group_key;
