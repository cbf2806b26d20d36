/**
 * The build behind `npm run dev`: the preview bundle (sandbox API, sandbox gateway) made with the same
 * options as `npm run build -- --preview`, but incremental (an esbuild context, rebuilt on demand),
 * unminified, with fixed entry names and no prerendered pages: every path gets the app shell, which
 * also loads the live-reload client. Each cycle validates the flow files first; invalid flows are not
 * built, and the last good bundle stays in place.
 */
import * as esbuild from 'esbuild';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { copyIcons, criticalCssOptions, scriptOptions, stylesheetOptions, validateFlows, writeCriticalAssets } from '../../build.mjs';
import type { FunnelData } from '../../engine/core/flowGraph.ts';
import { formatIssue, type ValidationIssue } from '../../engine/validate/index.ts';
import { pageHtml, writeHostRoutes } from '../../engine/build/index.ts';
import { APP_SHELL } from '../../engine/build/bundle.ts';
import { DEV_CLIENT_TAG } from './liveReload.ts';
import project from '../../funnel.config.ts';

/** One build cycle: built, or the problems that stopped it (validator findings or compile errors), one line each. */
export type CycleResult = { ok: true; ms: number; phases: Record<string, number>; warnings: string[] } | { ok: false; ms: number; problems: string[] };

export interface DevBuild {
  /**
   * Validates and rebuilds; never throws for a problem in the project's files. The stylesheets are
   * rebuilt only when a changed file is a stylesheet (and on the first cycle).
   */
  cycle: (changed?: string[]) => Promise<CycleResult>;
  dispose: () => Promise<void>;
}

/** The project root: esbuild's working directory, to which its metafile's paths are relative. */
const root = project.root;
const DEV_OVERRIDES = { minify: false, logLevel: 'silent' } as const;

/** Source files the validator reads (the screen registry, which it imports and locates entries in); any other code file is none of its business. */
const VALIDATED_SOURCES = new Set([relative(root, join(root, project.registry))]);

/**
 * Whether a save needs the validator: a flow, locale or schema file, the registry, or any file
 * outside the code folders does; a screen's or the engine's code or styles do not (the validator
 * reads none of them, and the modules it imports are cached by Node for the life of the process).
 */
export function needsValidation(changed: readonly string[]): boolean {
  return changed.some((file) => {
    const rel = relative(root, file).split('\\').join('/');
    const code = project.sourceDirs.some((dir) => rel.startsWith(`${dir}/`)) && /\.(tsx?|css)$/.test(rel) && !rel.startsWith('engine/validate/');
    return !code || VALIDATED_SOURCES.has(rel);
  });
}

/** The shell of a project that has never built: only the live-reload client, which shows the problems. */
const EMPTY_SHELL = `<!doctype html>\n<html lang="${project.languages.fallback}" dir="ltr">\n<head>\n<meta charset="utf-8">\n<title>${project.appName} (dev)</title>\n${DEV_CLIENT_TAG}\n</head>\n<body></body>\n</html>\n`;

async function compileErrors(error: unknown): Promise<string[]> {
  const failure = error as Partial<esbuild.BuildFailure>;
  if (!failure.errors?.length) return [error instanceof Error ? error.message : String(error)];
  return failure.errors.map((m) => (m.location ? `${m.location.file}:${m.location.line}:${m.location.column + 1} ${m.text}` : m.text));
}

export async function createDevBuild(options: { outdir: string; flowsDir?: string }): Promise<DevBuild> {
  const { outdir, flowsDir } = options;
  let data: FunnelData | undefined;
  let lastValidationFailed = false;
  let warnings: string[] = [];
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  await copyIcons(outdir);
  await writeFile(join(outdir, APP_SHELL), EMPTY_SHELL);
  const js = await esbuild.context({
    ...scriptOptions({ outdir, preview: true, data: () => data!, flowsDir }),
    ...DEV_OVERRIDES,
    // a fixed entry name, so the shell is written once per cycle without a metafile to look it up in
    entryNames: 'static/js/[name]',
    metafile: false,
  });

  let styles: { css: string; criticalCss: string; font: string | undefined } | undefined;
  const rel = (file: string): string => relative(outdir, join(root, file));

  async function buildStyles(): Promise<NonNullable<typeof styles>> {
    const css = await esbuild.build({ ...(await stylesheetOptions(outdir)), ...DEV_OVERRIDES, entryNames: 'static/css/styles' });
    const critical = await esbuild.build({ ...criticalCssOptions(outdir), ...DEV_OVERRIDES });
    return { css: rel(Object.keys(css.metafile!.outputs).find((o) => o.endsWith('.css'))!), ...(await writeCriticalAssets(critical, outdir)) };
  }

  async function rebuild(withStyles: boolean): Promise<void> {
    await js.rebuild();
    if (withStyles || !styles) styles = await buildStyles();
    // no module preloads: they only save round trips, which a local server does not have
    const assets = { js: 'static/js/main.js', ...styles, fontFamily: project.font.family, modulePreloads: [] };
    const html = pageHtml({ assets, title: project.appName, languages: project.languages, language: project.languages.fallback, dir: 'ltr', body: '' }).replace(
      '</head>',
      `${DEV_CLIENT_TAG}\n</head>`,
    );
    await writeFile(join(outdir, APP_SHELL), html);
  }

  return {
    async cycle(changed = []) {
      const started = performance.now();
      const ms = (): number => Math.round(performance.now() - started);
      const lines = (issues: ValidationIssue[]): string[] => issues.map(formatIssue);
      // a code-only save after a valid cycle keeps the validated flows (the first cycle and any cycle after invalid flows validate)
      if (!data || lastValidationFailed || !changed.length || needsValidation(changed)) {
        const validated = await validateFlows({ flowsDir });
        lastValidationFailed = validated.errors.length > 0;
        if (lastValidationFailed) return { ok: false, ms: ms(), problems: lines(validated.issues) };
        data = validated.data;
        warnings = lines(validated.issues);
      }
      const validation = ms();
      try {
        await rebuild(changed.some((file) => file.endsWith('.css')));
        await writeHostRoutes(outdir, data);
      } catch (error) {
        return { ok: false, ms: ms(), problems: await compileErrors(error) };
      }
      return { ok: true, ms: ms(), phases: { validation, bundle: ms() - validation }, warnings };
    },
    async dispose() {
      await js.dispose();
    },
  };
}
