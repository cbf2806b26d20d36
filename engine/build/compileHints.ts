/**
 * Explicit compile hints for the scripts that run as soon as they arrive. V8 compiles a function
 * lazily, on the main thread, the first time it is called; a script that starts with the magic
 * comment below has every function compiled eagerly instead, on a background thread while the script
 * streams in (Chrome 136 and later; other browsers read a comment). In an unthrottled trace of a
 * landing, evaluating react-dom's client went from about 37 to 15 ms and the boot's modules from 30-38
 * to 17-21 ms; the long tasks Lighthouse counts in TBT shrink with them (docs/performance.md).
 *
 * Only the chunks whose code runs on load get it: the entry's static imports (the boot) and React's
 * client with its own, and the chunks of the sources the project names in `compileAhead`: code a tap
 * runs through before anything answers it, such as the HTTP client a backend call goes through
 * (compiled lazily, its first call was about a third of the signup tap's time before the request left,
 * on the phone profile). A chunk loaded for one screen or on an error (the error SDK, a wallet's SDK)
 * keeps lazy compilation, since most of its functions never run.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';

/** V8's file-level compile hint; it must be the script's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The dynamic imports whose chunks run on load besides the entry's: React's client, loaded to hydrate the landing. */
const RUN_ON_LOAD_IMPORTS = [/node_modules\/react-dom\/client\.js$/];

/** A file of the build plus everything it imports statically, transitively. */
export function staticClosure(metafile: Metafile, start: string, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  for (const imp of metafile.outputs[start]?.imports ?? []) {
    if (imp.kind === 'import-statement' && !imp.external) staticClosure(metafile, imp.path, into);
  }
  return into;
}

/** The script outputs (paths as the metafile names them) that run as soon as they load: see the module comment. */
function runOnLoadChunks(metafile: Metafile, entry: string): Set<string> {
  const chunks = staticClosure(metafile, entry);
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    if (meta.entryPoint && RUN_ON_LOAD_IMPORTS.some((pattern) => pattern.test(meta.entryPoint!))) staticClosure(metafile, output, chunks);
  }
  return chunks;
}

/** The script outputs holding a source whose path (as the metafile names it) starts with one of `sources`. */
function chunksHolding(metafile: Metafile, sources: readonly string[]): string[] {
  return Object.entries(metafile.outputs)
    .filter(([output, meta]) => output.endsWith('.js') && Object.keys(meta.inputs).some((input) => sources.some((source) => input.startsWith(source))))
    .map(([output]) => output);
}

/**
 * Puts the compile hint at the top of each chunk that runs on load, and of each chunk holding one of
 * `compileAhead` (source paths or folders as the metafile names them, e.g. `node_modules/axios/`);
 * `root` is the folder the metafile's paths are relative to.
 */
export async function addCompileHints(metafile: Metafile, entry: string, root: string, compileAhead: readonly string[] = []): Promise<void> {
  const chunks = runOnLoadChunks(metafile, entry);
  for (const chunk of chunksHolding(metafile, compileAhead)) chunks.add(chunk);
  await Promise.all(
    [...chunks].map(async (chunk) => {
      const file = join(root, chunk);
      await writeFile(file, `${COMPILE_HINT}\n${await readFile(file, 'utf8')}`);
    }),
  );
}
