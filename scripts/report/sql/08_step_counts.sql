-- Per experiment arm and landing (UTM sources mix flows: no step table) and step: visitors who
-- were shown the step and visitors who completed it, so the drop-off is kept apart per branch.
SELECT g.dimension, g.dimension_key, g.group_key, ks.step, SUM(s.reached) AS reached, SUM(s.completed) AS completed
FROM visitor_groups g
JOIN visitor_steps s ON s.visitor_key = g.visitor_key
JOIN known_steps ks ON ks.step_no = s.step_no
WHERE g.dimension IN ('experiment', 'landing')
GROUP BY g.dimension, g.dimension_key, g.group_key, ks.step
ORDER BY g.dimension, g.dimension_key, g.group_key, ks.step;
