/**
 * One truth for the flow files: a new flows/<name>.json plus a landing variant that opens it passes
 * validation, is built into the bundle and serves its paths, with no code change. Runs on a copy of
 * flows/ with test/fixtures/new-flow/spring.json dropped in.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../build.mjs';
import { formatIssue, isError, validateProject, type ValidationIssue } from '../../engine/validate/index.ts';
import { startPreviewServer, type PreviewServer } from '../../scripts/server/previewServer.ts';
import { copyFlows, type TempFlows } from '../fixtures/tempFlows.ts';
import { closeBrowser, newVisitor } from './browser.ts';
import { removeBuild } from '../removeBuild.ts';

const root = new URL('../../', import.meta.url).pathname;
let flows: TempFlows;
let outdir = '';
let server: PreviewServer;

beforeAll(async () => {
  flows = copyFlows({ withSpringFlow: true });
  outdir = join(root, `dist-new-flow-${process.pid}`);
  await build({ preview: true, outdir, flowsDir: flows.dir, log: false });
  server = await startPreviewServer({ distDir: outdir, port: 0 });
});

afterAll(async () => {
  await closeBrowser();
  await server?.close();
  removeBuild(outdir);
  flows?.remove();
});

describe('a new flow file dropped into flows/', () => {
  it('is discovered and validated with the others', async () => {
    const result = await validateProject({ flowsDir: flows.dir });
    expect(result.issues.filter(isError).map(formatIssue)).toEqual([]);
    // the new file adds no finding: the copy reports what flows/ itself reports (its warnings, e.g. sample figures)
    const where = (issue: ValidationIssue): string => `${issue.file.split('/').pop()} ${issue.pointer} [${issue.code}]`;
    expect(result.issues.map(where)).toEqual((await validateProject()).issues.map(where));
    expect(result.files.filter((f) => f.endsWith('/spring.json'))).toHaveLength(1);
    const ids = (flows: unknown[]): string[] => flows.map((f) => (f as { id: string }).id);
    expect(ids(result.data.flows).sort()).toEqual([...ids((await validateProject()).data.flows), 'spring'].sort());
  });

  it('is prerendered, routed and walked in the browser', async () => {
    const { context, page } = await newVisitor();
    const response = await page.goto(`${server.url}/spring`);
    expect(response?.status()).toBe(200);
    // the prerendered page of the new variant's path, not the app shell
    const html = await response!.text();
    expect(html).toContain('data-prerendered="/spring"');
    expect(html).toContain('data-step="spring-landing"');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.url}/spring/place-alerts`);
    await page.getByRole('heading', { name: 'Place alerts' }).waitFor();
    // the new flow's step leads into a step of the main flow
    await page.getByRole('button', { name: 'Continue' }).first().click();
    await page.waitForURL(`${server.url}/signup`);
    await page.getByRole('textbox').first().waitFor();
    await context.close();
  });

  it('opens its own step path directly', async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${server.url}/spring/place-alerts`);
    await page.getByRole('heading', { name: 'Place alerts' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/spring/place-alerts');
    await context.close();
  });
});
