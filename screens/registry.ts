/**
 * The typed map of screen type -> lazily loaded component. Adding a screen type: a props schema in
 * schemas/screens/, `npm run gen`, a component, and one line here; the compiler rejects a missing or
 * extra type and props that do not fit the schema.
 */
import { lazyScreen } from '../engine/react/index.ts';
import type { ProductScreenRegistry } from './types/screens.gen.ts';

export const screens = {
  'add-home': lazyScreen(() => import('./add-home/AddHomeScreen.tsx')),
  checkout: lazyScreen(() => import('./checkout/CheckoutScreen.tsx')),
  'checkout-success': lazyScreen(() => import('./checkout-success/CheckoutSuccessScreen.tsx')),
  choice: lazyScreen(() => import('./choice/ChoiceScreen.tsx')),
  'circle-welcome': lazyScreen(() => import('./circle-welcome/CircleWelcomeScreen.tsx')),
  'creating-profile': lazyScreen(() => import('./creating-profile/CreatingProfileScreen.tsx')),
  download: lazyScreen(() => import('./download/DownloadScreen.tsx')),
  'feature-intro': lazyScreen(() => import('./feature-intro/FeatureIntroScreen.tsx')),
  landing: lazyScreen(() => import('./landing/LandingScreen.tsx')),
  offer: lazyScreen(() => import('./offer/OfferScreen.tsx')),
  paywall: lazyScreen(() => import('./paywall/PaywallScreen.tsx')),
  'phone-number': lazyScreen(() => import('./phone-number/PhoneNumberScreen.tsx')),
  quiz: lazyScreen(() => import('./quiz/QuizScreen.tsx')),
  'quiz-fact': lazyScreen(() => import('./quiz-fact/QuizFactScreen.tsx')),
  'quiz-summary': lazyScreen(() => import('./quiz-summary/QuizSummaryScreen.tsx')),
  'quiz-testimonial': lazyScreen(() => import('./quiz-testimonial/QuizTestimonialScreen.tsx')),
  'share-code': lazyScreen(() => import('./share-code/ShareCodeScreen.tsx')),
  'signup-email': lazyScreen(() => import('./signup-email/SignupEmailScreen.tsx')),
  'social-proof': lazyScreen(() => import('./social-proof/SocialProofScreen.tsx')),
  'text-entry': lazyScreen(() => import('./text-entry/TextEntryScreen.tsx')),
} satisfies ProductScreenRegistry;
