import { useId, useState } from 'react';
import { useTexts } from '../../engine/react/index.ts';
import type { DownloadProps } from '../types/flow.gen.ts';
import { useFunnel, useStore } from '../product/hooks.ts';
import { formatCode, isCodeShape } from '../product/family.ts';
import { shareInvite, type ShareApis, type ShareOutcome } from '../share-code/model.ts';
import { Button } from '../ui/Button.tsx';

/** The confirmation after each outcome (none after a closed share sheet), as on the share-code step. */
const STATUS_KEY: Partial<Record<ShareOutcome, string>> = {
  shared: 'family.shareCode.shared',
  copied: 'family.shareCode.copied',
  failed: 'family.shareCode.failed',
};

/**
 * On the download page, the invitation into the visitor's Circle (the one created or joined in the
 * family funnel): its invite code and a share button, the device's share sheet or else the
 * clipboard, with the same invite text as the share-code step. Nothing without a Circle code.
 */
export function InviteFamily({ texts }: { texts: NonNullable<DownloadProps['invite']> }) {
  const { t } = useTexts();
  const { snap } = useStore();
  const { analytics } = useFunnel();
  const id = useId();
  const [status, setStatus] = useState<ShareOutcome | 'idle' | 'busy'>('idle');
  if (!isCodeShape(snap.family.code)) return null;
  const code = formatCode(snap.family.code);

  const share = async (): Promise<void> => {
    if (status === 'busy') return;
    setStatus('busy');
    const invite = { title: t('family.shareCode.inviteTitle'), text: t('family.shareCode.inviteText', { circle: snap.family.circleName, code }) };
    const outcome = await shareInvite(navigator as ShareApis, invite);
    analytics.track('circle_code_shared', { outcome });
    setStatus(outcome === 'cancelled' ? 'idle' : outcome);
  };
  const statusKey = status === 'idle' || status === 'busy' ? undefined : STATUS_KEY[status];
  return (
    <section className="download-invite" aria-labelledby={`${id}-title`} data-testid="download-invite">
      <h2 className="download-invite__title" id={`${id}-title`}>
        {t(texts.title)}
      </h2>
      <p className="download-invite__text">{t(texts.text)}</p>
      <p className="download-invite__code" data-code={snap.family.code} aria-label={t('family.shareCode.codeLabel')}>
        <bdi dir="ltr">{code}</bdi>
      </p>
      <Button variant="secondary" onClick={() => void share()} disabled={status === 'busy'}>
        {t(texts.cta)}
      </Button>
      <p className={`download-invite__status ${status === 'failed' ? 'download-invite__status--failed' : ''}`.trim()} role="status">
        {statusKey ? t(statusKey) : null}
      </p>
    </section>
  );
}
