/**
 * The benchmark's reference: a bare React 19 hello-world page, built with the funnel's own esbuild
 * settings into the same output folder and served by the same server, so the comparison measures
 * the funnel, not the tooling.
 */
import * as esbuild from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { commonOptions, SCRIPT_OPTIONS } from '../../build.mjs';

export const HELLO_PATH = '/bench/hello-react.html';

const SOURCE = `import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(<h1>Hello, world</h1>);`;

/** Builds the page into `outdir`; returns its path on the server. */
export async function buildHelloPage(root: string, outdir: string): Promise<string> {
  const result = await esbuild.build({
    ...commonOptions(outdir),
    ...SCRIPT_OPTIONS,
    stdin: { contents: SOURCE, loader: 'tsx', resolveDir: root, sourcefile: 'hello-react.tsx' },
    entryNames: 'static/js/hello-react-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
  } as esbuild.BuildOptions);
  const js = Object.keys(result.metafile!.outputs).find((o) => o.endsWith('.js'))!;
  await mkdir(join(outdir, 'bench'), { recursive: true });
  await writeFile(
    join(outdir, HELLO_PATH),
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hello, world</title>
<script type="module" src="/${relative(outdir, join(root, js))}"></script>
</head>
<body>
<div id="root"></div>
</body>
</html>
`,
  );
  return HELLO_PATH;
}
