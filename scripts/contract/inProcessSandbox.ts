/**
 * The sandbox API on a free port of 127.0.0.1, with no bundle behind it: what `npm run contract --
 * --sandbox` (and so `npm test`) checks, and what the clause-break test starts once per clause.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPreviewServer } from '../server/previewServer.ts';
import { paymentsOf } from '../server/sandbox/paymentsState.ts';
import type { ClauseId } from './clauseIds.ts';

export interface InProcessSandbox {
  url: string;
  close: () => Promise<void>;
}

/**
 * @param options.contractBreak a clause the sandbox stops keeping (the clause-break test only)
 * @param options.settleAtOnce polling answers its result at once instead of after two "pending" answers
 */
export async function startInProcessSandbox(options: { contractBreak?: ClauseId; settleAtOnce?: boolean } = {}): Promise<InProcessSandbox> {
  const distDir = mkdtempSync(join(tmpdir(), 'contract-sandbox-'));
  const preview = await startPreviewServer({ distDir, port: 0, contractBreak: options.contractBreak });
  if (options.settleAtOnce) paymentsOf(preview.state).pendingPolls = 0;
  return {
    url: preview.url,
    close: async () => {
      await preview.close();
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}
