/**
 * The versions of the funnel the events were made with (`context.flow_version`, the build's stamp:
 * engine/build/flowVersion.ts). A comparison over events of several versions mixes what visitors were
 * shown; `--by-version` reports each version on its own: the JSON lines are split by version into
 * files of their own, each reported as a whole (events without a stamp form the version "unstamped").
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The name of the events that carry no stamp (made before stamping, or by another tool). */
export const UNSTAMPED = 'unstamped';

/** The version of one JSON line; undefined for a line that is not a JSON object. */
function versionOf(line: string): string | undefined {
  try {
    const message = JSON.parse(line) as { context?: { flow_version?: unknown } } | null;
    if (!message || typeof message !== 'object') return undefined;
    const version = message.context?.flow_version;
    return typeof version === 'string' && version ? version : UNSTAMPED;
  } catch {
    return undefined;
  }
}

async function eachLine(files: string[], fn: (line: string) => void): Promise<void> {
  for (const file of files) {
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) if (line.trim()) fn(line);
  }
}

/** The versions of the events in JSON lines files, with their event counts, most events first. */
export async function versionsIn(files: string[]): Promise<Array<{ version: string; events: number }>> {
  const counts = new Map<string, number>();
  await eachLine(files, (line) => {
    const version = versionOf(line);
    if (version !== undefined) counts.set(version, (counts.get(version) ?? 0) + 1);
  });
  return [...counts].map(([version, events]) => ({ version, events })).sort((a, b) => b.events - a.events);
}

/**
 * The warning a report over several versions prints, or undefined for one version.
 * @example mixedVersionsWarning([{ version: 'a', events: 9 }, { version: 'b', events: 3 }]) // 'warning: the events come from 2 versions …'
 */
export function mixedVersionsWarning(versions: Array<{ version: string; events: number }>): string | undefined {
  if (versions.length < 2) return undefined;
  const list = versions.map((v) => `${v.version} (${v.events} events)`).join(', ');
  return `warning: the events come from ${versions.length} versions of the funnel (${list}): a comparison mixes what visitors were shown; npm run report -- --by-version reports each on its own`;
}

/** Splits JSON lines files by version into one file per version in a temporary folder (lines that are not JSON go with none). */
export async function splitByVersion(files: string[]): Promise<Array<{ version: string; file: string }>> {
  const dir = await mkdtemp(join(tmpdir(), 'funnel-report-versions-'));
  const outputs = new Map<string, WriteStream>();
  const order: string[] = [];
  await eachLine(files, (line) => {
    const version = versionOf(line);
    if (version === undefined) return;
    let out = outputs.get(version);
    if (!out) {
      out = createWriteStream(join(dir, `${order.length}.jsonl`));
      outputs.set(version, out);
      order.push(version);
    }
    out.write(`${line}\n`);
  });
  await Promise.all(
    [...outputs.values()].map((out) => new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())))),
  );
  return order.map((version, k) => ({ version, file: join(dir, `${k}.jsonl`) }));
}
