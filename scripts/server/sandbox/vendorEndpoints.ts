/**
 * Stand-ins for the vendors' server APIs, so the preview's purchase relay (./purchaseRelay.ts) sends
 * for real and nothing leaves the machine. Each answers as its vendor does and puts what it received
 * in the inspector's feed, in a column of its own beside the browser destinations, on the row of the
 * browser event it de-duplicates with (Meta's event_id, Segment's messageId, GA4's transaction_id =
 * the subscription of that fb_event_id). Secrets in the request (access_token, api_secret, the
 * Authorization header) are never shown.
 *
 * POST /sandbox/vendors/meta/{version}/{pixel}/events   200 { events_received, fbtrace_id }
 * POST /sandbox/vendors/ga4/mp/collect?measurement_id&api_secret   204
 * POST /sandbox/vendors/segment/v1/track   200 { success: true }
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendJson } from '../http.ts';
import { addToFeed } from './collector.ts';
import { paymentsOf } from './paymentsState.ts';
import type { SandboxRoute } from './routes.ts';
import type { SandboxState } from './state.ts';

export const VENDORS_PATH = '/sandbox/vendors';

/** The inspector's columns of the server-side sends, after the browser destinations. */
export const RELAY_COLUMNS = [
  { id: 'meta-server', type: 'conversions-api' },
  { id: 'ga4-server', type: 'measurement-protocol' },
  { id: 'segment-server', type: 'http-api' },
];

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const ORDER_COMPLETED = { kind: 'track', name: 'Order Completed' };

function record(state: SandboxState, source: string, eventId: string, payload: unknown, userUuid = ''): void {
  addToFeed(state, {
    source,
    kind: 'server',
    name: 'Order Completed',
    userUuid: userUuid.slice(0, 64),
    payload,
    ...(eventId ? { eventId: eventId.slice(0, 64), event: ORDER_COMPLETED } : {}),
  });
}

async function meta(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req);
  const data = Array.isArray(body.data) ? (body.data as Array<Record<string, unknown>>) : [];
  const { access_token: _secret, ...shown } = body;
  record(state, 'meta-server', str(data[0]?.event_id), shown);
  sendJson(res, 200, { events_received: data.length, messages: [], fbtrace_id: 'sandbox' });
}

async function ga4(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req);
  const events = Array.isArray(body.events) ? (body.events as Array<{ params?: Record<string, unknown> }>) : [];
  const transaction = str(events[0]?.params?.transaction_id);
  const subscription = paymentsOf(state).subscriptions.find((s) => s.id === transaction);
  record(state, 'ga4-server', subscription?.fb_event_id ?? '', body, str(body.client_id));
  res.writeHead(204).end();
}

async function segment(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req);
  if (!/^Basic \S+$/.test(req.headers.authorization ?? ''))
    return sendJson(res, 401, { success: false, message: 'Basic authentication with the write key is required' });
  record(state, 'segment-server', str(body.messageId), body, str(body.anonymousId));
  sendJson(res, 200, { success: true });
}

export const vendorRoutes: SandboxRoute[] = [
  // any version and pixel: a catch-all, as the relay's META_API_VERSION and pixel id may be any
  { method: 'POST', pattern: new RegExp(`^${VENDORS_PATH}/meta/.+/events$`), handle: (s, req, res) => meta(s, req, res) },
  { method: 'POST', pattern: new RegExp(`^${VENDORS_PATH}/ga4/mp/collect$`), handle: (s, req, res) => ga4(s, req, res) },
  { method: 'POST', pattern: new RegExp(`^${VENDORS_PATH}/segment/v1/track$`), handle: (s, req, res) => segment(s, req, res) },
];
