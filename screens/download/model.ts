/** The order of the app-store buttons: the visitor's own platform first. */
import { detectOs } from '../../engine/index.ts';

export type AppStore = 'appStore' | 'googlePlay';

/**
 * Google Play first on Android, the App Store first everywhere else (iOS, and desktop, where the
 * visitor will pick their phone's store themselves).
 * @param os the captured os ("Android 14", "iOS 17.4"); the user agent is read when it is empty
 * @example storeOrder('Android 14') // ['googlePlay', 'appStore']
 */
export function storeOrder(os: string, userAgent = ''): AppStore[] {
  const platform = os && os !== 'unknown' ? os : detectOs(userAgent);
  return platform.startsWith('Android') ? ['googlePlay', 'appStore'] : ['appStore', 'googlePlay'];
}
