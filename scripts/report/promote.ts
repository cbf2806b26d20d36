/**
 * `npm run report -- --promote <experiment>`: from the report's decision to the flow change. When the
 * report names a winner, the experiment is ended with it: in flows/experiments.json its "status"
 * becomes "stopped" and its "winner" the winning variation, which everyone then gets (the engine's
 * rule for a stopped experiment). The edit is minimal (the file parsed by jsonc-parser, which gives
 * each value's place: only those two values change, every other byte, key order and indentation stay), so it reads as an ordinary change in
 * review. Refused while the report names no winner, and for an experiment already stopped.
 */
import { applyEdits, findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { Report } from './model.ts';

export class PromotionRefused extends Error {}

/** The text of experiments.json with `experimentId` stopped and `winner` set, every other byte kept. */
export function promotionEdit(text: string, experimentId: string, winner: string): string {
  const tree = parseTree(text);
  const experiment = tree && findNodeAtLocation(tree, [experimentId]);
  if (!experiment || experiment.type !== 'object' || !experiment.children?.length)
    throw new PromotionRefused(`experiments.json has no experiment "${experimentId}"`);
  const edits: Array<{ offset: number; length: number; content: string }> = [];
  const replace = (key: string, value: string): boolean => {
    const node = findNodeAtLocation(experiment, [key]);
    if (node) edits.push({ offset: node.offset, length: node.length, content: JSON.stringify(value) });
    return node !== undefined;
  };
  replace('status', 'stopped');
  if (!replace('winner', winner)) {
    // after the last key, on a line of its own indented like it when the object spans lines
    const last = experiment.children.at(-1)!;
    const lineStart = text.lastIndexOf('\n', last.offset) + 1;
    const multiline = text.slice(experiment.offset, experiment.offset + experiment.length).includes('\n');
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const separator = multiline ? `${eol}${/^[ \t]*/.exec(text.slice(lineStart))![0]}` : ' ';
    edits.push({ offset: last.offset + last.length, length: 0, content: `,${separator}"winner": ${JSON.stringify(winner)}` });
  }
  return applyEdits(text, edits);
}

/** The winner the report establishes for an experiment, or the reason there is none to promote. */
export function winnerToPromote(report: Report, experimentId: string): string {
  const e = report.experiments.find((x) => x.id === experimentId);
  if (!e) throw new PromotionRefused(`the report has no experiment "${experimentId}" (${report.experiments.map((x) => x.id).join(', ') || 'none ran'})`);
  if (e.status !== 'running') throw new PromotionRefused(`experiment "${experimentId}" is already ${e.status}`);
  if (e.decision.kind !== 'winner' || !e.decision.winner) throw new PromotionRefused(`no winner established for "${experimentId}": ${e.decision.headline}`);
  return e.decision.winner;
}
