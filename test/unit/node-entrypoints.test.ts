/**
 * The scripts run by plain Node (npm start, npm run gallery, npm run bench) load outside any bundle:
 * no build-time define such as __FUNNEL_CONFIG__ (which vitest supplies to every test) may be needed
 * to import them. Each is imported in a child Node process, as the npm scripts do.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const MODULES = ['scripts/server/previewServer.ts', 'scripts/galleryVisit.ts', 'scripts/galleryScreens.ts', 'engine/index.ts', 'screens/product/discounts.ts'];

describe('modules the npm scripts run in plain Node', () => {
  it('import without a bundle configuration', { timeout: 60_000 }, async () => {
    const code = `Promise.all(${JSON.stringify(MODULES.map((m) => `./${m}`))}.map((m) => import(m))).then(() => console.log('loaded'))`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root });
    expect(stdout.trim()).toBe('loaded');
  });
});
