import { useTranslation } from 'react-i18next';
import type { DownloadProps } from '../../engine/types/flow.gen.ts';
import type { ScreenProps } from '../../engine/react/types.ts';
import { useStore } from '../../engine/react/hooks.ts';
import { storeOrder } from '../../engine/core/appStores.ts';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';
import { StoreBadge } from './StoreBadge.tsx';

/** The last screen: App Store and Google Play buttons, the visitor's own platform first, and whom to sign in as. */
export default function DownloadScreen({ props }: ScreenProps<DownloadProps>) {
  const { t } = useTranslation();
  const { snap } = useStore();
  const order = storeOrder(snap.events.os || snap.plans.os, typeof navigator === 'undefined' ? '' : navigator.userAgent);
  const urls = { appStore: props.appStoreUrl, googlePlay: props.googlePlayUrl };
  const email = snap.signup.email;
  return (
    <Screen className="download">
      <div className="download__icon" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
          <rect x="12" y="4" width="24" height="40" rx="5" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M24 14v14m-6-6l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M21 38h6" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      </div>
      <TitleBlock title={t(props.title)} text={t(props.text)} />
      <div className="download__badges">
        {order.map((store) => (
          <StoreBadge
            key={store}
            store={store}
            href={urls[store]}
            caption={t(store === 'appStore' ? 'download.appStoreCaption' : 'download.googlePlayCaption')}
            name={store === 'appStore' ? 'App Store' : 'Google Play'}
          />
        ))}
      </div>
      <p className="download__hint">
        {email ? t('download.signInHint', { email }) : t('download.signInHintNoEmail')}
      </p>
    </Screen>
  );
}
