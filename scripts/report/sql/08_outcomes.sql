-- Per group, step and outcome: visitors who left the step by that outcome (the branches).
SELECT g.dimension, g.dimension_key, g.group_key, e.step, e.outcome, COUNT(DISTINCT e.anonymous_id) AS visitors
FROM visitor_groups g
JOIN ok_events e ON e.anonymous_id = g.anonymous_id
WHERE e.role = 'step_completed' AND e.step IS NOT NULL
GROUP BY g.dimension, g.dimension_key, g.group_key, e.step, e.outcome
ORDER BY g.dimension, g.dimension_key, g.group_key, e.step, e.outcome;
