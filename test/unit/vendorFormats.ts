/**
 * Each vendor's documented request format, as the stand-ins check what the purchase relay sends:
 * - Meta Conversions API (server event and customer information parameters): event_name, event_time
 *   (Unix seconds, at most 7 days old), action_source, and for website events event_source_url and
 *   client_user_agent; em and external_id SHA-256 hex; fbc/fbp in Meta's fb.<n>.<ms>.<value> format;
 *   access_token in the body.
 * - GA4 Measurement Protocol: measurement_id and api_secret in the query; client_id; events[] of at
 *   most 25 with names of letters, digits and underscores; purchase needs transaction_id, value,
 *   currency and items with item_id or item_name.
 * - Segment HTTP API: Basic auth with the write key as user name and an empty password; a track call
 *   with userId or anonymousId, event, properties, an ISO timestamp and messageId.
 * Each returns the problems found ([] when the request is in the vendor's format).
 */
import type { Received } from './vendorStandIns.ts';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const SHA256_HEX = /^[0-9a-f]{64}$/;

export function metaProblems(r: Received): string[] {
  const p: string[] = [];
  if (!/^\/v\d+\.\d+\/\d+\/events$/.test(r.path)) p.push(`path ${r.path} is not /{version}/{pixel id}/events`);
  if (typeof r.body.access_token !== 'string' || !r.body.access_token) p.push('access_token is missing');
  const data = r.body.data;
  if (!Array.isArray(data) || data.length < 1 || data.length > 1000) return [...p, 'data must be an array of 1 to 1000 events'];
  for (const e of data as unknown[]) {
    if (!isObject(e)) return [...p, 'an event is not an object'];
    if (typeof e.event_name !== 'string' || !e.event_name) p.push('event_name is required');
    const t = e.event_time;
    const now = Date.now() / 1000;
    if (!Number.isInteger(t) || (t as number) > now + 60 || (t as number) < now - 7 * 86400) p.push('event_time must be Unix seconds within the last 7 days');
    if (
      !['website', 'app', 'email', 'phone_call', 'chat', 'physical_store', 'system_generated', 'business_messaging', 'other'].includes(String(e.action_source))
    )
      p.push('action_source is not one of Meta’s');
    const u = e.user_data;
    if (!isObject(u)) {
      p.push('user_data is required');
      continue;
    }
    if (e.action_source === 'website') {
      if (typeof e.event_source_url !== 'string' || !/^https?:\/\//.test(e.event_source_url)) p.push('event_source_url is required for website events');
      if (typeof u.client_user_agent !== 'string' || !u.client_user_agent) p.push('client_user_agent is required for website events');
    }
    for (const field of ['em', 'external_id']) {
      const v = u[field];
      if (v !== undefined && !(Array.isArray(v) ? v : [v]).every((h) => typeof h === 'string' && SHA256_HEX.test(h))) p.push(`${field} must be SHA-256 hex`);
    }
    for (const field of ['fbc', 'fbp'])
      if (u[field] !== undefined && !/^fb\.\d\.\d{10,16}\.\S+$/.test(String(u[field]))) p.push(`${field} is not fb.<n>.<ms>.<value>`);
    const c = e.custom_data;
    if (c !== undefined) {
      if (!isObject(c)) p.push('custom_data must be an object');
      else {
        if (c.value !== undefined && typeof c.value !== 'number') p.push('custom_data.value must be a number');
        if (c.currency !== undefined && !/^[A-Z]{3}$/i.test(String(c.currency))) p.push('custom_data.currency must be ISO 4217');
      }
    }
  }
  return p;
}

export function ga4Problems(r: Received): string[] {
  const p: string[] = [];
  if (r.path !== '/mp/collect') p.push(`path ${r.path} is not /mp/collect`);
  if (!/^G-\w+$/.test(r.query.get('measurement_id') ?? '')) p.push('measurement_id is missing from the query');
  if (!r.query.get('api_secret')) p.push('api_secret is missing from the query');
  if (typeof r.body.client_id !== 'string' || !r.body.client_id) p.push('client_id is required');
  if (r.body.user_id !== undefined && (typeof r.body.user_id !== 'string' || r.body.user_id.length > 256)) p.push('user_id must be a string');
  if (r.body.timestamp_micros !== undefined && !Number.isInteger(r.body.timestamp_micros)) p.push('timestamp_micros must be an integer');
  const events = r.body.events;
  if (!Array.isArray(events) || events.length < 1 || events.length > 25) return [...p, 'events must hold 1 to 25 events'];
  for (const e of events as unknown[]) {
    if (!isObject(e) || typeof e.name !== 'string' || !/^[A-Za-z]\w{0,39}$/.test(e.name)) {
      p.push('an event name must be letters, digits and underscores, starting with a letter');
      continue;
    }
    const params = isObject(e.params) ? e.params : {};
    if (e.name === 'purchase') {
      if (typeof params.transaction_id !== 'string' || !params.transaction_id) p.push('purchase needs transaction_id');
      if (typeof params.value !== 'number') p.push('purchase value must be a number');
      if (!/^[A-Z]{3}$/.test(String(params.currency))) p.push('purchase currency must be ISO 4217');
      const items = params.items;
      if (!Array.isArray(items) || !items.every((i) => isObject(i) && (typeof i.item_id === 'string' || typeof i.item_name === 'string')))
        p.push('purchase items need item_id or item_name');
    }
  }
  return p;
}

export function segmentProblems(r: Received, writeKey: string): string[] {
  const p: string[] = [];
  if (r.path !== '/v1/track') p.push(`path ${r.path} is not /v1/track`);
  if (r.authorization !== `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`) p.push('Authorization is not Basic <write key>:');
  if (!r.contentType.startsWith('application/json')) p.push('Content-Type must be application/json');
  const b = r.body;
  if (typeof b.userId !== 'string' && typeof b.anonymousId !== 'string') p.push('userId or anonymousId is required');
  if (typeof b.event !== 'string' || !b.event) p.push('event is required');
  if (b.properties !== undefined && !isObject(b.properties)) p.push('properties must be an object');
  if (b.context !== undefined && !isObject(b.context)) p.push('context must be an object');
  if (typeof b.messageId !== 'string' || !b.messageId) p.push('messageId is required for de-duplication');
  if (typeof b.timestamp !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(b.timestamp)) p.push('timestamp must be ISO 8601');
  return p;
}
