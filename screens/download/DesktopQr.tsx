import { useState } from 'react';
import { useTexts } from '../../engine/react/index.ts';
import type { AppStore } from './model.ts';
import { QrCode } from './QrCode.tsx';

/**
 * For a visitor on a computer: a QR code to scan with their phone, for the phone's store. A computer
 * cannot tell which phone the visitor has, so an iPhone / Android switch picks the link it encodes.
 */
export function DesktopQr({ order, urls }: { order: AppStore[]; urls: Record<AppStore, string> }) {
  const { t } = useTexts();
  const [store, setStore] = useState<AppStore>(order[0]!);
  return (
    <section className="download-qr" aria-labelledby="download-qr-title">
      <QrCode text={urls[store]} label={t('downloadQr.label')} />
      <div className="download-qr__copy">
        <h2 className="download-qr__title" id="download-qr-title">
          {t('downloadQr.title')}
        </h2>
        <p className="download-qr__text">{t('downloadQr.text')}</p>
        <div className="download-qr__switch" role="group" aria-label={t('downloadQr.phone')}>
          {(['appStore', 'googlePlay'] as const).map((s) => (
            <button key={s} type="button" aria-pressed={store === s} data-store={s} onClick={() => setStore(s)}>
              {s === 'appStore' ? 'iPhone' : 'Android'}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
