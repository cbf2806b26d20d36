/**
 * The destinations file as the browser reads it: the environment's list, with settings written
 * `{{name}}` replaced by the build configuration's value (e.g. `{{analyticsUrl}}`).
 */
import type { DestinationConfig } from './types.ts';
import { ownValue } from '../core/ownValue.ts';

export interface Environment {
  inspector?: string;
  destinations: DestinationConfig[];
}

export interface DestinationsFile {
  environments: { preview: Environment; production: Environment };
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

function resolve(value: unknown, config: Record<string, unknown>): unknown {
  if (typeof value === 'string') return value.replace(PLACEHOLDER, (_m, name: string) => String(ownValue(config, name) ?? ''));
  if (Array.isArray(value)) return value.map((v) => resolve(v, config));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, config)]));
  return value;
}

/**
 * The environment's destinations with placeholders filled from the configuration: its fields (e.g.
 * `{{analyticsUrl}}`) and its `destinationSettings` (e.g. `{{metaPixelId}}`).
 */
export function environmentOf(file: DestinationsFile, preview: boolean, funnelConfig: object): Environment {
  const env = preview ? file.environments.preview : file.environments.production;
  const { destinationSettings, ...fields } = funnelConfig as { destinationSettings?: Record<string, string> };
  const config = { ...fields, ...destinationSettings };
  // the inspector's address is a placeholder too; empty (production) means nothing is reported
  const inspector = env.inspector === undefined ? '' : String(resolve(env.inspector, config as Record<string, unknown>));
  return {
    ...env,
    inspector: inspector || undefined,
    destinations: env.destinations.map((d) => ({ ...d, settings: resolve(d.settings, config as Record<string, unknown>) as Record<string, unknown> })),
  };
}
