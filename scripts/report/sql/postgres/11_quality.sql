-- Postgres dialect of ../11_quality.sql: lines per class, events with a corrected clock (among those
-- analysed), and the names behind unknown events and other funnels (see there); the lines left out
-- are the visitors' arrays of composites, expanded with UNNEST in FROM.
SELECT 'ok' AS status, 0 AS skewed, NULL AS name, COALESCE(SUM(lines - skewed_lines), 0) AS count FROM visitor_facts WHERE analysed
UNION ALL
SELECT 'ok', 1, NULL, COALESCE(SUM(skewed_lines), 0) FROM visitor_facts WHERE analysed
UNION ALL
SELECT q.status, 0, q.name, COUNT(*)
FROM visitor_facts f
CROSS JOIN LATERAL UNNEST(f.left_out) AS q
WHERE NOT f.analysed
GROUP BY q.status, q.name;
