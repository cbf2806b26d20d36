/** The image manifest: every background and illustration, PNG and WebP, desktop and mobile (<= 430 px). */
import welcomePng from './images/welcome.png';
import welcomeWebp from './images/welcome.webp';
import welcomeMobilePng from './images/welcome-mobile.png';
import welcomeMobileWebp from './images/welcome-mobile.webp';
import familyPng from './images/family.png';
import familyWebp from './images/family.webp';
import familyMobilePng from './images/family-mobile.png';
import familyMobileWebp from './images/family-mobile.webp';
import checkLocationPng from './images/check-location.png';
import checkLocationWebp from './images/check-location.webp';
import checkLocationMobilePng from './images/check-location-mobile.png';
import checkLocationMobileWebp from './images/check-location-mobile.webp';
import placeAlertsPng from './images/place-alerts.png';
import placeAlertsWebp from './images/place-alerts.webp';
import placeAlertsMobilePng from './images/place-alerts-mobile.png';
import placeAlertsMobileWebp from './images/place-alerts-mobile.webp';
import crashDetectionPng from './images/crash-detection.png';
import crashDetectionWebp from './images/crash-detection.webp';
import crashDetectionMobilePng from './images/crash-detection-mobile.png';
import crashDetectionMobileWebp from './images/crash-detection-mobile.webp';

export interface ImageSet {
  png: string;
  webp: string;
  mobilePng: string;
  mobileWebp: string;
  /** Intrinsic size of the desktop image, so the layout does not shift while it loads. */
  width: number;
  height: number;
}

export const images: Record<string, ImageSet> = {
  'welcome': { png: welcomePng, webp: welcomeWebp, mobilePng: welcomeMobilePng, mobileWebp: welcomeMobileWebp, width: 1600, height: 1000 },
  'family': { png: familyPng, webp: familyWebp, mobilePng: familyMobilePng, mobileWebp: familyMobileWebp, width: 1600, height: 1000 },
  'check-location': { png: checkLocationPng, webp: checkLocationWebp, mobilePng: checkLocationMobilePng, mobileWebp: checkLocationMobileWebp, width: 640, height: 480 },
  'place-alerts': { png: placeAlertsPng, webp: placeAlertsWebp, mobilePng: placeAlertsMobilePng, mobileWebp: placeAlertsMobileWebp, width: 640, height: 480 },
  'crash-detection': { png: crashDetectionPng, webp: crashDetectionWebp, mobilePng: crashDetectionMobilePng, mobileWebp: crashDetectionMobileWebp, width: 640, height: 480 },
};
