/**
 * `npm run dev`: the preview server with the sandbox API, serving a bundle that is rebuilt whenever a
 * flow, locale, schema, screen or engine file is saved, and live reload for every open page. A cycle
 * with problems (validator findings with their file:line:col, or compile errors) prints them in the
 * terminal and shows them in an overlay in the page; the next good cycle reloads the page.
 */
import { watch } from 'chokidar';
import { basename, join, resolve } from 'node:path';
import project from '../../funnel.config.ts';
import { startPreviewServer } from '../server/previewServer.ts';
import { createDevBuild, type CycleResult } from './devBuild.ts';
import { createLiveReload } from './liveReload.ts';

const root = project.root;

/** What is watched besides the flows: texts, schemas and every source file of the bundle. */
const WATCHED = [project.localesDir, project.schemasDir, ...project.sourceDirs];
/** Saves that come together (an editor writing several files, a formatter) make one rebuild. */
const SETTLE_MS = 30;

/** Editors' backups, swap and temporary files (`main.json~`, `.main.json.swp`, vim's `4913`): never a reason to rebuild. */
export function isEditorScratch(file: string): boolean {
  const name = basename(file);
  return name.endsWith('~') || name.startsWith('.') || /^\d+$/.test(name) || name.endsWith('.swp') || name.endsWith('.tmp');
}

export interface DevServer {
  url: string;
  close: () => Promise<void>;
}

export interface DevOptions {
  port?: number;
  /** Default flows/ (a relative path is taken from the project root). */
  flowsDir?: string;
  /** Default dist-dev/. */
  outdir?: string;
  log?: (line: string) => void;
}

export async function startDev(options: DevOptions = {}): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const flowsDir = resolve(root, options.flowsDir ?? project.flowsDir);
  const outdir = resolve(root, options.outdir ?? 'dist-dev');
  const live = createLiveReload();
  const build = await createDevBuild({ outdir, flowsDir });

  const report = (result: CycleResult, changed: string[]): void => {
    const what = changed.length ? `${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''}: ` : '';
    if (result.ok) {
      for (const warning of result.warnings) log(warning);
      log(`${what}rebuilt in ${result.ms} ms (validation ${result.phases.validation} ms)${live.clients() ? `, reloading ${live.clients()} page(s)` : ''}`);
      live.reload();
    } else {
      log(`${what}not built (${result.ms} ms):\n${result.problems.map((p) => `  ${p}`).join('\n')}\nThe page shows these until they are fixed.`);
      live.problems(result.problems);
    }
  };

  // one cycle at a time; changes during a cycle make one more
  let running: Promise<CycleResult> = build.cycle();
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const first = await running;
  report(first, []);
  const schedule = (file: string): void => {
    pending.push(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changed = [...new Set(pending)];
      pending = [];
      running = running.then(async () => {
        const result = await build.cycle(changed);
        report(result, changed);
        return result;
      });
    }, SETTLE_MS);
  };

  // chokidar watches each folder rather than each file: a save that writes a new file and renames it
  // over the old one (vim, many IDEs) is seen, and so is every later save of that file, which Node's
  // recursive fs.watch on Linux loses once the file it watched is replaced
  const watcher = watch([flowsDir, ...WATCHED.map((d) => join(root, d))], { ignoreInitial: true, ignored: isEditorScratch });
  watcher.on('all', (_event, file) => schedule(file));
  await new Promise<void>((ready) => watcher.once('ready', ready));

  const server = await startPreviewServer({ distDir: outdir, port: options.port ?? 8080, live: true, intercept: live.handle });
  return {
    url: server.url,
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
      live.close();
      await server.close();
      await running.catch(() => undefined);
      await build.dispose();
    },
  };
}
