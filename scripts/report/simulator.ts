/**
 * A seeded simulation of the funnel's visitors, to prove the report's statistics on data whose truth
 * is known. Each visitor lands on a path, is assigned by the same GrowthBook hash the funnel uses (or
 * by forced split weights, to plant a broken split), walks the variant's real flow graph from flows/
 * (continuing each step with a set chance, choosing among a step's outcomes evenly), signs up, buys
 * the variant's plan and maybe the upsell. `simulateVisitor` gives a visitor's walk (the statistical
 * tests aggregate these directly); `visitorMessages` turns a walk into the Segment messages the
 * funnel would send, which the report reads.
 */
import { experimentForPath, hashedVariant, type Experiment, type FunnelData } from '../../engine/index.ts';
import { allFunnels, landingOfPath, type FunnelStep, type LandingFunnel } from './flowModel.ts';

/** sfc32, a small fast PRNG with 128 bits of state, seeded through splitmix32. */
export function createRandom(seed: number): () => number {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}

export interface SimulationOptions {
  /** Landing paths visitors arrive on, chosen evenly. */
  paths: string[];
  /** Chance to go on from a step to the next (the same for every step unless `stepRates` says otherwise). */
  continueRate: number;
  /** Per step id, the chance to go on from it (the checkout step's is the purchase rate of those who reach it). */
  stepRates?: Record<string, number>;
  /** Chance that a buyer also buys the upsell. */
  upsellRate: number;
  /** Chance that a buyer picks the variant's default plan (otherwise another of its plans, evenly). */
  defaultPlanShare: number;
  /** A planted effect: the checkout's rate of this landing type is multiplied by 1 + relative. */
  lift?: { variant: string; relative: number };
  /** Split weights per experiment id that replace the declared ones (a broken split). */
  forcedSplit?: Record<string, number[]>;
  /** UTM sources, chosen evenly ('' = none). */
  sources: string[];
}

export const DEFAULT_OPTIONS: SimulationOptions = {
  paths: ['/latam', '/', '/discount', '/family'],
  continueRate: 0.86,
  stepRates: { checkout: 0.22 },
  upsellRate: 0.25,
  defaultPlanShare: 0.7,
  sources: ['facebook', 'google', 'tiktok', ''],
};

export interface WalkedStep {
  id: string;
  /** The outcome the visitor left it with; undefined where the visitor dropped off. */
  outcome?: string;
  next?: string;
}

export interface VisitorWalk {
  visitorId: string;
  path: string;
  landingType: string;
  source: string;
  /** The experiment and variation when the path is split by a running experiment. */
  experiment?: { id: string; variation: string };
  steps: WalkedStep[];
  signedUp: boolean;
  plan?: string;
  /** What the plan cost (0 without a purchase). */
  purchase: number;
  /** What the upsell cost (0 without one). */
  upsell: number;
}

/** What the simulation reads from the flow files once. */
export interface SimulationModel {
  data: FunnelData;
  funnels: Map<string, LandingFunnel>;
  stepsById: Map<string, Map<string, FunnelStep>>;
  /** [outcome, target] pairs of each step, made once (the walk is the hot loop of the statistics tests). */
  outcomeList: Map<FunnelStep, Array<[string, string]>>;
  upsell: { name: string; price: number };
}

export function simulationModel(data: FunnelData): SimulationModel {
  const funnels = allFunnels(data);
  const stepsById = new Map([...funnels].map(([id, f]) => [id, new Map(f.steps.map((s) => [s.id, s]))]));
  const upsell = (data.plans as unknown as { upsell: { name: string; price: number } }).upsell;
  const outcomeList = new Map(
    [...funnels.values()].flatMap((f) => f.steps.map((s) => [s, Object.entries(s.outcomes)] as [FunnelStep, Array<[string, string]>])),
  );
  return { data, funnels, stepsById, outcomeList, upsell };
}

const hex8 = (random: () => number): string =>
  Math.floor(random() * 4294967296)
    .toString(16)
    .padStart(8, '0');

/** A version-4-shaped uuid from the PRNG. */
export function randomUuid(random: () => number): string {
  const a = hex8(random);
  const b = hex8(random);
  const c = hex8(random);
  const d = hex8(random);
  return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${'89ab'[Number.parseInt(c[0]!, 16) & 3]}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

function assignment(model: SimulationModel, options: SimulationOptions, path: string, visitorId: string): { id: string; variation: string } | undefined {
  const found = experimentForPath(model.data.experiments, path);
  if (!found || found[1].status !== 'running') return undefined;
  const [id, experiment] = found as [string, Experiment];
  // a forced split (relative weights) replaces the declared weights, as shares of 1
  const forced = options.forcedSplit?.[id];
  const total = forced?.reduce((sum, w) => sum + w, 0) ?? 0;
  const variation = hashedVariant(id, forced ? { ...experiment, weights: forced.map((w) => w / total) as Experiment['weights'] } : experiment, visitorId);
  return variation ? { id, variation } : undefined;
}

const planOf = (model: SimulationModel, landingType: string, random: () => number, options: SimulationOptions): { name: string; price: number } => {
  const variant = model.data.landings[landingType] as { plans: string[]; defaultPlan: string };
  const others = variant.plans.filter((p) => p !== variant.defaultPlan);
  const name = random() < options.defaultPlanShare || !others.length ? variant.defaultPlan : others[Math.floor(random() * others.length)]!;
  const plans = (model.data.plans as unknown as { plans: Record<string, { price: number }> }).plans;
  return { name, price: plans[name]?.price ?? 0 };
};

/** One visitor's walk through the funnel. */
export function simulateVisitor(model: SimulationModel, options: SimulationOptions, random: () => number): VisitorWalk {
  const visitorId = randomUuid(random);
  const path = options.paths[Math.floor(random() * options.paths.length)]!;
  const source = options.sources[Math.floor(random() * options.sources.length)] ?? '';
  const experiment = assignment(model, options, path, visitorId);
  const landingType = experiment?.variation ?? landingOfPath(model.data, path);
  if (!landingType) throw new Error(`no landing variant serves ${path}`);
  const funnel = model.funnels.get(landingType)!;
  const steps = model.stepsById.get(landingType)!;
  const walk: VisitorWalk = { visitorId, path, landingType, source, experiment, steps: [], signedUp: false, purchase: 0, upsell: 0 };
  const visited = new Set<string>();
  let current: FunnelStep | undefined = funnel.steps[0];
  while (current) {
    visited.add(current.id);
    const step: WalkedStep = { id: current.id };
    walk.steps.push(step);
    if (current.screen === 'checkout-success' && walk.purchase > 0 && random() < options.upsellRate) walk.upsell = model.upsell.price;
    let rate = options.stepRates?.[current.id] ?? options.continueRate;
    if (current.screen === 'checkout' && options.lift?.variant === landingType) rate = Math.min(1, rate * (1 + options.lift.relative));
    const all = model.outcomeList.get(current)!;
    const choices = all.length === 1 && !visited.has(all[0]![1]) ? all : all.filter(([, target]) => !visited.has(target));
    if (!choices.length || random() >= rate) break;
    const [outcome, next] = choices[Math.floor(random() * choices.length)]!;
    step.outcome = outcome;
    step.next = next;
    if (current.screen === 'signup-email') walk.signedUp = true;
    if (current.screen === 'paywall' || current.screen === 'offer') walk.plan = planOf(model, landingType, random, options).name;
    if (current.screen === 'checkout') {
      walk.plan ??= (model.data.landings[landingType] as { defaultPlan: string }).defaultPlan;
      walk.purchase = (model.data.plans as unknown as { plans: Record<string, { price: number }> }).plans[walk.plan]?.price ?? 0;
    }
    current = steps.get(next);
  }
  return walk;
}
