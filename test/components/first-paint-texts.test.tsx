/**
 * The texts of the landing's first screen: the entry step renders with the small translator over the
 * first-paint texts (as a prerendered landing hydrates), and when i18next arrives with the rest of the
 * texts it takes over without changing a word; from then on the chrome follows i18next's language.
 */
import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { createTranslator, setTranslator, useTexts, type TextTree } from '../../engine/react/index.ts';
import { firstPaintKeys, formatPercent, splitTexts } from '../../engine/index.ts';
import { connectTranslator } from '../../engine/react/i18n.ts';
import { funnelData } from '../../screens/flowData.ts';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { renderFunnel } from './harness.tsx';

function Title() {
  const { t, language } = useTexts();
  return (
    <h1 lang={language}>
      {t('landing.title')} {t('a11y.documentTitle', { step: 'A', app: t('a11y.appName') })}
    </h1>
  );
}

describe('first-paint texts', () => {
  it('are the same from the small translator and from i18next, which then follows its language', async () => {
    const { first, rest } = splitTexts(de as TextTree, firstPaintKeys(funnelData));
    setTranslator(createTranslator('de', first));
    render(
      <StrictMode>
        <Title />
      </StrictMode>,
    );
    const german = `${de.landing.title} A · ${de.a11y.appName}`;
    expect(screen.getByRole('heading')).toHaveTextContent(german);
    expect(screen.getByRole('heading')).toHaveAttribute('lang', 'de');

    const instance = i18next.createInstance();
    await instance.init({ lng: 'de', resources: { de: { translation: first }, en: { translation: en } }, interpolation: { escapeValue: false } });
    instance.addResourceBundle('de', 'translation', rest, true, false);
    let disconnect = (): void => {};
    act(() => {
      disconnect = connectTranslator(instance);
    });
    expect(screen.getByRole('heading')).toHaveTextContent(german);
    await act(() => instance.changeLanguage('en'));
    expect(screen.getByRole('heading')).toHaveTextContent(`${en.landing.title} A · ${en.a11y.appName}`);
    expect(screen.getByRole('heading')).toHaveAttribute('lang', 'en');
    disconnect();
  });

  it('render the landing step with the small translator, in the engine as the browser hydrates it', async () => {
    await renderFunnel('/discount');
    const { first } = splitTexts(de as TextTree, firstPaintKeys(funnelData));
    act(() => setTranslator(createTranslator('de', first)));
    expect(await screen.findByRole('heading', { name: de.landing.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: de.common.continue })).toBeInTheDocument();
    // the badge's saving is computed from the variant's plans (tomato is half of tiger), formatted for German,
    // in the wording of a first-payment discount (the catalogue renews tomato at the regular price)
    expect(screen.getByText(de.offerBadge.discount_firstPayment.replace('{{percent}}', formatPercent(0.5, 'de')).replace(/\s+/g, ' '))).toBeInTheDocument();
  });
});
