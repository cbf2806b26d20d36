import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderFunnel } from './harness.tsx';

const PATH = '/signup/download';
/** The paragraph whose whole text is `text`, whatever elements it is split into (an address sits in its own). */
const paragraph = (text: string) => screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === text);
const storeNames = (): string[] => screen.getAllByRole('link').map((a) => a.getAttribute('data-store') ?? '');

describe('download screen', () => {
  it('puts Google Play first on Android, with the URLs from the flow', async () => {
    await renderFunnel(PATH, { state: (s) => Object.assign(s.events, { os: 'Android 14', captured: true }) });
    expect(await screen.findByRole('heading', { name: 'Download the app' })).toBeInTheDocument();
    expect(storeNames()).toEqual(['googlePlay', 'appStore']);
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps/details?id=com.geozilla.family',
    );
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', 'https://apps.apple.com/app/id1116524238');
  });

  it('puts the App Store first on iOS', async () => {
    await renderFunnel(PATH, { state: (s) => Object.assign(s.events, { os: 'iOS 17.4', captured: true }) });
    await screen.findByRole('heading', { name: 'Download the app' });
    expect(storeNames()).toEqual(['appStore', 'googlePlay']);
  });

  it('tells the visitor which account to sign in with', async () => {
    await renderFunnel(PATH, { state: (s) => (s.signup.email = 'anna@example.com') });
    expect(await paragraph('Sign in with anna@example.com to unlock Premium in the app.')).toBeInTheDocument();
  });

  it('keeps the address whole and left to right in the sentence: it may wrap only before its "@"', async () => {
    await renderFunnel(PATH, { state: (s) => (s.signup.email = 'anna-maria@example-mail.com') });
    const hint = await paragraph('Sign in with anna-maria@example-mail.com to unlock Premium in the app.');
    const address = hint.querySelector('bdi')!;
    expect(address).toHaveAttribute('dir', 'ltr');
    expect([...address.querySelectorAll('.fe-address__part')].map((part) => part.textContent)).toEqual(['anna-maria', '@example-mail.com']);
    expect(address.querySelector('wbr')).not.toBeNull();
  });

  it('without a known address, says to use the email from the funnel', async () => {
    await renderFunnel(PATH);
    expect(await screen.findByText('Sign in with the email you used here to unlock Premium in the app.')).toBeInTheDocument();
  });
});

/** Makes matchMedia answer `matches` for every query (jsdom has none). */
function stubMatchMedia(matches: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('download screen on a computer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a QR code of the first store link beside the badges, and the switch re-encodes it for Android', async () => {
    stubMatchMedia(true);
    await renderFunnel(PATH);
    const code = await screen.findByRole('img', { name: 'QR code with the app download link' });
    expect(code.closest('[data-qr-text]')).toHaveAttribute('data-qr-text', 'https://apps.apple.com/app/id1116524238');
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByRole('heading', { name: 'On a computer?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'iPhone' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Android' }));
    await waitFor(() =>
      expect(document.querySelector('[data-qr-text]')).toHaveAttribute('data-qr-text', 'https://play.google.com/store/apps/details?id=com.geozilla.family'),
    );
    expect(screen.getByRole('button', { name: 'Android' })).toHaveAttribute('aria-pressed', 'true');
    // the store badges stay, with their links
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', 'https://apps.apple.com/app/id1116524238');
  });

  it('shows no QR code on a phone', async () => {
    stubMatchMedia(false);
    await renderFunnel(PATH);
    await screen.findByRole('heading', { name: 'Download the app' });
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'On a computer?' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'QR code with the app download link' })).toBeNull();
  });
});
