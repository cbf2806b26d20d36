/**
 * The production bundle carries none of the sandbox gateway (DESIGN.md section 7): it is reachable
 * only through `__PREVIEW__ ?` dynamic imports in its registrations, which esbuild drops when __PREVIEW__ is
 * false. Both bundles are built; the preview one must contain the marker, so the check is not vacuous.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../build.mjs';
import { SANDBOX_STRIPE_BASE } from '../../engine/payments/sandbox/sandboxStripeClient.ts';
import { SANDBOX_BRAINTREE_CLIENT_API, SANDBOX_BRAINTREE_TOKEN_PREFIX, SANDBOX_NONCES } from '../../engine/payments/sandbox/sandboxPayPal.tsx';
import { SANDBOX_WALLET } from '../../engine/payments/sandbox/sandboxWallet.tsx';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Every JS file of a build, concatenated. */
function allJs(dir: string): string {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) out.push(readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return out.join('\n');
}

async function bundle(preview: boolean): Promise<string> {
  const outdir = mkdtempSync(join(tmpdir(), `checkout-bundle-${preview ? 'preview' : 'prod'}-`));
  dirs.push(outdir);
  await build({ preview, outdir, log: false });
  return allJs(outdir);
}

describe('the sandbox gateway in the bundles', () => {
  it('is in the preview bundle and nowhere in the production bundle', { timeout: 180_000 }, async () => {
    const [preview, production] = [await bundle(true), await bundle(false)];
    const markers = [
      SANDBOX_STRIPE_BASE,
      SANDBOX_NONCES.approve,
      SANDBOX_NONCES.decline,
      SANDBOX_WALLET,
      SANDBOX_BRAINTREE_TOKEN_PREFIX,
      SANDBOX_BRAINTREE_CLIENT_API,
    ];
    for (const marker of markers) expect(preview, marker).toContain(marker);
    for (const marker of markers) expect(production, marker).not.toContain(marker);
    // the production card path is there: Stripe.js is loaded from Stripe's own address
    expect(production).toContain('js.stripe.com');
    // and so is braintree-web's vault manager, which the upsell after PayPal asks for the vaulted account
    expect(production).toContain('fetchPaymentMethods');
  });
});
