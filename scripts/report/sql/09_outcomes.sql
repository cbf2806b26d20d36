-- Per experiment arm and landing, step and outcome: visitors who left the step by that outcome
-- (the branches).
SELECT p.dimension, p.dimension_key, p.group_key, ks.step, p.left_by.outcome AS outcome, SUM(p.visitors) AS visitors
FROM (SELECT dimension, dimension_key, group_key, UNNEST(LIST_DISTINCT(left_steps)) AS left_by, visitors FROM group_paths) p
JOIN known_steps ks ON ks.step_no = p.left_by.step_no
GROUP BY p.dimension, p.dimension_key, p.group_key, ks.step, p.left_by.outcome
ORDER BY p.dimension, p.dimension_key, p.group_key, ks.step, p.left_by.outcome;
