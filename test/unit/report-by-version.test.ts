/**
 * `npm run report` and the funnel's versions (`context.flow_version`): a log of two versions warns that
 * a comparison mixes them, and `--by-version` writes one report per version, with every event in the
 * report of its own version. The log is simulated, then stamped by visitor.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFunnelData } from '../../engine/validate/index.ts';
import { DEFAULT_OPTIONS, simulationModel } from '../../scripts/report/simulator.ts';
import { writeEventLog } from '../../scripts/report/simWriter.ts';
import { mixedVersionsWarning, splitByVersion, versionsIn } from '../../scripts/report/versions.ts';

const root = new URL('../../', import.meta.url).pathname;
const VERSIONS = ['1111aaaa2222+c0ffee', '3333bbbb4444+decaf0'];
let dir: string;
let log: string;
let lines: Array<{ anonymousId: string; context: Record<string, unknown> }>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'report-versions-'));
  const raw = join(dir, 'raw.jsonl');
  writeEventLog(raw, simulationModel(await loadFunnelData()), { visitors: 200, seed: 3, start: Date.UTC(2026, 0, 1), days: 2, simulation: DEFAULT_OPTIONS });
  // a visitor's events all come from one version: half the visitors each
  const visitors = new Map<string, number>();
  lines = readFileSync(raw, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { anonymousId: string; context: Record<string, unknown> });
  for (const m of lines) {
    if (!visitors.has(m.anonymousId)) visitors.set(m.anonymousId, visitors.size % 2);
    m.context = { ...m.context, flow_version: VERSIONS[visitors.get(m.anonymousId)!] };
  }
  log = join(dir, 'events.jsonl');
  writeFileSync(log, lines.map((m) => JSON.stringify(m)).join('\n') + '\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const countOf = (version: string): number => lines.filter((m) => m.context.flow_version === version).length;

describe('report by version', () => {
  it('counts the events of each version and warns when there are several', async () => {
    const versions = await versionsIn([log]);
    expect(new Map(versions.map((v) => [v.version, v.events]))).toEqual(new Map(VERSIONS.map((v) => [v, countOf(v)])));
    const warning = mixedVersionsWarning(versions)!;
    for (const v of VERSIONS) expect(warning).toContain(v);
    expect(mixedVersionsWarning(versions.slice(0, 1))).toBeUndefined();
  });

  it('splits the log into one file per version, each event in its own version', async () => {
    const parts = await splitByVersion([log]);
    expect(parts.map((p) => p.version).sort()).toEqual([...VERSIONS].sort());
    for (const part of parts) {
      const own = readFileSync(part.file, 'utf8').split('\n').filter(Boolean);
      expect(own.length).toBe(countOf(part.version));
      expect(own.every((l) => (JSON.parse(l) as { context: { flow_version: string } }).context.flow_version === part.version)).toBe(true);
    }
  });

  it('npm run report warns over mixed versions and, with --by-version, writes a report per version', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/report/cli.ts', log, '--quiet', ...args], { cwd: root, encoding: 'utf8' });
    const mixed = run('--html', join(dir, 'all.html'));
    expect(mixed.status, mixed.stderr).toBe(0);
    expect(mixed.stderr).toContain('2 versions of the funnel');
    const split = run('--by-version', '--html', join(dir, 'r.html'));
    expect(split.status, split.stderr).toBe(0);
    expect(split.stderr).not.toContain('versions of the funnel');
    for (const v of VERSIONS) {
      expect(split.stdout).toContain(`=== version ${v} ===`);
      expect(existsSync(join(dir, `r.${v.replace(/[^a-zA-Z0-9_-]+/g, '_')}.html`))).toBe(true);
    }
  });
});
