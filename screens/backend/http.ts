/**
 * The product's backend addresses: axios instances, one per base address (web API, portal, CDN,
 * Braintree portal), from the build configuration's backend settings (addresses.ts). The portal and Braintree instances send the access
 * token as a Bearer token. Loaded with the signup screen and the backend adapter, never on the landing route.
 */
import axios, { type AxiosInstance } from 'axios';
import type { FunnelConfig } from '../../engine/index.ts';
import { retryAfterMs } from '../../engine/payments/index.ts';
import { portalAddresses } from './addresses.ts';

export interface HttpClients {
  webapi: AxiosInstance;
  portal: AxiosInstance;
  cdn: AxiosInstance;
  braintree: AxiosInstance;
}

export const HTTP_TIMEOUT_MS = 30_000;

/**
 * @param getToken returns the current access token ('' when signed out)
 * @example const http = createHttpClients(config, () => store.signup.token);
 */
export function createHttpClients(config: Pick<FunnelConfig, 'backendSettings'>, getToken: () => string): HttpClients {
  const addresses = portalAddresses(config);
  // axios's XHR adapter reads window.cookieStore at every call, and Chromium creates that object at its
  // first read (about 4 ms at 4x CPU): read here, as the clients are set up ahead of the tap that calls
  if (typeof window !== 'undefined') void (window as Window & { cookieStore?: unknown }).cookieStore;
  const make = (baseURL: string, bearer: boolean): AxiosInstance => {
    // no XSRF cookie: the calls carry a Bearer token; and reading one (the Cookie Store, asynchronous in
    // Chromium) would hold a same-origin request back past the tap that sends it
    const instance = axios.create({ baseURL, timeout: HTTP_TIMEOUT_MS, headers: { 'content-type': 'application/json' }, withXSRFToken: false });
    if (bearer) {
      instance.interceptors.request.use(
        (request) => {
          const token = getToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          return request;
        },
        undefined,
        // run in the call, not a promise later: the request leaves within the tap that makes it
        { synchronous: true },
      );
    }
    return instance;
  };
  return {
    webapi: make(addresses.webApiUrl, false),
    portal: make(addresses.portalUrl, true),
    cdn: make(addresses.cdnUrl, false),
    braintree: make(addresses.braintreePortalUrl, true),
  };
}

/**
 * The HTTP status, parsed body and Retry-After (in ms, when the answer had one) of a failed call;
 * status 0 when no answer came (offline, time-out).
 */
export function failureOf(error: unknown): { status: number; body: unknown; retryAfterMs?: number } {
  if (axios.isAxiosError(error)) {
    const retryAfter = retryAfterMs(error.response?.headers?.['retry-after']);
    return { status: error.response?.status ?? 0, body: error.response?.data, ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }) };
  }
  return { status: 0, body: undefined };
}
