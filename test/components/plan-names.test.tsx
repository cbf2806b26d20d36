/**
 * Plan names and the guarantee on the paywall, made from the plan data (screens/ui/planNames.ts): in
 * Arabic read in ar-EG their counts are written in the same digits as the prices beside them (Latin in
 * every language: formattingLocale), and in Russian each count takes its grammatical number.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import ar from '../../locales/ar.json';
import ru from '../../locales/ru.json';
import { renderFunnel, setupI18n } from './harness.tsx';

const bundles: Record<string, object> = { ar, ru };

async function openIn(language: string, landingType: string, browserLocales: string[]): Promise<void> {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browserLocales);
  await setupI18n();
  i18next.addResourceBundle(language, 'translation', bundles[language], true, true);
  await act(async () => {
    await i18next.changeLanguage(language);
    await i18next.loadNamespaces('translation');
  });
  await renderFunnel('/signup/plans', { state: (s) => (s.plans.landingType = landingType) });
  await screen.findAllByRole('button', {}, { timeout: 10_000 });
}

const names = (): string[] => [...document.querySelectorAll('.paywall-plan__name')].map((e) => e.textContent ?? '');
const guarantee = (): string => document.querySelector('.paywall__money-back')?.textContent ?? '';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await act(() => i18next.changeLanguage('en'));
});

// the first test also loads the screen's lazy chunk, which takes seconds on a busy machine
describe('plan names on the paywall', { timeout: 20_000 }, () => {
  it('writes Arabic names and the guarantee in the digits of the prices, Latin even for ar-EG', async () => {
    await openIn('ar', 'fullPrice', ['ar-EG', 'en']);
    await waitFor(() => expect(names()).toEqual(['خطة لشهر واحد', 'خطة لمدة 3 أشهر', 'خطة لمدة 6 أشهر']));
    expect(guarantee()).toBe('ضمان استرداد الأموال لمدة 30 يومًا');
    expect(document.querySelector('.paywall-plan__per-price')?.textContent).toContain('1.33');
  });

  it('writes Russian names in the form of each count (1 week, 56 days)', async () => {
    await openIn('ru', 'optionsf', ['ru']);
    await waitFor(() => expect(names()).toEqual(['Тариф на 1 неделю', 'Тариф на 56 дней']));
    expect(guarantee()).toBe('Гарантия возврата денег в течение 30 дней');
  });
});
