/**
 * Security headers of every answer. The CSP allows exactly what Stripe documents for Stripe.js and
 * Elements (script and frames from js.stripe.com, frames from hooks.stripe.com, calls to
 * api.stripe.com), plus this origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com https://maps.googleapis.com",
  "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
  "connect-src 'self' https://api.stripe.com https://maps.googleapis.com",
  "img-src 'self' data: https://*.stripe.com",
  "style-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  'cross-origin-opener-policy': 'same-origin',
};
