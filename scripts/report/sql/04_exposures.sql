-- Each visitor's first exposure per experiment. A visitor seen in more than one variation of an
-- experiment (a cleared cookie, a shared device) is marked and left out of that experiment's arms.
CREATE TABLE exposures AS
WITH ranked AS (
  SELECT
    visitor_key,
    experiment_id,
    variation_id,
    at_ms,
    ROW_NUMBER() OVER (PARTITION BY visitor_key, experiment_id ORDER BY at_ms, line_no) AS k
  FROM ok_events
  WHERE role = 'exposure'
),
variations AS (
  SELECT visitor_key, experiment_id, COUNT(DISTINCT variation_id) AS seen
  FROM ok_events
  WHERE role = 'exposure'
  GROUP BY visitor_key, experiment_id
)
SELECT r.visitor_key, r.experiment_id, r.variation_id, r.at_ms, v.seen > 1 AS multiple
FROM ranked r
JOIN variations v ON v.visitor_key = r.visitor_key AND v.experiment_id = r.experiment_id
WHERE r.k = 1;
