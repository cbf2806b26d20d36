/**
 * The Meta Pixel (`meta-pixel`) and Google Analytics 4 (`ga4`) destination types. Only these small
 * registrations are in the main bundle; the code that installs fbq / gtag and loads their scripts is
 * a lazy chunk started after the first paint.
 */
import type { DestinationType } from './types.ts';

const PIXEL_ID = /^\d{1,20}$/;
const MEASUREMENT_ID = /^G-[A-Z0-9]{4,16}$/;

function scriptUrlProblems(s: Record<string, unknown>): string[] {
  if (s.scriptUrl === undefined) return [];
  return typeof s.scriptUrl === 'string' && /^(https:\/\/|\/)/.test(s.scriptUrl)
    ? []
    : ['settings.scriptUrl must be an https:// address or a path on this site'];
}

export const metaPixelDestination: DestinationType = {
  type: 'meta-pixel',
  advertising: true,
  validate: (s) => [
    ...(typeof s.pixelId === 'string' && PIXEL_ID.test(s.pixelId) ? [] : ['settings.pixelId must be the pixel id (digits)']),
    ...scriptUrlProblems(s),
  ],
  load: () => import('./metaPixel.ts').then((m) => m.createMetaPixel),
};

export const ga4Destination: DestinationType = {
  type: 'ga4',
  validate: (s) => [
    ...(typeof s.measurementId === 'string' && MEASUREMENT_ID.test(s.measurementId) ? [] : ['settings.measurementId must look like G-XXXXXXX']),
    ...scriptUrlProblems(s),
    // Google Consent Mode v2: basic (the tag waits for consent, the default) or advanced (loaded at once, everything denied until granted)
    ...(s.consentMode === undefined || s.consentMode === 'basic' || s.consentMode === 'advanced' ? [] : ['settings.consentMode must be "basic" or "advanced"']),
  ],
  load: () => import('./ga4.ts').then((m) => m.createGa4),
};
