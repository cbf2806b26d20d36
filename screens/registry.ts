/**
 * The typed map of screen type -> lazily loaded component. Adding a screen type: a props schema in
 * schemas/screens/, `npm run gen`, a component, and one line here; the compiler rejects a missing or
 * extra type and props that do not fit the schema.
 */
import { lazyScreen } from '../engine/react/lazyScreen.ts';
import type { ScreenRegistry } from '../engine/react/types.ts';

export const screens = {
  'creating-profile': lazyScreen(() => import('./creating-profile/CreatingProfileScreen.tsx')),
  download: lazyScreen(() => import('./download/DownloadScreen.tsx')),
  'feature-intro': lazyScreen(() => import('./feature-intro/FeatureIntroScreen.tsx')),
  landing: lazyScreen(() => import('./landing/LandingScreen.tsx')),
  paywall: lazyScreen(() => import('./paywall/PaywallScreen.tsx')),
  quiz: lazyScreen(() => import('./quiz/QuizScreen.tsx')),
  'signup-email': lazyScreen(() => import('./signup-email/SignupEmailScreen.tsx')),
} satisfies ScreenRegistry;
