-- Postgres dialect of ../08_step_counts.sql: per experiment arm and landing and step, visitors shown
-- the step and visitors who completed it (see there). A path's distinct steps are a SELECT DISTINCT
-- over its array (DuckDB's LIST_DISTINCT), the steps left its composites' step_no (LIST_TRANSFORM).
SELECT p.dimension, p.dimension_key, p.group_key, ks.step, SUM(p.reached) AS reached, SUM(p.completed) AS completed
FROM (
  SELECT g.dimension, g.dimension_key, g.group_key, s.step_no, g.visitors AS reached, 0 AS completed
  FROM group_paths g
  CROSS JOIN LATERAL (SELECT DISTINCT step_no FROM UNNEST(g.shown_steps) AS step_no) s
  UNION ALL
  SELECT g.dimension, g.dimension_key, g.group_key, s.step_no, 0 AS reached, g.visitors AS completed
  FROM group_paths g
  CROSS JOIN LATERAL (SELECT DISTINCT step_no FROM UNNEST(g.left_steps)) s
) p
JOIN known_steps ks ON ks.step_no = p.step_no
GROUP BY p.dimension, p.dimension_key, p.group_key, ks.step
ORDER BY p.dimension, p.dimension_key, p.group_key, ks.step;
