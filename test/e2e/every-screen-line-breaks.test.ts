/**
 * Every screen of both flows at 320 px in the languages that test line breaking: German (the longest
 * words) and Japanese (no spaces: lines break between phrases); no horizontal scrolling, no text over
 * art. The suite is in everyScreen.ts; every-screen.test.ts checks English and Arabic.
 */
import { AXE_LANGUAGES, describeEveryScreen, LAYOUT_LANGUAGES } from './everyScreen.ts';

describeEveryScreen(LAYOUT_LANGUAGES.filter((language) => !AXE_LANGUAGES.includes(language)));
