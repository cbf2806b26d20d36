/** The review settings of a project, from its configuration (engine/build/project.ts `review`). */
import { languageCodes } from '../core/languages.ts';
import type { FunnelProjectConfig } from '../build/project.ts';
import type { ReviewSettings } from './affected.ts';

/** The folders and choices of `funnel review` for a project; `languages` overrides the sample. */
export function reviewSettings(project: FunnelProjectConfig, languages?: string[]): ReviewSettings {
  const all = languageCodes(project.languages);
  const sample = languages?.length ? languages : (project.review?.sampleLanguages ?? all.slice(0, 4));
  return {
    flowsDir: project.flowsDir,
    localesDir: project.localesDir,
    renderDirs: [...project.sourceDirs, ...project.styleFolders, project.imagesDir, project.icons, project.schemasDir],
    sampleLanguages: sample.filter((l) => all.includes(l)),
    registry: project.registry,
    ...(project.review?.priceScreens ? { priceScreens: project.review.priceScreens } : {}),
  };
}
