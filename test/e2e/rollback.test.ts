/**
 * A rollback in one command behind a real nginx: build N (this tree) and N-1 (a build of another
 * commit) are published as releases, nginx serves `<root>/current`, and `npm run release -- switch`
 * moves it. A page opened on N keeps walking the funnel after the switch to N-1 and after the switch
 * back (each next step's lazy chunk loads, no error), and a fresh load after a switch gets that
 * release's version.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../build.mjs';
import { HASHED_DIR, keepAssetsDays } from '../../engine/build/index.ts';
import { hasNginx, NGINX_PATH, startNginx, type NginxHost } from '../../scripts/host/nginx.ts';
import { buildVersion, CURRENT_LINK, publishRelease, RELEASES_DIR } from '../../scripts/host/releases.ts';
import { removeBuild } from '../removeBuild.ts';
import { closeBrowser, newVisitor } from './browser.ts';
import { productionBuild } from './productionBuild.ts';
import { rawAnswer } from './rawHttp.ts';

const root = new URL('../../', import.meta.url).pathname;
const requireNginx = process.env.REQUIRE_E2E === '1';
if (!hasNginx() && !requireNginx) console.log(`SKIPPED the rollback test: no nginx at ${NGINX_PATH} (apt-get install nginx)`);

interface Step {
  path: string | undefined;
  next: string | undefined;
  props: { cta?: string };
}
const flow = JSON.parse(readFileSync(join(root, 'flows/main.json'), 'utf8')) as { entry: string; steps: Record<string, Step> };
const english = JSON.parse(readFileSync(join(root, 'locales/en.json'), 'utf8')) as Record<string, unknown>;
const text = (key: string): string => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], english) as string;

describe.skipIf(!hasNginx() && !requireNginx)('a rollback behind nginx', () => {
  let releasesRoot: string;
  let previousDist: string;
  let versions: { n: string; previous: string };
  let host: NginxHost;

  beforeAll(async () => {
    if (!hasNginx()) throw new Error(`REQUIRE_E2E=1 but no nginx at ${NGINX_PATH}: install it with \`apt-get install nginx\``);
    const current = await productionBuild();
    // N-1: the same tree stamped as another commit, so its version and its hashed names differ
    previousDist = join(root, `dist-rollback-${process.pid}`);
    const commit = process.env.GIT_COMMIT;
    process.env.GIT_COMMIT = 'a0b1c2d3e4f5';
    try {
      await build({ preview: false, outdir: previousDist, log: false });
    } finally {
      if (commit === undefined) delete process.env.GIT_COMMIT;
      else process.env.GIT_COMMIT = commit;
    }
    releasesRoot = mkdtempSync(join(tmpdir(), 'funnel-releases-'));
    versions = {
      previous: await publishRelease(previousDist, releasesRoot, keepAssetsDays({})),
      n: await publishRelease(current, releasesRoot, keepAssetsDays({})),
    };
    host = await startNginx(join(releasesRoot, CURRENT_LINK));
  });

  afterAll(async () => {
    await closeBrowser();
    await host?.close();
    if (previousDist) removeBuild(previousDist);
    if (releasesRoot) rmSync(releasesRoot, { recursive: true, force: true });
  });

  /** The one command of docs/operations.md, as an operator runs it. */
  const release = (...args: string[]): string => {
    const reload = args.includes('--no-reload') ? [] : ['--reload', host.reloadCommand];
    const command = args.filter((arg) => arg !== '--no-reload');
    const run = spawnSync('npm', ['run', '-s', 'release', '--', ...command, '--root', releasesRoot, ...reload], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    return run.stdout;
  };
  // a connection of its own each time: a reload closes the old workers' idle keep-alive connections
  const servedVersion = async (): Promise<string | undefined> =>
    /<meta name="flow-version" content="([^"]+)">/.exec(
      (await rawAnswer(host.url, 'GET /?lng=en HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n')).body,
    )?.[1];

  it('switches to the previous release and back in one command each, and a fresh load gets that release', async () => {
    expect(versions.previous).not.toBe(versions.n);
    expect(buildVersion(join(releasesRoot, RELEASES_DIR, versions.n))).toBe(versions.n);
    expect(await servedVersion()).toBe(versions.n);
    // nginx opens the files through the link on every request: the pages switch without a reload
    expect(release('switch', 'previous', '--no-reload')).toContain(`-> ${versions.previous}`);
    expect(await servedVersion()).toBe(versions.previous);
    release('switch', versions.n, '--no-reload');
    expect(await servedVersion()).toBe(versions.n);
    // with the reload, nginx also takes the release's own host files
    expect(release('switch', 'previous')).toContain(`-> ${versions.previous}`);
    expect(await servedVersion()).toBe(versions.previous);
    expect(release('list')).toContain(`* ${versions.previous}`);
    expect(release('switch', versions.n)).toContain(`-> ${versions.n}`);
    expect(await servedVersion()).toBe(versions.n);
    expect(release('path', 'previous').trim()).toBe(join(releasesRoot, RELEASES_DIR, versions.previous));
  });

  it('a page opened on N keeps walking after the switch to N-1 and after the switch back', async () => {
    const { context, page } = await newVisitor();
    const problems: string[] = [];
    const assets: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith(`/${HASHED_DIR}/`)) assets.push(path);
      if (response.status() >= 400) problems.push(`${response.status()} ${path}`);
    });
    await page.goto(`${host.url}/?lng=en`);
    expect(await page.getAttribute('meta[name="flow-version"]', 'content')).toBe(versions.n);
    let step = flow.steps[flow.entry]!;
    const walk = async (): Promise<void> => {
      const next = flow.steps[step.next!]!;
      await page
        .getByRole('button', { name: text(step.props.cta!) })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === next.path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      step = next;
    };

    release('switch', 'previous');
    const before = assets.length;
    await walk();
    await walk();
    release('switch', versions.n);
    await walk();
    await walk();
    expect(problems).toEqual([]);
    // the walk on N-1 loaded N's lazy chunks, which N-1's own build does not have: the union served them
    const previousOwn = (path: string): boolean => {
      try {
        readFileSync(join(previousDist, path));
        return true;
      } catch {
        return false;
      }
    };
    expect(assets.slice(before).filter((path) => !previousOwn(path)).length).toBeGreaterThan(0);
    expect(host.errors()).not.toMatch(/\[(error|crit|alert|emerg)\]/);
    await context.close();
  });
});
