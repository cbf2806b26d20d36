-- The rules every line must pass to be analysed, in one place for every engine and input format
-- (docs/report.md, "Data quality"): `refusal` names the first rule a line breaks (NULL when it
-- passes them all, or when it did not parse), and 02_classified.sql counts such a line as invalid.
-- at_ms is the event's time corrected for the device's clock as Segment does,
-- receivedAt - (sentAt - timestamp) when both are present, else the timestamp; the time rules hold
-- that corrected time. report_rules (one row, made by scripts/report/dataQuality.ts) holds the
-- bounds: the earliest and latest plausible time (ms since the epoch) and the highest plausible
-- revenue of one purchase or upsell. The loading step gives `value` only for a JSON number, and
-- `ts_given` / `value_given` say whether the field was there at all (not missing, not null).
CREATE VIEW checked_events AS
WITH timed AS (
  SELECT
    r.*,
    er.role,
    CASE
      WHEN r.sent_ms IS NOT NULL AND r.received_ms IS NOT NULL THEN r.received_ms - (r.sent_ms - r.ts_ms)
      ELSE r.ts_ms
    END AS at_ms
  FROM raw_events r
  LEFT JOIN event_roles er ON er.raw_name = r.event
)
SELECT
  t.*,
  CASE
    WHEN NOT t.parse_ok THEN NULL
    WHEN t.visitor_key IS NULL THEN 'no_visitor'
    WHEN t.type IS NULL OR t.type NOT IN ('track', 'page', 'identify') THEN 'unknown_type'
    WHEN t.event IS NULL THEN 'no_event_name'
    WHEN NOT t.ts_given THEN 'time_missing'
    WHEN t.ts_ms IS NULL THEN 'time_unreadable'
    WHEN t.at_ms < q.earliest_ms THEN 'time_too_early'
    WHEN t.at_ms > q.latest_ms THEN 'time_in_future'
    WHEN t.role IN ('purchase', 'upsell', 'renewal', 'refund') THEN
      CASE
        WHEN NOT t.value_given THEN 'revenue_missing'
        WHEN t.value IS NULL THEN 'revenue_not_number'
        -- NaN equals NaN in DuckDB and Postgres alike, so IN finds it
        WHEN t.value IN (CAST('NaN' AS DOUBLE PRECISION), CAST('Infinity' AS DOUBLE PRECISION), CAST('-Infinity' AS DOUBLE PRECISION)) THEN 'revenue_not_finite'
        WHEN t.value < 0 THEN 'revenue_negative'
        WHEN t.value > q.max_revenue THEN 'revenue_too_large'
      END
  END AS refusal
FROM timed t
CROSS JOIN report_rules q;
