/**
 * The portal adapter's settings: its four base addresses, carried by the build's configuration as
 * `backendSettings` (funnel.config.ts fills them from WEBAPI_URL, PORTAL_URL, CDN_URL and
 * BRAINTREE_PORTAL_URL; the preview configuration names the sandbox's). The engine knows none of them.
 */
import type { FunnelConfig } from '../../engine/index.ts';

export interface PortalAddresses {
  /** Base of the web API (signup, circles), e.g. https://api.example.com/api/v1 */
  webApiUrl: string;
  /** Base of the portal API (payment settings, subscriptions, polling). */
  portalUrl: string;
  /** Base of the CDN API. */
  cdnUrl: string;
  /** Base of the portal that takes Braintree subscriptions. */
  braintreePortalUrl: string;
}

const NAMES = ['webApiUrl', 'portalUrl', 'cdnUrl', 'braintreePortalUrl'] as const satisfies ReadonlyArray<keyof PortalAddresses>;

/**
 * The portal addresses of a build's configuration; throws naming the missing one, so a configuration
 * without them fails at the first call rather than posting to a relative path.
 */
export function portalAddresses(config: Pick<FunnelConfig, 'backendSettings'>): PortalAddresses {
  const settings = config.backendSettings;
  const missing = NAMES.filter((name) => typeof settings?.[name] !== 'string');
  if (missing.length) throw new Error(`The build configuration's backendSettings lack the portal address(es) ${missing.join(', ')} (funnel.config.ts)`);
  return { webApiUrl: settings.webApiUrl!, portalUrl: settings.portalUrl!, cdnUrl: settings.cdnUrl!, braintreePortalUrl: settings.braintreePortalUrl! };
}
