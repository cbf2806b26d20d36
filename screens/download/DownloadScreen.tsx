import { useTexts } from '../../engine/react/index.ts';
import type { DownloadProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { useStore } from '../product/hooks.ts';
import { storeOrder } from './model.ts';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';
import { Logo } from '../ui/Logo.tsx';
import { DesktopQr } from './DesktopQr.tsx';
import { StoreBadge } from './StoreBadge.tsx';
import { DESKTOP_QUERY, useMediaQuery } from './useMediaQuery.ts';
import { EmailAddress, TextWithValue } from '../ui/TextWithValue.tsx';
import { InviteFamily } from './InviteFamily.tsx';

/** Its render changes nothing, so the engine may lay it out ahead while the step before is read. */
export const warmable = true;

/**
 * The last screen: App Store and Google Play buttons, the visitor's own platform first, and whom to
 * sign in as, then (props.invite) the invitation into the visitor's Circle when they have one. On a
 * computer, a QR code beside them takes the download to the visitor's phone.
 */
export default function DownloadScreen({ props }: ScreenProps<DownloadProps>) {
  const { t } = useTexts();
  const { snap } = useStore();
  const order = storeOrder(snap.events.os || snap.plans.os, typeof navigator === 'undefined' ? '' : navigator.userAgent);
  const urls = { appStore: props.appStoreUrl, googlePlay: props.googlePlayUrl };
  const email = snap.signup.email;
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <Screen className={`download ${desktop ? 'download--desktop' : ''}`.trim()} wide={desktop}>
      <div className="download__main">
        <Logo name={t('a11y.appName')} markOnly size={88} className="download__icon" />
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
          {email ? (
            <TextWithValue text={(slot) => t('download.signInHint', { email: slot })} value={<EmailAddress address={email} />} />
          ) : (
            t('download.signInHintNoEmail')
          )}
        </p>
        {props.invite ? <InviteFamily texts={props.invite} /> : null}
      </div>
      {desktop ? <DesktopQr order={order} urls={urls} /> : null}
    </Screen>
  );
}
