/**
 * `npm start`: builds the preview bundle (sandbox API addresses, sandbox payment gateway), refusing
 * invalid flows, and serves it with the sandbox API on 127.0.0.1:$PORT (default 8080). The analytics
 * collector appends what it receives to COLLECTOR_LOG (default .build/collector.jsonl; empty: no file).
 */
import { build } from '../build.mjs';
import { getVariant, variantIds } from '../engine/core/flowGraph.ts';
import { funnelData } from '../screens/flowData.ts';
import { languageCodes } from '../engine/core/languages.ts';
import project from '../funnel.config.ts';
import { startPreviewServer } from './server/previewServer.ts';
import { defaultCollectorLog } from './server/sandbox/collectorLog.ts';

const port = Number(process.env.PORT ?? 8080);
try {
  const { outdir } = await build({ preview: true });
  const collectorLog = defaultCollectorLog();
  const preview = await startPreviewServer({ distDir: outdir, port, collectorLog });
  const paths = variantIds(funnelData.landings).flatMap((id) => getVariant(funnelData.landings, id)!.paths.map((p) => `  ${preview.url}${p}  (${id})`));
  console.log(
    `\nFunnel preview with the sandbox API: ${preview.url}\n\nLanding routes:\n${paths.join('\n')}\n\nSandbox test cards: 4242424242424242 (success), 4000002500003155 (3-D Secure), 4000000000009995 (insufficient funds).\nAdd ?lng=<language> (${languageCodes(
      project.languages,
    )
      .filter((l) => l !== project.languages.fallback)
      .join(
        ', ',
      )}) to see another language.\nEvents: ${preview.url}/__events (live), ${preview.url}/__report (funnel report)${collectorLog ? `; collector log ${collectorLog}` : ''}. Ctrl+C stops.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
