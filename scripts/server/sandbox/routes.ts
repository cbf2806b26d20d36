/**
 * The sandbox API's route table (spec section 7, under the preview config's base addresses).
 * Each route: method, path pattern, handler. Unknown /sandbox paths answer 404 in JSON.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { paymentSettings, signup } from './account.ts';
import { circleByCode } from './circles.ts';
import { listEvents, recordEvent } from './events.ts';
import type { SandboxState } from './state.ts';

export interface SandboxRoute {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle: (state: SandboxState, req: IncomingMessage, res: ServerResponse, match: RegExpExecArray, url: URL) => void | Promise<void>;
}

export const WEBAPI = '/sandbox/webapi/api/v1';
export const PORTAL = '/sandbox/portal/api/v1';
export const BRAINTREE = '/sandbox/braintree/api/v1';

export const accountRoutes: SandboxRoute[] = [
  { method: 'POST', pattern: new RegExp(`^${WEBAPI}/signup$`), handle: (s, req, res) => signup(s, req, res) },
  { method: 'GET', pattern: new RegExp(`^${PORTAL}/users/me/payments-settings$`), handle: (s, req, res) => paymentSettings(s, req, res) },
  { method: 'GET', pattern: new RegExp(`^${WEBAPI}/circles/([A-Z2-9]{6})$`), handle: (s, req, res, match) => circleByCode(s, req, res, match[1]!) },
  { method: 'POST', pattern: /^\/sandbox\/events$/, handle: (s, req, res) => recordEvent(s, req, res) },
  { method: 'GET', pattern: /^\/sandbox\/events$/, handle: (s, _req, res, _m, url) => listEvents(s, url, res) },
];
