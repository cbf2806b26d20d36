-- Per group of the step tables (experiment arms and landings; UTM sources mix flows) and path: the
-- steps shown and the (step, outcome) pairs left by, as the visitor's lists hold them, with the
-- visitors who went that way. Visitors of a group walk few distinct paths, so the step counts of
-- 08 and 09 read these few rows (each list made a set there) instead of a row per visitor and step.
CREATE TABLE group_paths AS
SELECT
  g.dimension,
  g.dimension_key,
  g.group_key,
  f.shown_steps,
  f.left_steps,
  COUNT(*) AS visitors
FROM visitor_groups g
JOIN visitor_facts f ON f.visitor_key = g.visitor_key AND f.analysed
WHERE g.dimension IN ('experiment', 'landing')
GROUP BY g.dimension, g.dimension_key, g.group_key, f.shown_steps, f.left_steps;
