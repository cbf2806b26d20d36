-- Per visitor and step: shown (a page with that step) and completed (step_completed), once each.
CREATE TABLE visitor_steps AS
SELECT
  visitor_key,
  step_no,
  MAX(CASE WHEN role = 'page' THEN 1 ELSE 0 END) AS reached,
  MAX(CASE WHEN role = 'completed' THEN 1 ELSE 0 END) AS completed
FROM ok_events
WHERE role IN ('page', 'completed') AND step_no IS NOT NULL
GROUP BY visitor_key, step_no;

-- Per visitor, step and outcome the visitor left the step by (the branches).
CREATE TABLE visitor_step_outcomes AS
SELECT DISTINCT visitor_key, step_no, outcome
FROM ok_events
WHERE role = 'completed' AND step_no IS NOT NULL;
