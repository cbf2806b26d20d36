/**
 * The milestones of a free trial (no React), from the plan's data alone: today (what is due now),
 * the reminder the day before the trial ends, the first charge the day it ends. Never typed numbers:
 * a trial of another length or price moves every day, date and amount with it.
 */
import { periodEnd, planPricing, type Plan } from '../../engine/index.ts';

/** One milestone: what happens, on which day of the trial (0 is today) and at which date. */
export interface TrialMilestone {
  kind: 'today' | 'reminder' | 'billing';
  day: number;
  date: Date;
}

/** The trial's milestones, or none for a plan without a trial. A one-day trial has no separate reminder. */
export function trialMilestones(plan: Plan, now: Date): TrialMilestone[] {
  const { trialDays } = planPricing(plan);
  if (trialDays <= 0) return [];
  const on = (day: number): Date => periodEnd(now, { count: day, unit: 'day' });
  const milestones: TrialMilestone[] = [{ kind: 'today', day: 0, date: now }];
  if (trialDays >= 2) milestones.push({ kind: 'reminder', day: trialDays - 1, date: on(trialDays - 1) });
  milestones.push({ kind: 'billing', day: trialDays, date: on(trialDays) });
  return milestones;
}
