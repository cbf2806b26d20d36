-- Per group and step: visitors who were shown the step (a page with that step) and visitors who
-- completed it (step_completed), so the drop-off at each step is kept apart per branch.
WITH visitor_steps AS (
  SELECT
    anonymous_id,
    step,
    MAX(CASE WHEN role = 'page' THEN 1 ELSE 0 END) AS reached,
    MAX(CASE WHEN role = 'step_completed' THEN 1 ELSE 0 END) AS completed
  FROM ok_events
  WHERE role IN ('page', 'step_completed') AND step IS NOT NULL
  GROUP BY anonymous_id, step
)
SELECT g.dimension, g.dimension_key, g.group_key, s.step, SUM(s.reached) AS reached, SUM(s.completed) AS completed
FROM visitor_groups g
JOIN visitor_steps s ON s.anonymous_id = g.anonymous_id
GROUP BY g.dimension, g.dimension_key, g.group_key, s.step
ORDER BY g.dimension, g.dimension_key, g.group_key, s.step;
