-- Per visitor and step: shown (a page with that step) and completed (step_completed), from the
-- visitors' lists (03_visitors.sql). A step shown and completed is two rows, one with reached = 1
-- and one with completed = 1, so that no pass over all visitor-step pairs is needed to merge them:
-- the step counts of 08_step_counts.sql add them up.
CREATE TABLE visitor_steps AS
SELECT visitor_key, UNNEST(LIST_DISTINCT(shown_steps)) AS step_no, 1 AS reached, 0 AS completed
FROM visitor_facts
WHERE ok_lines > 0
UNION ALL
SELECT visitor_key, UNNEST(LIST_DISTINCT(LIST_TRANSFORM(left_steps, s -> s.step_no))) AS step_no, 0 AS reached, 1 AS completed
FROM visitor_facts
WHERE ok_lines > 0;

-- Per visitor, step and outcome the visitor left the step by (the branches).
CREATE TABLE visitor_step_outcomes AS
SELECT visitor_key, o.step_no AS step_no, o.outcome AS outcome
FROM (
  SELECT visitor_key, UNNEST(LIST_DISTINCT(left_steps)) AS o
  FROM visitor_facts
  WHERE ok_lines > 0
) visitor_outcomes;
