-- Postgres dialect of ../09_outcomes.sql: per experiment arm and landing, step and outcome, visitors
-- who left the step by that outcome (see there); a path's distinct (step, outcome) pairs are a SELECT
-- DISTINCT over its array of composites.
SELECT p.dimension, p.dimension_key, p.group_key, ks.step, p.outcome, SUM(p.visitors) AS visitors
FROM (
  SELECT g.dimension, g.dimension_key, g.group_key, l.step_no, l.outcome, g.visitors
  FROM group_paths g
  CROSS JOIN LATERAL (SELECT DISTINCT step_no, outcome FROM UNNEST(g.left_steps)) l
) p
JOIN known_steps ks ON ks.step_no = p.step_no
GROUP BY p.dimension, p.dimension_key, p.group_key, ks.step, p.outcome
ORDER BY p.dimension, p.dimension_key, p.group_key, ks.step, p.outcome;
