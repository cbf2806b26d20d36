-- The one place that maps event names to what the report measures. The funnel's own names and the
-- Segment ecommerce spec's names are both accepted; renaming an event is one line here.
-- role: page (a step shown), completed (a step ended), exposure, signup, purchase, upsell.
CREATE VIEW event_roles AS
SELECT raw_name, role
FROM (
  VALUES
    ('page', 'page'),
    ('step_completed', 'completed'),
    ('experiment_viewed', 'exposure'),
    ('Experiment Viewed', 'exposure'),
    ('signup_completed', 'signup'),
    ('Signed Up', 'signup'),
    ('purchased', 'purchase'),
    ('Order Completed', 'purchase'),
    ('upsell_purchased', 'upsell')
) AS names (raw_name, role);
