-- Every line of the input, classified once: unparsable, invalid (a rule of 02_checks.sql broken: no
-- visitor id, type, event name or readable time, a time out of bounds, a purchase without a sane
-- value; `refusal` says which), duplicate (a messageId seen on an earlier line: the first copy is
-- kept), bot (a user agent of bot_agents, the known bots), other_funnel (a landing type, experiment or
-- step this funnel does not have), unknown_event
-- (not in the event catalogue), or ok. skewed marks an event whose time 02_checks.sql moved by more
-- than 5 minutes (or, without sentAt, one more than a day away from receivedAt).
-- A purchase or upsell with an order_id is keyed by its visitor, event and order_id instead
-- (order_key): re-sent under a new messageId, it is a duplicate all the same. (A subscription's
-- renewals share its order_id and are not keyed so.)
-- The messageIds are read once, into a narrow table of two numbers a line: reading them is the
-- costliest part of the input (unique strings that compress badly), so the search for repeats runs on
-- this table and the classification below never reads them again.
CREATE TABLE message_keys AS
SELECT r.line_no, CASE WHEN er.role IN ('purchase', 'upsell') AND r.order_key IS NOT NULL THEN r.order_key ELSE r.message_key END AS message_key
FROM raw_events r
LEFT JOIN event_roles er ON er.raw_name = r.event;

-- The later copies of each messageId: only keys seen more than once are sorted.
CREATE TABLE duplicate_lines AS
SELECT line_no
FROM (
  SELECT line_no, ROW_NUMBER() OVER (PARTITION BY message_key ORDER BY line_no) AS copy_no
  FROM message_keys
  WHERE message_key IN (SELECT message_key FROM message_keys GROUP BY message_key HAVING COUNT(*) > 1)
) copies
WHERE copy_no > 1;

DROP TABLE message_keys;

-- A view, not a table: the one pass of 03_visitors.sql reads it straight from the input. The event's
-- name is kept only where it is unknown, for the data-quality list.
CREATE VIEW classified AS
WITH named AS (
  SELECT
    c.*,
    kv.landing_type AS arm,
    ks.step_no,
    ks.entry AS entry_step
  FROM checked_events c
  LEFT JOIN known_steps ks ON ks.step = c.step
  -- an exposure's variation_id is GrowthBook's (a meta key or the variation's index): its arm is the landing type
  LEFT JOIN known_variations kv ON kv.experiment_id = c.experiment_id AND kv.variation_id = c.variation_id
)
SELECT
  line_no,
  visitor_key,
  CASE WHEN role IS NULL AND type = 'track' THEN event END AS event,
  role,
  at_ms,
  landing_type,
  step_no,
  entry_step,
  outcome,
  value,
  experiment_id,
  arm AS variation_id,
  utm_source,
  user_agent,
  locale,
  country,
  CASE
    WHEN NOT parse_ok THEN 'unparsable'
    WHEN refusal IS NOT NULL THEN 'invalid'
    WHEN line_no IN (SELECT line_no FROM duplicate_lines) THEN 'duplicate'
    WHEN user_agent IN (SELECT user_agent FROM bot_agents) THEN 'bot'
    WHEN landing_type IS NOT NULL AND landing_type <> '' AND landing_type NOT IN (SELECT landing_type FROM known_landings) THEN 'other_funnel'
    WHEN role IN ('page', 'completed') AND step IS NOT NULL AND step_no IS NULL THEN 'other_funnel'
    WHEN role = 'exposure' AND arm IS NULL THEN 'other_funnel'
    WHEN type = 'track' AND role IS NULL AND event NOT IN (SELECT name FROM catalogue) THEN 'unknown_event'
    ELSE 'ok'
  END AS status,
  refusal,
  CASE
    WHEN sent_ms IS NOT NULL AND received_ms IS NOT NULL THEN ABS(at_ms - ts_ms) > 300000
    WHEN received_ms IS NOT NULL THEN ABS(received_ms - ts_ms) > 86400000
    ELSE FALSE
  END AS skewed
FROM named;
