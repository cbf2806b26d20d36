/**
 * A reference page of the benchmark: one TSX source built with the funnel's own esbuild settings into
 * the same output folder as the funnel and served by the same server, so a comparison measures the
 * page, not the tooling.
 */
import * as esbuild from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { commonOptions, SCRIPT_OPTIONS } from '../../build.mjs';

export interface BenchPage {
  /** The page's path on the server, e.g. /bench/hello-react.html; its script is named after it. */
  path: string;
  title: string;
  /** The page's script (TSX, resolved from the project's root). */
  source: string;
  /** Extra tags for the head (a stylesheet). */
  head?: string;
}

/** Builds the page into `outdir`; returns its path on the server. */
export async function buildBenchPage(root: string, outdir: string, page: BenchPage): Promise<string> {
  const name = page.path
    .split('/')
    .pop()!
    .replace(/\.html$/, '');
  const result = await esbuild.build({
    ...commonOptions(outdir),
    ...SCRIPT_OPTIONS,
    stdin: { contents: page.source, loader: 'tsx', resolveDir: root, sourcefile: `${name}.tsx` },
    entryNames: `static/js/${name}-[hash]`,
    define: { 'process.env.NODE_ENV': '"production"' },
  } as esbuild.BuildOptions);
  const js = Object.keys(result.metafile!.outputs).find((o) => o.endsWith('.js') && o.includes(`/${name}-`))!;
  await mkdir(join(outdir, 'bench'), { recursive: true });
  await writeFile(
    join(outdir, page.path),
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
${page.head ?? ''}<script type="module" src="/${relative(outdir, join(root, js))}"></script>
</head>
<body>
<div id="root"></div>
</body>
</html>
`,
  );
  return page.path;
}
