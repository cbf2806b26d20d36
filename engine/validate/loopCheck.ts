/**
 * Loops with no way out: a strongly connected set of steps from which no terminal step (one without
 * next) can be reached traps the visitor. Checked for the flows as written and for each variant with
 * its overrides of next applied. Linear in steps + edges (iterative Tarjan, one reverse search).
 */
import { issueAt } from './load.ts';
import type { Project } from './project.ts';
import { quoteList } from './suggest.ts';
import { isObj, ptr, type ValidationIssue } from './types.ts';

type Graph = Map<string, string[]>;

function targets(next: unknown): string[] {
  const raw = typeof next === 'string' ? [next] : isObj(next) ? Object.values(next) : [];
  return raw.filter((t): t is string => typeof t === 'string');
}

/** The strongly connected components of a graph (iterative Tarjan: flows can be very long). */
export function stronglyConnected(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** Steps from which a terminal step (no next), or a target that is not a step, can be reached. */
function canExit(graph: Graph): Set<string> {
  const reverse = new Map<string, string[]>();
  const exits: string[] = [];
  for (const [from, tos] of graph) {
    if (tos.length === 0 || tos.some((t) => !graph.has(t))) exits.push(from);
    for (const to of tos) {
      const froms = reverse.get(to);
      if (froms) froms.push(from);
      else reverse.set(to, [from]);
    }
  }
  const seen = new Set(exits);
  while (exits.length) {
    for (const from of reverse.get(exits.pop()!) ?? []) {
      if (!seen.has(from)) {
        seen.add(from);
        exits.push(from);
      }
    }
  }
  return seen;
}

/** The loops without exit of one graph: components of more than one step, or a step leading to itself. */
export function trappedLoops(graph: Graph): string[][] {
  const exit = canExit(graph);
  return stronglyConnected(graph).filter((c) => !exit.has(c[0]!) && (c.length > 1 || graph.get(c[0]!)!.includes(c[0]!)));
}

/** Every loop with no way out, once per set of steps, at the `next` of its first step in file order. */
export function checkLoops(project: Project): ValidationIssue[] {
  const base: Graph = new Map([...project.steps.values()].map((s) => [s.id, targets(s.next)]));
  const graphs: Array<{ graph: Graph; variant?: string }> = [{ graph: base }];
  for (const v of project.variants) {
    const overrides = isObj(v.value.overrides) ? v.value.overrides : {};
    const changed = Object.entries(overrides).filter(([id, o]) => base.has(id) && isObj(o) && o.next !== undefined);
    if (changed.length)
      graphs.push({ graph: new Map([...base, ...changed.map(([id, o]) => [id, targets((o as { next: unknown }).next)] as const)]), variant: v.id });
  }
  const order = new Map([...project.steps.keys()].map((id, k) => [id, k]));
  const reported = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const { graph, variant } of graphs) {
    for (const loop of trappedLoops(graph)) {
      loop.sort((a, b) => order.get(a)! - order.get(b)!);
      const key = loop.join('\n');
      if (reported.has(key)) continue;
      reported.add(key);
      const first = project.steps.get(loop[0]!)!;
      issues.push(
        issueAt(
          first.doc,
          ptr(first.pointer, 'next'),
          'loop-without-exit',
          `steps ${quoteList(loop, 20)} form a loop with no way out${variant === undefined ? '' : ` in variant "${variant}" (with its overrides)`}: no step without next can be reached from them`,
          'lead one of their nexts (or one outcome) out of the loop, towards a step that ends the flow',
          'key',
        ),
      );
    }
  }
  return issues;
}
