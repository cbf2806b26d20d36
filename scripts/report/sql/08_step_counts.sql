-- Per experiment arm and landing (UTM sources mix flows: no step table) and step: visitors who
-- were shown the step and visitors who completed it, so the drop-off is kept apart per branch.
SELECT p.dimension, p.dimension_key, p.group_key, ks.step, SUM(p.reached) AS reached, SUM(p.completed) AS completed
FROM (
  SELECT dimension, dimension_key, group_key, UNNEST(LIST_DISTINCT(shown_steps)) AS step_no, visitors AS reached, 0 AS completed
  FROM group_paths
  UNION ALL
  SELECT dimension, dimension_key, group_key, UNNEST(LIST_DISTINCT(LIST_TRANSFORM(left_steps, s -> s.step_no))) AS step_no, 0 AS reached, visitors AS completed
  FROM group_paths
) p
JOIN known_steps ks ON ks.step_no = p.step_no
GROUP BY p.dimension, p.dimension_key, p.group_key, ks.step
ORDER BY p.dimension, p.dimension_key, p.group_key, ks.step;
