import { useLayoutEffect, useRef, useState } from 'react';
import { useTexts } from '../../engine/react/index.ts';
import type { ShareCodeProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { useFunnel, useStore } from '../product/hooks.ts';
import type { ScreenPrefetch } from '../../engine/react/index.ts';
import { formatCode, generateCode, isCodeShape } from '../product/family.ts';
import { shareInvite, type ShareApis, type ShareOutcome } from './model.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';
import { prefetchArt } from '../ui/art/prefetchArt.ts';

/** The confirmation shown after each outcome (none after a closed share sheet). */
const STATUS_KEY: Partial<Record<ShareOutcome, string>> = {
  shared: 'family.shareCode.shared',
  copied: 'family.shareCode.copied',
  failed: 'family.shareCode.failed',
};

/** Its illustration downloads while the visitor reads the step before. */
export const prefetch: ScreenPrefetch<ShareCodeProps> = () => prefetchArt('circle');

/** Its render changes nothing (the code is stored in a layout effect), so the engine may lay it out ahead while the step before is read. */
export const warmable = true;

/**
 * The new Circle's invite code (generated once, kept in the persisted family state) with a share
 * button: the device's share sheet where there is one, else copy to the clipboard with a visible
 * confirmation. Skip continues without sharing; after sharing the main button continues.
 */
export default function ShareCodeScreen({ props, next }: ScreenProps<ShareCodeProps>) {
  const { t } = useTexts();
  const { store, snap } = useStore();
  const { analytics } = useFunnel();
  const [status, setStatus] = useState<ShareOutcome | 'idle' | 'busy'>('idle');
  const done = useRef(false);

  // a layout effect: the code is stored in the same commit that first shows the screen
  useLayoutEffect(() => {
    // once per Circle: a reload or a second visit shows the same code
    if (!isCodeShape(store.family.code)) store.family.code = generateCode();
  }, [store]);

  const code = isCodeShape(snap.family.code) ? formatCode(snap.family.code) : '';
  const sent = status === 'shared' || status === 'copied';

  const share = async (): Promise<void> => {
    if (!code || status === 'busy') return;
    setStatus('busy');
    const invite = {
      title: t('family.shareCode.inviteTitle'),
      text: t('family.shareCode.inviteText', { circle: snap.family.circleName, code }),
    };
    const outcome = await shareInvite(navigator as ShareApis, invite);
    analytics.track('circle_code_shared', { outcome });
    setStatus(outcome === 'cancelled' ? 'idle' : outcome);
  };

  const proceed = (): void => {
    if (done.current) return;
    done.current = true;
    next();
  };

  const statusKey = status === 'idle' || status === 'busy' ? undefined : STATUS_KEY[status];
  return (
    <Screen className="share-code" art="circle">
      <TitleBlock title={t(props.title)} text={t(props.text)} />
      <figure className="share-code__card">
        <figcaption className="share-code__caption">{t('family.shareCode.codeLabel')}</figcaption>
        <p className="share-code__code" data-code={snap.family.code}>
          {code || '······'}
        </p>
        {snap.family.circleName ? <p className="share-code__circle">{snap.family.circleName}</p> : null}
      </figure>
      <p className={`share-code__status ${status === 'failed' ? 'share-code__status--failed' : ''}`.trim()} role="status">
        {statusKey ? (
          <>
            {sent ? (
              <span className="share-code__tick" aria-hidden="true">
                ✓
              </span>
            ) : null}
            {t(statusKey)}
          </>
        ) : null}
      </p>
      <div className="share-code__actions">
        {sent ? (
          <>
            <Button onClick={proceed}>{t('common.continue')}</Button>
            <Button variant="secondary" onClick={share}>
              {t('family.shareCode.shareAgain')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={share} disabled={!code || status === 'busy'}>
              {t(props.cta)}
            </Button>
            <Button variant="link" onClick={proceed}>
              {t(props.skip)}
            </Button>
          </>
        )}
      </div>
    </Screen>
  );
}
