-- The one place that maps event names to what the report measures. The funnel's own names and the
-- Segment ecommerce spec's names are both accepted; renaming an event is one line here.
-- role: page (a step shown), completed (a step ended), exposure, signup, purchase, upsell, and the
-- subscription's later payments: renewal, refund, cancel.
-- Segment's Order Completed is both a plan and the upsell: the loading step names the upsell's
-- 'Order Completed (upsell)' (its `upsell` property is true).
-- (SELECT ... UNION ALL rather than VALUES, which BigQuery and ClickHouse do not take.)
CREATE VIEW event_roles AS
SELECT 'page' AS raw_name, 'page' AS role
UNION ALL SELECT 'step_completed', 'completed'
UNION ALL SELECT 'experiment_viewed', 'exposure'
UNION ALL SELECT 'Experiment Viewed', 'exposure'
UNION ALL SELECT 'signup_completed', 'signup'
UNION ALL SELECT 'Signed Up', 'signup'
UNION ALL SELECT 'purchased', 'purchase'
UNION ALL SELECT 'Order Completed', 'purchase'
UNION ALL SELECT 'upsell_purchased', 'upsell'
UNION ALL SELECT 'Order Completed (upsell)', 'upsell'
-- the payment provider's subscription events, as the backend sends them (docs/report.md)
UNION ALL SELECT 'Subscription Renewed', 'renewal'
UNION ALL SELECT 'Order Refunded', 'refund'
UNION ALL SELECT 'Subscription Cancelled', 'cancel';
