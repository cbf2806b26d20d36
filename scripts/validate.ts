/**
 * `npm run validate [flowsDir] [--locales=dir] [--registry=file] [--slices=file] [--languages=file]`: validates the flow
 * files, the locales, the screen registry and the binds against the declared slices. Prints every issue as file:line:col, adds ::error and ::warning
 * annotations when GITHUB_ACTIONS=true, and exits 1 when there is an error (warnings do not count).
 */
import { resolve } from 'node:path';
import { formatGithubAnnotation, formatIssue, isError, validateProject } from '../engine/validate/index.ts';
import { projectPath } from '../engine/build/index.ts';
import project from '../funnel.config.ts';

const root = project.root;
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? undefined : resolve(arg.slice(name.length + 3));
};
const dir = args.find((a) => !a.startsWith('--'));

const { issues, files } = await validateProject({
  root,
  // the project configuration's files unless an option names others
  flowsDir: dir === undefined ? projectPath(project, project.flowsDir) : resolve(dir),
  localesDir: option('locales') ?? projectPath(project, project.localesDir),
  registryFile: option('registry') ?? projectPath(project, project.registry),
  slicesFile: option('slices') ?? projectPath(project, project.slices),
  languagesFile: option('languages') ?? projectPath(project, project.languagesModule),
  schemasDir: projectPath(project, project.schemasDir),
  imagesDir: projectPath(project, project.imagesDir),
  destinationsModule: projectPath(project, project.destinations),
  commerce: project.commerce,
});

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const errors = issues.filter(isError);
const warnings = issues.length - errors.length;
for (const issue of issues) console.error(formatIssue(issue));
if (process.env.GITHUB_ACTIONS === 'true') for (const issue of issues) console.log(formatGithubAnnotation(issue));
if (errors.length === 0) {
  console.log(`validate: ${files.length} files OK${warnings ? ` (${plural(warnings, 'warning')})` : ''}`);
} else {
  const inFiles = new Set(errors.map((i) => i.file)).size;
  console.error(
    `validate: ${plural(errors.length, 'error')}${warnings ? ` and ${plural(warnings, 'warning')}` : ''} in ${plural(inFiles, 'file')} (${files.length} files read)`,
  );
  process.exitCode = 1;
}
