/** Debian's Chromium and the flags every tool here launches it with (DESIGN.md section 9). */
import { existsSync } from 'node:fs';

/** The full browser (Debian's `chromium`): what the bench measures with, as a visitor's browser runs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * What the e2e tests and the gallery drive: Debian's `chromium-headless-shell` when installed (the same
 * Blink, V8 and network stack without the browser around them; the whole e2e run takes about 40% less
 * time on a 2-core machine), else the full browser. CHROMIUM_PATH overrides both.
 */
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

/** Headless, sandbox off (root in CI), and no background calls this machine's closed network would refuse. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
