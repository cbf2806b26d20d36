/** A build from another flows folder takes every data file from it, those imported directly by the product's modules too. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { flowsDirPlugin } from '../../engine/build/index.ts';

const root = mkdtempSync(join(tmpdir(), 'flows-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function bundle(flowsDir: string): Promise<string> {
  const result = await esbuild.build({
    stdin: {
      contents: "import rules from '../flows/consent.json'; import other from '../flows/only-here.json'; console.log(rules.from, other.from);",
      resolveDir: join(root, 'screens'),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    plugins: [flowsDirPlugin(join(root, 'flows'), flowsDir)],
  });
  return result.outputFiles[0]!.text;
}

describe('flowsDirPlugin', () => {
  mkdirSync(join(root, 'screens'));
  mkdirSync(join(root, 'flows'));
  mkdirSync(join(root, 'copy'));
  writeFileSync(join(root, 'flows/consent.json'), JSON.stringify({ from: 'project' }));
  writeFileSync(join(root, 'flows/only-here.json'), JSON.stringify({ from: 'project-only' }));
  writeFileSync(join(root, 'copy/consent.json'), JSON.stringify({ from: 'copy' }));

  it("redirects a file of the project's flows folder to the same file of the other folder, where it has one", async () => {
    const text = await bundle(join(root, 'copy'));
    expect(text).toContain('"copy"');
    expect(text).not.toContain('"project"');
    expect(text).toContain('"project-only"'); // the copy lacks it: the project's file stays
  });

  it("changes nothing for the project's own folder", async () => {
    expect(await bundle(join(root, 'flows'))).toContain('"project"');
  });
});
