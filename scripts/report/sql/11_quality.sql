-- Data quality, in one pass over the input: lines per class, events with a corrected clock (among
-- those analysed), and the names behind unknown events and other funnels' landing types.
SELECT
  status,
  CASE WHEN status = 'ok' AND skewed THEN 1 ELSE 0 END AS skewed,
  CASE
    WHEN status = 'unknown_event' THEN event
    WHEN status = 'other_funnel' THEN COALESCE(NULLIF(landing_type, ''), experiment_id)
  END AS name,
  COUNT(*) AS count
FROM classified
GROUP BY
  status,
  CASE WHEN status = 'ok' AND skewed THEN 1 ELSE 0 END,
  CASE
    WHEN status = 'unknown_event' THEN event
    WHEN status = 'other_funnel' THEN COALESCE(NULLIF(landing_type, ''), experiment_id)
  END;
