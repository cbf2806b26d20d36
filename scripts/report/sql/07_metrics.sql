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
  SUM(CASE WHEN revenue <> 0 THEN 1 ELSE 0 END) AS paying,
  SUM(revenue_7d) AS revenue_7d,
  SUM(revenue_30d) AS revenue_30d,
  SUM(revenue_90d) AS revenue_90d,
  SUM(refunded) AS refunds
FROM visitor_groups
GROUP BY dimension, dimension_key, group_key
ORDER BY dimension, dimension_key, group_key;
