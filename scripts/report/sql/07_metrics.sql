-- Per group: visitors, conversions to signup, purchase and upsell, and revenue with its sum of
-- squares (for the variance of revenue per visitor), as visitor_groups counts them (05_groups.sql).
SELECT
  dimension,
  dimension_key,
  group_key,
  COUNT(*) AS visitors,
  SUM(signed_up) AS signups,
  SUM(purchased) AS purchases,
  SUM(upsold) AS upsells,
  SUM(revenue) AS revenue,
  SUM(revenue * revenue) AS revenue_squares,
  SUM(CASE WHEN revenue <> 0 THEN 1 ELSE 0 END) AS paying
FROM visitor_groups
GROUP BY dimension, dimension_key, group_key
ORDER BY dimension, dimension_key, group_key;
