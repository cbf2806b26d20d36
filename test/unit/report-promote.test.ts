/**
 * `--promote`: from the report's winner to the flow change. The edit of experiments.json changes the
 * experiment's status and adds its winner and nothing else (every other line byte for byte), and it is
 * refused while the report names no winner.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { experimentEntries, experimentForPath, type Experiments, type FunnelData } from '../../engine/index.ts';
import { loadFunnelData } from '../../engine/validate/index.ts';
import { LATAM_OFFER, LATAM_OFFER_FILE, LATAM_OFFER_ID } from '../fixtures/latamOffer.ts';
import { buildReport } from '../../scripts/report/analyse.ts';
import { promotionEdit, PromotionRefused, winnerToPromote } from '../../scripts/report/promote.ts';
import { DEFAULT_OPTIONS, simulationModel } from '../../scripts/report/simulator.ts';
import { writeEventLog } from '../../scripts/report/simWriter.ts';

let dir: string;
let data: FunnelData;
let arms: string[];
let paths: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'report-promote-'));
  data = { ...(await loadFunnelData()), experiments: LATAM_OFFER };
  const [, experiment] = experimentEntries(data.experiments).find(([id]) => id === LATAM_OFFER_ID)!;
  arms = experiment.variations;
  paths = experiment.paths;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The report of a simulated log of the example experiment, with a planted lift for its second arm. */
async function reportWithLift(name: string, visitors: number, relative: number) {
  const file = join(dir, `${name}.jsonl`);
  writeEventLog(file, simulationModel(data), {
    visitors,
    seed: 5,
    start: Date.UTC(2026, 0, 1),
    days: 14,
    simulation: { ...DEFAULT_OPTIONS, paths, lift: { variant: arms[1]!, relative } },
  });
  return buildReport(data, [{ path: file, format: 'jsonl' }]);
}

describe('promoting an experiment', () => {
  it('stops the experiment with the winner the report establishes, changing only those lines', async () => {
    const report = await reportWithLift('lift', 30_000, 0.4);
    const winner = winnerToPromote(report, LATAM_OFFER_ID);
    expect(winner).toBe(arms[1]);
    const before = readFileSync(LATAM_OFFER_FILE, 'utf8');
    const after = promotionEdit(before, LATAM_OFFER_ID, winner);
    const [a, b] = [before.split('\n'), after.split('\n')];
    // the status line changes, the last key's line gains a comma, the winner's line is added: nothing else
    expect(b.length).toBe(a.length + 1);
    const removed = a.filter((line) => !b.includes(line));
    const added = b.filter((line) => !a.includes(line));
    const status = removed.find((l) => l.includes('"status"'))!;
    const last = removed.find((l) => l !== status)!;
    expect(removed).toHaveLength(2);
    expect(added).toEqual([status.replace('"running"', '"stopped"'), `${last},`, `${/^\s*/.exec(last)![0]}"winner": "${winner}"`]);
    // the engine now gives every visitor of the path the winner
    const experiments = JSON.parse(after) as Experiments;
    expect(experimentForPath(experiments, paths[0]!)![1]).toMatchObject({ status: 'stopped', winner });
  }, 120_000);

  it('adds the winner inside a one-line experiment and replaces one already there', () => {
    const text =
      '{\n  "a": { "paths": ["/"], "status": "running", "variations": ["x", "y"] },\n  "b": {\n    "status": "running",\n    "winner": "x"\n  }\n}\n';
    expect(promotionEdit(text, 'a', 'y')).toBe(
      text.replace('"status": "running", "variations": ["x", "y"] }', '"status": "stopped", "variations": ["x", "y"], "winner": "y" }'),
    );
    expect(promotionEdit(text, 'b', 'y')).toBe(text.replace('"status": "running",\n    "winner": "x"', '"status": "stopped",\n    "winner": "y"'));
    expect(() => promotionEdit(text, 'c', 'y')).toThrow(PromotionRefused);
  });

  it('refuses while no winner is established, and for an experiment the report does not have', async () => {
    const report = await reportWithLift('undecided', 2000, 0);
    expect(report.experiments[0]!.decision.kind).not.toBe('winner');
    expect(() => winnerToPromote(report, LATAM_OFFER_ID)).toThrow(/no winner established for "latam-offer": No winner yet/);
    expect(() => winnerToPromote(report, 'missing')).toThrow(PromotionRefused);
  }, 120_000);
});
