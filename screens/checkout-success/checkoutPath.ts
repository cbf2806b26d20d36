/**
 * Where a visitor without a purchase belongs when they open the success step: the path of the
 * checkout step that leads to it (read from the flows, so a renamed route follows), else the home path.
 */
import type { FunnelData } from '../../engine/index.ts';
import { nextTargets } from '../../engine/index.ts';

/** @example checkoutPathBefore(funnelData, '/checkout/success') // '/checkout' */
export function checkoutPathBefore(data: FunnelData, successPath: string): string {
  for (const flow of Object.values(data.flows)) {
    const entries = Object.entries(flow.steps);
    const success = entries.find(([, step]) => step.path === successPath)?.[0];
    if (!success) continue;
    for (const other of Object.values(data.flows)) {
      for (const step of Object.values(other.steps)) {
        if (step.screen === 'checkout' && step.path && nextTargets(step.next).includes(success)) return step.path;
      }
    }
  }
  return '/';
}
