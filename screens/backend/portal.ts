/**
 * The product's backend adapter (engine/payments/backend.ts): the portal's payment calls
 * (./portalSubscriptions.ts) and its payment settings (../product/signup.ts), over one set of HTTP
 * clients per store (./http.ts). The composition (screens/funnel.ts) registers it lazily, so axios
 * stays off the landing route.
 */
import type { FunnelBackend } from '../../engine/payments/index.ts';
import { httpClientsFor, loadPaymentSettings } from '../product/signup.ts';
import { createPortalSubscriptions } from './portalSubscriptions.ts';

export const portalBackend: FunnelBackend = {
  subscriptions: ({ store, config }) => createPortalSubscriptions(httpClientsFor(store, config)),
  loadPaymentSettings: ({ store, config, analytics }) => loadPaymentSettings({ store, analytics, http: httpClientsFor(store, config) }),
};
