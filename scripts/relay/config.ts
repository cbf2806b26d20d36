/**
 * The relay's configuration from environment variables (docs/operations.md "Server-side conversions"
 * lists them). Every vendor setting and secret comes from here, never from the repository; a vendor
 * whose variables are unset is skipped. Which consent each vendor needs comes from the production
 * destinations of flows/destinations.json, so the server follows the browser's rules.
 */
import destinationsFile from '../../flows/destinations.json';
import type { RetryPolicy } from './delivery.ts';
import { DEFAULT_RETRY } from './delivery.ts';
import type { RelayConfig } from './relay.ts';
import { consentRulesFrom } from './vendorConsent.ts';

export type RelayEnv = Record<string, string | undefined>;

export const DEFAULT_BASE_URLS = {
  meta: 'https://graph.facebook.com',
  ga4: 'https://www.google-analytics.com',
  segment: 'https://api.segment.io',
};

/** The Graph API version used when META_API_VERSION is unset. */
export const DEFAULT_META_API_VERSION = 'v24.0';

export const DEFAULT_DEAD_LETTER_FILE = 'relay-dead-letter.jsonl';

const value = (env: RelayEnv, name: string): string => env[name]?.trim() ?? '';

function positiveInt(env: RelayEnv, name: string, fallback: number, problems: string[]): number {
  const raw = value(env, name);
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) {
    problems.push(`${name} must be a whole number of at least 1 (it is "${raw}")`);
    return fallback;
  }
  return n;
}

/** A vendor's settings when all its variables are set; a problem when only some are. */
function vendor<T>(env: RelayEnv, names: string[], problems: string[], build: (v: string[]) => T): T | undefined {
  const values = names.map((n) => value(env, n));
  if (values.every((v) => !v)) return undefined;
  const missing = names.filter((_, k) => !values[k]);
  if (missing.length) {
    problems.push(`${missing.join(' and ')} must be set with ${names.filter((_, k) => values[k]).join(', ')}`);
    return undefined;
  }
  return build(values);
}

export interface RelayEnvConfig {
  config: Omit<RelayConfig, 'deadLetter'>;
  token: string;
  deadLetterFile: string;
  /** Variables set wrongly: the relay refuses to start with them. */
  problems: string[];
}

/**
 * @example const { config, token, problems } = relayConfigFromEnv(process.env);
 */
export function relayConfigFromEnv(env: RelayEnv): RelayEnvConfig {
  const problems: string[] = [];
  const base = (name: string, fallback: string): string => {
    const url = value(env, name) || fallback;
    if (!/^https?:\/\/[^/]/.test(url)) problems.push(`${name} must be an http(s) address (it is "${url}")`);
    return url;
  };
  const meta = vendor(env, ['META_PIXEL_ID', 'META_ACCESS_TOKEN'], problems, ([pixelId, accessToken]) => ({
    baseUrl: base('META_BASE_URL', DEFAULT_BASE_URLS.meta),
    apiVersion: value(env, 'META_API_VERSION') || DEFAULT_META_API_VERSION,
    pixelId: pixelId!,
    accessToken: accessToken!,
    ...(value(env, 'META_TEST_EVENT_CODE') ? { testEventCode: value(env, 'META_TEST_EVENT_CODE') } : {}),
  }));
  const ga4 = vendor(env, ['GA4_MEASUREMENT_ID', 'GA4_API_SECRET'], problems, ([measurementId, apiSecret]) => ({
    baseUrl: base('GA4_BASE_URL', DEFAULT_BASE_URLS.ga4),
    measurementId: measurementId!,
    apiSecret: apiSecret!,
  }));
  const segment = vendor(env, ['SEGMENT_WRITE_KEY'], problems, ([writeKey]) => ({
    baseUrl: base('SEGMENT_BASE_URL', DEFAULT_BASE_URLS.segment),
    writeKey: writeKey!,
  }));
  const retry: RetryPolicy = {
    ...DEFAULT_RETRY,
    maxAttempts: positiveInt(env, 'RELAY_MAX_ATTEMPTS', DEFAULT_RETRY.maxAttempts, problems),
    baseDelayMs: positiveInt(env, 'RELAY_RETRY_BASE_MS', DEFAULT_RETRY.baseDelayMs, problems),
  };
  return {
    config: { ...(meta ? { meta } : {}), ...(ga4 ? { ga4 } : {}), ...(segment ? { segment } : {}), retry, consent: productionConsentRules() },
    token: value(env, 'RELAY_TOKEN'),
    deadLetterFile: value(env, 'RELAY_DEAD_LETTER_FILE') || DEFAULT_DEAD_LETTER_FILE,
    problems,
  };
}

/** The consent each vendor needs, as the production destinations declare it. */
export function productionConsentRules(): RelayConfig['consent'] {
  return consentRulesFrom(destinationsFile.environments.production.destinations);
}
