-- The groups the report compares, one row per visitor and group: the arms of each experiment (by
-- exposure), the landing variants (first landing type) and the UTM sources.
CREATE TABLE visitor_groups AS
SELECT 'experiment' AS dimension, experiment_id AS dimension_key, variation_id AS group_key, visitor_key, at_ms AS since_ms
FROM exposures
WHERE NOT multiple
UNION ALL
SELECT 'landing', '', landing_type, visitor_key, first_ms
FROM visitors
WHERE landing_type IS NOT NULL
UNION ALL
SELECT 'utm_source', '', utm_source, visitor_key, first_ms
FROM visitors
WHERE landing_type IS NOT NULL;
