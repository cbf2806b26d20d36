-- Data quality: lines per class, events with a corrected clock, visitors in several variations.
SELECT 'status' AS kind, status AS name, COUNT(*) AS count FROM classified GROUP BY status
UNION ALL
SELECT 'skewed', 'ok', COUNT(*) FROM classified WHERE status = 'ok' AND skewed
UNION ALL
SELECT 'multiple_exposures', experiment_id, COUNT(*) FROM exposures WHERE multiple GROUP BY experiment_id
UNION ALL
SELECT 'unknown_event_name', event, COUNT(*) FROM classified WHERE status = 'unknown_event' GROUP BY event
UNION ALL
SELECT 'other_landing', COALESCE(landing_type, experiment_id), COUNT(*) FROM classified WHERE status = 'other_funnel' GROUP BY COALESCE(landing_type, experiment_id);
