/** What one side of a review (scripts/review/side.ts) hands back to the comparison. */
import type { FunnelData } from '../../engine/core/flowGraph.ts';
import type { Finding, ReviewScreen, TextTree } from '../../engine/review/index.ts';

export interface Sentence {
  label: string;
  text: string;
}

export interface SideBytes {
  /** The landing's script: the entry and its static imports, raw and gzip. */
  landingJs: number;
  landingJsGzip: number;
  /** The prerendered page of "/", raw and gzip. */
  landingHtml: number;
  landingHtmlGzip: number;
  /** Every prerendered page together. */
  allHtml: number;
}

export interface SideSnapshot {
  data: FunnelData;
  texts: Record<string, TextTree>;
  languages: string[];
  screens: ReviewScreen[];
  /** plan name → language → sentences. */
  prices: Record<string, Record<string, Sentence[]>>;
  findings: Finding[];
  bytes: SideBytes;
}

/** One screenshot a side takes: the screen (by review id) in a language at a width, into `file`. */
export interface ShotTask {
  id: string;
  language: string;
  width: number;
  file: string;
}
