-- Per experiment: the conversions of its visitors that do not count for it, by reason (before the
-- visitor's first exposure, after the conversion window) and kind, with their revenue.
SELECT experiment_id, excluded AS reason, role, COUNT(*) AS events, SUM(COALESCE(value, 0)) AS revenue
FROM exposure_conversions
WHERE excluded IS NOT NULL
GROUP BY experiment_id, excluded, role
ORDER BY experiment_id, excluded, role;
