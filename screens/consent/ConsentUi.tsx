import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { ConsentStore } from '../../engine/analytics/runtime.ts';
import { useTexts } from '../../engine/react/index.ts';
import type { ConsentChoice } from '../../engine/analytics/index.ts';
import { useHeightOnRoot } from '../ui/useHeightOnRoot.ts';

export interface ConsentUiProps {
  consent: ConsentStore;
}

/**
 * The consent banner (necessary / analytics / marketing; "Reject all" as prominent as "Accept all")
 * and the footer link that opens it again. The banner is a landmark region at the top of the
 * viewport, so it never covers a step's call to action at the bottom, and it traps nothing: the
 * funnel stays usable while it is open. While it is open its height is the CSS variable
 * `--fe-consent-room`, by which a step (not the full-bleed landing) moves down (consent.css):
 * the banner then covers no question, field or headline either.
 */
export function ConsentUi({ consent }: ConsentUiProps) {
  const { t } = useTexts();
  const id = useId();
  const state = useSyncExternalStore(consent.subscribe, consent.get);
  const [open, setOpen] = useState(!state.decided);
  const [choosing, setChoosing] = useState(false);
  const [draft, setDraft] = useState<ConsentChoice>({ analytics: state.analytics, marketing: state.marketing });
  const heading = useRef<HTMLHeadingElement>(null);
  const reopened = useRef(false);

  // the step below moves down by the open banner's height (consent.css)
  const banner = useHeightOnRoot('--fe-consent-room', open);

  useEffect(() => {
    // opened from the footer link: the keyboard and screen-reader user lands on the banner
    if (open && reopened.current) heading.current?.focus();
  }, [open]);

  const decide = (choice: ConsentChoice): void => {
    consent.decide(choice);
    setOpen(false);
    setChoosing(false);
  };
  const reopen = (): void => {
    const current = consent.get();
    setDraft({ analytics: current.analytics, marketing: current.marketing });
    reopened.current = true;
    setChoosing(true);
    setOpen(true);
  };
  const toggle = (key: keyof ConsentChoice) => (e: React.ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [key]: e.target.checked }));

  return (
    <>
      {open ? (
        <section ref={banner} className="consent-banner" aria-labelledby={`${id}-title`} data-testid="consent-banner">
          <h2 className="consent-banner__title" id={`${id}-title`} ref={heading} tabIndex={-1}>
            {t('consent.title')}
          </h2>
          <p className="consent-banner__text">{t('consent.text')}</p>
          {choosing ? (
            <fieldset className="consent-banner__choices">
              <legend className="consent-banner__legend">{t('consent.choose')}</legend>
              <label className="consent-banner__choice">
                <input type="checkbox" checked disabled />
                <span>
                  <strong>{t('consent.necessary')}</strong> {t('consent.necessaryHint')}
                </span>
              </label>
              <label className="consent-banner__choice">
                <input type="checkbox" checked={draft.analytics} onChange={toggle('analytics')} />
                <span>
                  <strong>{t('consent.analytics')}</strong> {t('consent.analyticsHint')}
                </span>
              </label>
              <label className="consent-banner__choice">
                <input type="checkbox" checked={draft.marketing} onChange={toggle('marketing')} />
                <span>
                  <strong>{t('consent.marketing')}</strong> {t('consent.marketingHint')}
                </span>
              </label>
            </fieldset>
          ) : null}
          <div className="consent-banner__actions">
            <button type="button" className="fe-button fe-button--secondary" onClick={() => decide({ analytics: false, marketing: false })}>
              {t('consent.rejectAll')}
            </button>
            <button type="button" className="fe-button fe-button--secondary" onClick={() => decide({ analytics: true, marketing: true })}>
              {t('consent.acceptAll')}
            </button>
            {choosing ? (
              <button type="button" className="fe-button fe-button--link" onClick={() => decide(draft)}>
                {t('consent.save')}
              </button>
            ) : (
              <button type="button" className="fe-button fe-button--link" onClick={() => setChoosing(true)}>
                {t('consent.customize')}
              </button>
            )}
          </div>
        </section>
      ) : null}
      <footer className="consent-footer">
        <button type="button" className="consent-footer__link" onClick={reopen}>
          {t('consent.settings')}
        </button>
      </footer>
    </>
  );
}
