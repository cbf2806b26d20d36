-- Every line of the input, classified once: unparsable, invalid (no visitor id, type, event name or
-- time), duplicate (a messageId seen on an earlier line: the first copy is kept), other_funnel (a
-- landing type or experiment this funnel does not have), unknown_event (not in the event catalogue),
-- or ok. The event time is corrected for the device's clock as Segment does:
-- receivedAt - (sentAt - timestamp); skewed marks an event moved by more than 5 minutes (or, without
-- sentAt, one more than a day away from receivedAt).
CREATE TABLE classified AS
WITH numbered AS (
  SELECT
    r.*,
    ROW_NUMBER() OVER (PARTITION BY r.message_id ORDER BY r.line_no) AS copy_no
  FROM raw_events r
),
named AS (
  SELECT
    n.*,
    er.role,
    CASE
      WHEN n.sent_ms IS NOT NULL AND n.received_ms IS NOT NULL THEN n.received_ms - (n.sent_ms - n.ts_ms)
      ELSE n.ts_ms
    END AS at_ms
  FROM numbered n
  LEFT JOIN event_roles er ON er.raw_name = n.event
)
SELECT
  line_no,
  anonymous_id,
  event,
  role,
  at_ms,
  landing_type,
  step,
  outcome,
  plan,
  value,
  experiment_id,
  variation_id,
  utm_source,
  CASE
    WHEN NOT parse_ok THEN 'unparsable'
    WHEN anonymous_id IS NULL OR anonymous_id = '' OR type NOT IN ('track', 'page', 'identify') OR event IS NULL OR ts_ms IS NULL THEN 'invalid'
    WHEN message_id IS NOT NULL AND copy_no > 1 THEN 'duplicate'
    WHEN landing_type IS NOT NULL AND landing_type <> '' AND landing_type NOT IN (SELECT landing_type FROM known_landings) THEN 'other_funnel'
    WHEN role = 'exposure' AND NOT EXISTS (
      SELECT 1 FROM known_variations kv WHERE kv.experiment_id = named.experiment_id AND kv.variation_id = named.variation_id
    ) THEN 'other_funnel'
    WHEN type = 'track' AND role IS NULL AND event NOT IN (SELECT name FROM catalogue) THEN 'unknown_event'
    ELSE 'ok'
  END AS status,
  CASE
    WHEN sent_ms IS NOT NULL AND received_ms IS NOT NULL THEN ABS(at_ms - ts_ms) > 300000
    WHEN received_ms IS NOT NULL THEN ABS(received_ms - ts_ms) > 86400000
    ELSE FALSE
  END AS skewed
FROM named;

CREATE VIEW ok_events AS
SELECT * FROM classified WHERE status = 'ok';
