/**
 * The build's version stamp: a content hash of the flows, texts and engine plus the commit, in every
 * page's `<meta name="flow-version">` and in every event as each preview destination sends it
 * (Segment's context, GA4's parameters, Meta's custom data) and as a tag of every error report.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAnalytics, createFunnelStore } from '../../engine/index.ts';
import { eventContextReader } from '../../engine/analytics/index.ts';
import type { ConsentStore, DestinationsFile } from '../../engine/analytics/runtime.ts';
import { destinationSinks, environmentOf } from '../../engine/analytics/runtime.ts';
import { flowVersion, pageHtml } from '../../engine/build/index.ts';
import destinationsFile from '../../flows/destinations.json';
import project from '../../funnel.config.ts';
import { destinationTypes } from '../../screens/analytics/destinations.ts';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';
import { productSlices } from '../../screens/product/slices.ts';
import { sentryOptions } from '../../engine/reporting/sentryReporter.ts';

const temp = mkdtempSync(join(tmpdir(), 'funnel-version-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the version stamp', () => {
  it('changes with a flow file, stays with the same content wherever it lies, and carries the commit', () => {
    const copy = (name: string): string => {
      const dir = join(temp, name);
      cpSync(join(project.root, project.flowsDir), join(dir, 'flows'), { recursive: true });
      return dir;
    };
    const a = copy('a');
    const b = copy('b');
    const env = { GIT_COMMIT: '0123456789abcdef0123' };
    const stamp = flowVersion(a, [join(a, 'flows')], env);
    expect(stamp).toMatch(/^[0-9a-f]{12}\+0123456789ab$/);
    expect(flowVersion(b, [join(b, 'flows')], env)).toBe(stamp);
    writeFileSync(join(b, 'flows/plans.json'), '{}');
    expect(flowVersion(b, [join(b, 'flows')], env)).not.toBe(stamp);
  });

  it('is in the page as a meta tag', () => {
    const html = pageHtml({
      assets: { js: 'a.js', css: 'a.css', criticalCss: '', modulePreloads: [], version: 'abc123+def' },
      title: 'T',
      languages: project.languages,
      language: 'en',
      dir: 'ltr',
      body: '',
    });
    expect(html).toContain('<meta name="flow-version" content="abc123+def">');
  });

  it('is in every event as each destination sends it', async () => {
    const bodies: Array<{ batch: Array<{ event?: string; context: Record<string, unknown> }> }> = [];
    const reported: Array<[string, unknown]> = [];
    const win = {
      location: { origin: 'https://f.example', href: 'https://f.example/', pathname: '/', search: '' },
      document: { title: 'Landing', referrer: '', createElement: () => ({}), head: { appendChild: () => undefined }, addEventListener: () => undefined },
      navigator: { userAgent: 'test', language: 'en' },
      addEventListener: () => undefined,
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      fetch: async (_url: string, init: { body: string }) => {
        bodies.push(JSON.parse(init.body));
        return new Response('{"success":true}', { status: 200 });
      },
    } as unknown as Window;
    const granted: ConsentStore = {
      rule: {} as ConsentStore['rule'],
      get: () => ({ analytics: true, marketing: true, decided: true }),
      decide: () => undefined,
      subscribe: () => () => undefined,
    };
    const env = environmentOf(destinationsFile as unknown as DestinationsFile, true, PREVIEW_CONFIG);
    const sinks = destinationSinks(env.destinations, {
      registrations: destinationTypes,
      consent: granted,
      ready: Promise.resolve(),
      window: win,
      report: (id, call, event) => event?.name === 'Experiment Viewed' && reported.push([id, call]),
    });
    const version = 'f00dfeed0123+abc';
    const analytics = createAnalytics(sinks, Date.now, eventContextReader(createFunnelStore(productSlices), win, version));
    analytics.setVisitor('visitor-1');
    analytics.track('Experiment Viewed', { experiment_id: 'e', variation_id: 'v' });

    await expect.poll(() => bodies.flatMap((b) => b.batch).find((m) => m.event === 'Experiment Viewed')?.context.flow_version).toBe(version);
    const ofType = (type: string): string[] => env.destinations.filter((d) => d.type === type).map((d) => d.id);
    await expect.poll(() => reported.length).toBe(ofType('meta-pixel').length + ofType('ga4').length);
    for (const [, call] of reported) expect((call as unknown[])[2]).toMatchObject({ flow_version: version });
  });

  it('tags every error report', () => {
    const options = sentryOptions({ dsn: '/sandbox/sentry/1', release: 'r', flowVersion: 'abc+def' }, { protocol: 'http:', host: '127.0.0.1' });
    expect(options.initialScope).toEqual({ tags: { flow_version: 'abc+def' } });
    expect(sentryOptions({ dsn: '/sandbox/sentry/1', release: 'r' }, { protocol: 'http:', host: '127.0.0.1' }).initialScope).toBeUndefined();
  });
});
