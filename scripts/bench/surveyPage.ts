/**
 * The peer of the tap-latency benchmark: a SurveyJS survey (survey-core with its React UI, the
 * funnel's React 19) of the same shape as the funnel's steps before signup, one question per page
 * and its Next button, built and served like the funnel (benchPage.ts). Its page-to-page time is what a well-known form library gives.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { buildBenchPage } from './benchPage.ts';

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
  await mkdir(join(outdir, 'bench'), { recursive: true });
  // the theme without its web-font import: the page loads nothing from other hosts
  await copyFile(join(root, 'node_modules/survey-core/survey-core.fontless.min.css'), join(outdir, 'bench/survey-core.min.css'));
  return buildBenchPage(root, outdir, {
    path: SURVEY_PATH,
    title: 'SurveyJS',
    source: SOURCE,
    head: '<link rel="stylesheet" href="/bench/survey-core.min.css">\n',
  });
}
