/**
 * The peer of the tap-latency benchmark: a SurveyJS survey (survey-core with its React UI, the
 * funnel's React 19) of the same shape as the funnel's steps before signup, one question per page
 * and its Next button, built with the funnel's own esbuild settings into the same output folder and
 * served by the same server. Its page-to-page time is what a well-known form library gives.
 */
import * as esbuild from 'esbuild';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { commonOptions, SCRIPT_OPTIONS } from '../../build.mjs';

export const SURVEY_PATH = '/bench/surveyjs.html';
/** The survey's pages: the peer is measured from each page's Next to the next page painted. */
export const SURVEY_PAGES = 5;

const SOURCE = `import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
const pages = Array.from({ length: ${SURVEY_PAGES} }, (_, i) => ({
  name: 'page' + (i + 1),
  elements: [{
    type: 'radiogroup',
    name: 'q' + (i + 1),
    title: 'Question ' + (i + 1) + ': who would you like to keep safe?',
    choices: ['My children', 'My partner', 'My parents', 'My friends'],
    defaultValue: 'My children',
  }],
}));
const model = new Model({ pages, showQuestionNumbers: 'off', showProgressBar: 'top' });
window.__survey = model;
createRoot(document.getElementById('root')).render(<Survey model={model} />);`;

/** Builds the page into `outdir`; returns its path on the server. */
export async function buildSurveyPage(root: string, outdir: string): Promise<string> {
  const result = await esbuild.build({
    ...commonOptions(outdir),
    ...SCRIPT_OPTIONS,
    stdin: { contents: SOURCE, loader: 'tsx', resolveDir: root, sourcefile: 'surveyjs.tsx' },
    entryNames: 'static/js/surveyjs-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
  } as esbuild.BuildOptions);
  const js = Object.keys(result.metafile!.outputs).find((o) => o.endsWith('.js') && o.includes('surveyjs-'))!;
  await mkdir(join(outdir, 'bench'), { recursive: true });
  await copyFile(join(root, 'node_modules/survey-core/survey-core.fontless.min.css'), join(outdir, 'bench/survey-core.min.css'));
  await writeFile(
    join(outdir, SURVEY_PATH),
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SurveyJS</title>
<link rel="stylesheet" href="/bench/survey-core.min.css">
<script type="module" src="/${relative(outdir, join(root, js))}"></script>
</head>
<body>
<div id="root"></div>
</body>
</html>
`,
  );
  return SURVEY_PATH;
}
