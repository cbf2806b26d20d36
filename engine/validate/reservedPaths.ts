/**
 * Landing paths that would collide with something the host serves at the same address: a language
 * folder of the prerendered pages (the build writes `<lang>/index.html`, so a variant at `/de` would
 * overwrite the German page of "/"), the build's static files (`/static/`), the preview's sandbox API
 * (`/sandbox/`) or an API prefix (`/api/`). Case and a trailing slash cannot collide: the path schema
 * admits lower case only and no trailing slash, and duplicate-path catches equal paths.
 */
import { issueAt } from './load.ts';
import type { Project } from './project.ts';
import { ptr, type ValidationIssue } from './types.ts';

/** First path segments the host or the build uses for itself, with what they are. */
export const RESERVED_SEGMENTS: Readonly<Record<string, string>> = {
  static: "the build's scripts, styles and fonts (/static/)",
  sandbox: "the preview server's sandbox API (/sandbox/)",
  api: 'the API prefix (/api/)',
};

/** Every variant path whose first segment is reserved or a language folder. */
export function checkReservedPaths(project: Project, languageCodes: readonly string[]): ValidationIssue[] {
  const doc = project.landings;
  if (!doc) return [];
  const languages = new Set(languageCodes);
  return project.variants.flatMap((v) => {
    const paths = Array.isArray(v.value.paths) ? v.value.paths : [];
    return paths.flatMap((path: unknown, k) => {
      if (typeof path !== 'string') return [];
      const first = path.split('/')[1] ?? '';
      const what = languages.has(first)
        ? `the "${first}" language folder of the prerendered pages (${first}/index.html is "/" in that language)`
        : Object.hasOwn(RESERVED_SEGMENTS, first)
          ? RESERVED_SEGMENTS[first]
          : undefined;
      if (!what) return [];
      return [
        issueAt(
          doc,
          ptr(v.pointer, 'paths', k),
          'reserved-path',
          `path "${path}" of variant "${v.id}" collides with ${what}`,
          `choose a path whose first segment is not a language code (${[...languages].join(', ')}) nor ${Object.keys(RESERVED_SEGMENTS).join(', ')}`,
        ),
      ];
    });
  });
}
