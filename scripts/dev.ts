/**
 * `npm run dev [flowsDir] [--outdir=dir]`: the funnel with the sandbox API on 127.0.0.1:$PORT (default
 * 8080), rebuilt and reloaded in the open pages whenever a flow, locale, schema, screen or engine file
 * is saved. Invalid flows are reported here and in the page until they are fixed.
 */
import { resolve } from 'node:path';
import { getVariant, variantIds } from '../engine/core/flowGraph.ts';
import { loadFunnelData } from '../engine/validate/index.ts';
import { projectPath } from '../engine/build/index.ts';
import project from '../funnel.config.ts';
import { startDev } from './dev/devServer.ts';

const args = process.argv.slice(2);
const flowsDir = args.find((a) => !a.startsWith('--'));
const outdir = args.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length);

const dev = await startDev({
  port: Number(process.env.PORT ?? 8080),
  flowsDir: flowsDir === undefined ? undefined : resolve(flowsDir),
  outdir: outdir === undefined ? undefined : resolve(outdir),
});
const data = await loadFunnelData({ flowsDir: flowsDir === undefined ? projectPath(project, project.flowsDir) : resolve(flowsDir) }).catch(() => undefined);
const paths = data ? variantIds(data.landings).flatMap((id) => getVariant(data.landings, id)!.paths.map((p) => `  ${dev.url}${p}  (${id})`)) : [];
console.log(
  `\nDev server with the sandbox API: ${dev.url}\n${paths.length ? `\nLanding routes:\n${paths.join('\n')}\n` : ''}\nWatching the flows, locales/, schemas/, screens/ and engine/: saved changes reload the open pages. Ctrl+C stops.`,
);
const stop = (): void => {
  void dev.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
