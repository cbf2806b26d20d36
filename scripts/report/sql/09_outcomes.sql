-- Per experiment arm and landing, step and outcome: visitors who left the step by that outcome
-- (the branches).
SELECT g.dimension, g.dimension_key, g.group_key, ks.step, o.outcome, COUNT(*) AS visitors
FROM visitor_groups g
JOIN visitor_step_outcomes o ON o.visitor_key = g.visitor_key
JOIN known_steps ks ON ks.step_no = o.step_no
WHERE g.dimension IN ('experiment', 'landing')
GROUP BY g.dimension, g.dimension_key, g.group_key, ks.step, o.outcome
ORDER BY g.dimension, g.dimension_key, g.group_key, ks.step, o.outcome;
