import { screen } from '@testing-library/react';
import { renderFunnel } from './harness.tsx';

const PATH = '/signup/download';
const storeNames = (): string[] => screen.getAllByRole('link').map((a) => a.getAttribute('data-store') ?? '');

describe('download screen', () => {
  it('puts Google Play first on Android, with the URLs from the flow', async () => {
    await renderFunnel(PATH, { state: (s) => Object.assign(s.events, { os: 'Android 14', captured: true }) });
    expect(await screen.findByRole('heading', { name: 'Download the app' })).toBeInTheDocument();
    expect(storeNames()).toEqual(['googlePlay', 'appStore']);
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', 'https://play.google.com/store/apps/details?id=com.geozilla.family');
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', 'https://apps.apple.com/app/id1116524238');
  });

  it('puts the App Store first on iOS', async () => {
    await renderFunnel(PATH, { state: (s) => Object.assign(s.events, { os: 'iOS 17.4', captured: true }) });
    await screen.findByRole('heading', { name: 'Download the app' });
    expect(storeNames()).toEqual(['appStore', 'googlePlay']);
  });

  it('tells the visitor which account to sign in with', async () => {
    await renderFunnel(PATH, { state: (s) => (s.signup.email = 'anna@example.com') });
    expect(await screen.findByText('Sign in with anna@example.com to unlock Premium in the app.')).toBeInTheDocument();
  });

  it('without a known address, says to use the e-mail from the funnel', async () => {
    await renderFunnel(PATH);
    expect(await screen.findByText('Sign in with the e-mail you used here to unlock Premium in the app.')).toBeInTheDocument();
  });
});
