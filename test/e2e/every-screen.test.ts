/**
 * Every screen of both flows in English and Arabic at 320 px: axe-core (WCAG 2.2 AA) and the layout
 * (no horizontal scrolling, no text over art); the suite is in everyScreen.ts.
 */
import { AXE_LANGUAGES, describeEveryScreen } from './everyScreen.ts';

describeEveryScreen(AXE_LANGUAGES);
