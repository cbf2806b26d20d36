/**
 * The screens' illustrations: hand-drawn flat SVG files (made by scripts/art.ts), each imported as a
 * URL (never inlined into JS), all drawn on a 480 x 400 canvas.
 */
import checkLocation from './check-location.svg';
import placeAlerts from './place-alerts.svg';
import crashDetection from './crash-detection.svg';
import fallDetection from './fall-detection.svg';
import family from './family.svg';
import circle from './circle.svg';

export const ART_WIDTH = 480;
export const ART_HEIGHT = 400;

export const art: Record<string, string> = {
  'check-location': checkLocation,
  'place-alerts': placeAlerts,
  'crash-detection': crashDetection,
  'fall-detection': fallDetection,
  family: family,
  circle: circle,
};
