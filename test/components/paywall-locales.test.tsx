/**
 * The paywall in Russian, Arabic and Japanese: durations in each count's plural form, Arabic numbers in
 * Latin digits whatever the visitor's full locale, prices kept left to right inside the right-to-left page.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import ar from '../../locales/ar.json';
import ja from '../../locales/ja.json';
import ru from '../../locales/ru.json';
import { renderFunnel, setupI18n } from './harness.tsx';

const LRI = '\u2066';
const PDI = '\u2069';
const bundles: Record<string, object> = { ar, ja, ru };
/** The Arabic words between a plan's price and its length ("لمدة": for a period of), from the Arabic texts. */
const AR_FOR = ar.paywall.priceFor.replace('{{price}}', '').replace('{{duration}}', '');

async function openIn(language: string, landingType: string, browserLocales: string[] = [language], path = '/signup/plans'): Promise<void> {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browserLocales);
  await setupI18n();
  i18next.addResourceBundle(language, 'translation', bundles[language], true, true);
  await act(async () => {
    await i18next.changeLanguage(language);
    await i18next.loadNamespaces('translation');
  });
  await renderFunnel(path, { state: (s) => (s.plans.landingType = landingType) });
  await screen.findAllByRole('button', {}, { timeout: 10_000 });
}

const totals = (): string[] => [...document.querySelectorAll('.paywall-plan__total')].map((e) => e.textContent ?? '');
const terms = (): string => document.querySelector('.paywall__terms')?.textContent ?? '';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await act(() => i18next.changeLanguage('en'));
});

// the first test also loads the screen's lazy chunk, which takes seconds on a busy machine
describe('paywall in other languages', { timeout: 20_000 }, () => {
  it('writes Russian durations in the form of each count (1, 3, 6 months; 1 week, 56 days)', async () => {
    await openIn('ru', 'fullPrice');
    await waitFor(() => expect(totals()).toEqual(['39,96\u00a0$ за 1 месяц', '59,88\u00a0$ за 3 месяца', '71,76\u00a0$ за 6 месяцев']));
    expect(terms()).toBe(
      'Подписка продлевается автоматически за 59,88\u00a0$ каждые 3 месяца, пока вы её не отмените. Отменить подписку можно в любой момент в настройках приложения.',
    );
  });

  it('writes Russian weeks and days', async () => {
    await openIn('ru', 'optionsf');
    await waitFor(() => expect(totals()).toEqual(['9,99\u00a0$ за 1 неделю', '47,92\u00a0$ за 56 дней']));
  });

  it('writes Arabic durations in the one and many forms', async () => {
    await openIn('ar', 'optionsf');
    await waitFor(() => expect(totals()).toEqual([`${LRI}\u200f9.99\u00a0US$${PDI}${AR_FOR}أسبوع واحد`, `${LRI}\u200f47.92\u00a0US$${PDI}${AR_FOR}56 يومًا`]));
  });

  it('writes every Arabic number in Latin digits, even in a locale whose Intl default is Arabic-Indic, and isolates prices left to right', async () => {
    // ar-EG alone would make Intl write ٣٩٫٩٦ beside the "3 أشهر" of the texts: one script for every number
    await openIn('ar', 'fullPrice', ['ar-EG', 'en']);
    await waitFor(() =>
      expect(totals()).toEqual([
        `${LRI}\u200f39.96\u00a0US$${PDI}${AR_FOR}شهر واحد`,
        `${LRI}\u200f59.88\u00a0US$${PDI}${AR_FOR}3 أشهر`,
        `${LRI}\u200f71.76\u00a0US$${PDI}${AR_FOR}6 أشهر`,
      ]),
    );
    const perDay = document.querySelectorAll('.paywall-plan__per-price');
    expect([...perDay].map((e) => [e.tagName, e.getAttribute('dir'), e.textContent])).toEqual([
      ['BDI', 'ltr', '\u200f1.33\u00a0US$'],
      ['BDI', 'ltr', '\u200f0.67\u00a0US$'],
      ['BDI', 'ltr', '\u200f0.40\u00a0US$'],
    ]);
    expect(terms()).toContain(`${LRI}\u200f59.88\u00a0US$${PDI} كل 3 أشهر`);
    // savings, the rating, the review count, the stars: no Arabic-Indic or Persian digit anywhere on the page
    expect(document.querySelector('.paywall-plan__badge--saving')?.textContent).toMatch(/\d+/);
    expect(document.body.textContent).toMatch(/\d\.\d/);
    expect(document.body.textContent).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    const labels = [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join(' ');
    expect(labels).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });

  it('writes Japanese durations without plural forms', async () => {
    await openIn('ja', 'fullPrice');
    await waitFor(() => expect(totals()).toEqual(['1か月で$39.96', '3か月で$59.88', '6か月で$71.76']));
    expect(terms()).toBe('解約するまで3か月ごとに$59.88で自動更新されます。アプリの設定からいつでも解約できます。');
  });

  it('writes the Arabic and Russian family offer with its trial days and cadence', async () => {
    await openIn('ar', 'family', ['ar'], '/family/offer');
    await waitFor(() => expect(document.querySelector('.offer__badge')).toHaveTextContent('تجربة مجانية لمدة 3 أيام'));
    expect(document.querySelector('.offer__row:last-child dd')?.firstChild?.textContent).toBe(`${LRI}\u200f29.99\u00a0US$${PDI} شهريًا`);
    cleanup();
    await openIn('ru', 'family', ['ru'], '/family/offer');
    await waitFor(() => expect(document.querySelector('.offer__badge')).toHaveTextContent('3 дня бесплатно'));
  });
});
