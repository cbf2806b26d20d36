/**
 * `npm run validate [flowsDir] [--locales=dir] [--registry=file]`: validates the flow files, the
 * locales and the screen registry. Prints every issue as file:line:col, adds ::error annotations
 * when GITHUB_ACTIONS=true, and exits 1 when anything is wrong.
 */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { formatGithubAnnotation, formatIssue, validateProject } from '../engine/validate/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? undefined : resolve(arg.slice(name.length + 3));
};
const dir = args.find((a) => !a.startsWith('--'));

const { issues, files } = await validateProject({
  root,
  flowsDir: dir === undefined ? undefined : resolve(dir),
  localesDir: option('locales'),
  registryFile: option('registry'),
});

if (issues.length === 0) {
  console.log(`validate: ${files.length} files OK`);
} else {
  for (const issue of issues) console.error(formatIssue(issue));
  if (process.env.GITHUB_ACTIONS === 'true') for (const issue of issues) console.log(formatGithubAnnotation(issue));
  const inFiles = new Set(issues.map((i) => i.file)).size;
  console.error(`validate: ${issues.length} error${issues.length === 1 ? '' : 's'} in ${inFiles} file${inFiles === 1 ? '' : 's'} (${files.length} files read)`);
  process.exitCode = 1;
}
