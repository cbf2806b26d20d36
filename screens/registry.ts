/**
 * The typed map of screen type -> lazily loaded component. Adding a screen type: a props schema in
 * schemas/screens/, `npm run gen`, a component, and one line here; the compiler rejects a missing or
 * extra type and props that do not fit the schema.
 */
import { lazyScreen } from '../engine/react/lazyScreen.ts';
import type { ScreenRegistry } from '../engine/react/types.ts';

export const screens = {
  'feature-intro': lazyScreen(() => import('./feature-intro/FeatureIntroScreen.tsx')),
  landing: lazyScreen(() => import('./landing/LandingScreen.tsx')),
} satisfies ScreenRegistry;
