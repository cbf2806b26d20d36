/**
 * Answers the funnel's HTTP calls in tests without a server or vi.mock: an axios adapter is put on
 * every client of an HttpClients set, and each request is recorded (with whether the loader was on).
 */
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { HttpClients } from '../screens/backend/http.ts';
import type { FunnelState } from '../engine/index.ts';

export interface SeenRequest {
  method: string;
  url: string;
  body: unknown;
  authorization: string | undefined;
  loaderOn: boolean;
}

export interface FakeReply {
  status: number;
  data?: unknown;
  /** Answer headers, lower case (e.g. retry-after). */
  headers?: Record<string, string>;
}

/** Routes every call of `http` to `reply`; returns the list of requests seen so far. */
export function answerWith(http: HttpClients, store: FunnelState, reply: (req: SeenRequest) => FakeReply | Promise<FakeReply>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const req: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: `${config.baseURL ?? ''}${config.url ?? ''}`,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      authorization: config.headers.get('Authorization')?.toString(),
      loaderOn: store.loader.show,
    };
    seen.push(req);
    const { status, data, headers } = await reply(req);
    const response: AxiosResponse = { data, status, statusText: String(status), headers: { ...headers }, config };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
  for (const client of Object.values(http)) client.defaults.adapter = adapter;
  return seen;
}

export const SIGNUP_OK: FakeReply = { status: 200, data: { access_token: 'tok-123', entity: { geozilla_user_id: 42 } } };
export const SETTINGS_OK: FakeReply = {
  status: 200,
  data: { stripe_publishable_key: 'pk_test_1', stripe_account_name: 'Acme', experiments: { discount_skip_paywall: true, force_3ds_for_eu_customers: true } },
};
export const ALREADY_REGISTERED: FakeReply = { status: 422, data: { errors: { info: { email: 'This email is already registered' } } } };
