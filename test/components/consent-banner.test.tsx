import { StrictMode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createConsentStore } from '../../engine/analytics/runtime.ts';
import zoneTable from 'countries-and-timezones';
import { ruleFor, type ConsentRules } from '../../engine/analytics/index.ts';
import { ConsentUi } from '../../screens/consent/ConsentUi.tsx';
import consentFile from '../../flows/consent.json';
import en from '../../locales/en.json';
import { setupI18n } from './harness.tsx';

const RULES = consentFile as unknown as ConsentRules;

async function renderBanner(timeZone = 'Europe/Berlin') {
  await setupI18n();
  const consent = createConsentStore(RULES, ruleFor(RULES, timeZone, 'fullPrice', zoneTable.getTimezone(timeZone)?.countries ?? []));
  render(
    <StrictMode>
      <ConsentUi consent={consent} />
    </StrictMode>,
  );
  return { consent, user: userEvent.setup() };
}

const region = () => screen.queryByRole('region', { name: en.consent.title });

beforeEach(() => localStorage.clear());

describe('consent banner', () => {
  it('asks a visitor the rules say to ask, with Reject all as prominent as Accept all, and remembers Accept all', async () => {
    const { consent, user } = await renderBanner();
    expect(region()).toHaveTextContent(en.consent.text);
    const reject = screen.getByRole('button', { name: en.consent.rejectAll });
    const accept = screen.getByRole('button', { name: en.consent.acceptAll });
    expect(reject.className).toBe(accept.className);
    await user.click(accept);
    expect(region()).toBeNull();
    expect(consent.get()).toEqual({ analytics: true, marketing: true, decided: true });
    expect(JSON.parse(localStorage.getItem('consent')!)).toMatchObject({ v: 1, analytics: true, marketing: true });
  });

  it('gives its height to the page while it is open (--fe-consent-room, by which a step moves down on phones), and takes it back once answered', async () => {
    // jsdom lays nothing out: the banner's height is given here as a browser would measure it
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('consent-banner') ? 118 : 0;
    });
    const { user } = await renderBanner();
    const room = () => document.documentElement.style.getPropertyValue('--fe-consent-room');
    expect(room()).toBe('118px');
    await user.click(screen.getByRole('button', { name: en.consent.acceptAll }));
    expect(room()).toBe('');
    height.mockRestore();
  });

  it('Reject all refuses analytics and marketing', async () => {
    const { consent, user } = await renderBanner();
    await user.click(screen.getByRole('button', { name: en.consent.rejectAll }));
    expect(consent.get()).toEqual({ analytics: false, marketing: false, decided: true });
    expect(region()).toBeNull();
  });

  it('Choose shows the three categories (necessary always on) and saves exactly what was ticked', async () => {
    const { consent, user } = await renderBanner();
    await user.click(screen.getByRole('button', { name: en.consent.customize }));
    const group = screen.getByRole('group', { name: en.consent.choose });
    expect(group).toBeInTheDocument();
    const necessary = screen.getByRole('checkbox', { name: new RegExp(en.consent.necessary) });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: new RegExp(en.consent.analytics) }));
    expect(screen.getByRole('checkbox', { name: new RegExp(en.consent.marketing) })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: en.consent.save }));
    expect(consent.get()).toEqual({ analytics: true, marketing: false, decided: true });
  });

  it('shows no banner where the rules do not ask, but the footer link opens the choice with the current values and moves focus to it', async () => {
    const { consent, user } = await renderBanner('America/New_York');
    expect(region()).toBeNull();
    await user.click(screen.getByRole('button', { name: en.consent.settings }));
    expect(region()).not.toBeNull();
    expect(screen.getByRole('heading', { name: en.consent.title })).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: new RegExp(en.consent.analytics) })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: new RegExp(en.consent.marketing) }));
    await user.click(screen.getByRole('button', { name: en.consent.save }));
    expect(consent.get()).toEqual({ analytics: true, marketing: false, decided: true });
  });
});
