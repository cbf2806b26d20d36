/**
 * The engine's view of a flow file: steps that name a screen type and carry its props. The product's
 * generated types (from its screen schemas) are precise versions of these and assignable to them.
 */

/** A step id that every outcome leads to, or a map from the screen's outcomes to step ids; none: terminal. */
export type Next = string | { [outcome: string]: string };

/** One step of a flow: the screen type it renders with its props, its route and where it leads. */
export interface Step {
  /** A registered screen type. */
  screen: string;
  /** The step's exact route; none for a flow's entry (its variants give it their paths). */
  path?: string;
  /** The screen's props, as its props schema allows. */
  props?: object;
  next?: Next;
  /** Show the progress bar on this step (default true). */
  showProgress?: boolean;
}

/** A funnel: an entry step and a map of steps. */
export interface Flow {
  $schema?: string;
  id: string;
  version: number;
  /** The step a variant's paths open. */
  entry: string;
  steps: { [stepId: string]: Step };
}
