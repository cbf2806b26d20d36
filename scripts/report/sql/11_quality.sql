-- Data quality from the visitors' rows (03_visitors.sql): lines per class, events with a corrected
-- clock (among those analysed), and the names behind unknown events and other funnels' landing types.
SELECT 'ok' AS status, 0 AS skewed, NULL AS name, COALESCE(SUM(lines - skewed_lines), 0) AS count FROM visitor_facts WHERE analysed
UNION ALL
SELECT 'ok', 1, NULL, COALESCE(SUM(skewed_lines), 0) FROM visitor_facts WHERE analysed
UNION ALL
SELECT q.status, 0, q.name, COUNT(*)
FROM (SELECT UNNEST(left_out) AS q FROM visitor_facts WHERE NOT analysed) left_out_lines
GROUP BY q.status, q.name;
