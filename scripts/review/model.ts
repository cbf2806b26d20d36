/** What a review found, as the report page, the summary and review.json read it. */
import type { FunnelData } from '../../engine/core/flowGraph.ts';
import type { Finding, FlowChange, MemberChanges, RebucketWarning, TextChange } from '../../engine/review/index.ts';
import type { SideBytes } from './types.ts';

/** One screen in one language at one width, as rendered on both sides. */
export interface ScreenResult {
  id: string;
  language: string;
  width: number;
  /** Why the review rendered it (the changes that can alter it). */
  reasons: string[];
  /** changed: pixels differ; unchanged: identical; added: only after; failed: a side could not show it. */
  status: 'changed' | 'unchanged' | 'added' | 'failed';
  /** Image files relative to the report (kept for changed and added screens only). */
  before?: string;
  after?: string;
  diff?: string;
  changedPixels?: number;
  error?: string;
}

/** One price sentence of a plan, in one language, that reads differently. */
export interface PriceChange {
  plan: string;
  language: string;
  label: string;
  before?: string;
  after?: string;
}

export interface TrafficChange {
  path: string;
  before: Record<string, number>;
  after: Record<string, number>;
  experimentId?: string;
  targeted: boolean;
}

export interface Review {
  base: { ref: string; commit: string };
  changedFiles: string[];
  texts: TextChange[];
  flows: FlowChange[];
  variants: MemberChanges;
  plans: MemberChanges;
  screens: ScreenResult[];
  /** Screens of the base that the current version no longer has. */
  removedScreens: string[];
  /** Screens (with their language) a change can alter that a limited review left out. */
  notRendered: string[];
  prices: PriceChange[];
  traffic: TrafficChange[];
  rebucket: RebucketWarning[];
  findings: { added: Finding[]; removed: Finding[] };
  bytes: { before: SideBytes; after: SideBytes };
  beforeData: FunnelData;
  afterData: FunnelData;
  /** The lines at the top of the report, to paste into a pull request. */
  summary: string[];
}
