/**
 * Security headers of every answer. The CSP allows exactly what Stripe documents for Stripe.js and
 * Elements (script and frames from js.stripe.com, frames from hooks.stripe.com, calls to
 * api.stripe.com), plus this origin, and what Meta Pixel (connect.facebook.net, www.facebook.com)
 * and Google Analytics 4 (www.googletagmanager.com, *.google-analytics.com) document for their tags.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com https://maps.googleapis.com https://connect.facebook.net https://www.googletagmanager.com",
  'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  "connect-src 'self' https://api.stripe.com https://maps.googleapis.com https://www.facebook.com https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com",
  "img-src 'self' data: https://*.stripe.com https://www.facebook.com https://*.google-analytics.com https://www.googletagmanager.com",
  "style-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every answer carries, whatever its status (a page, an asset, a redirect, an error). */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Strict-Transport-Security of the production host: a year, subdomains included. Sent only on answers
 * that reach the visitor over HTTPS (the header is meaningless over plain HTTP); the preview server,
 * plain HTTP on 127.0.0.1, never sends it.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';
