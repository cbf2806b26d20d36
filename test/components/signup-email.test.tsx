import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { httpClientsFor } from '../../screens/product/signup.ts';
import { PERSIST_KEY } from '../../engine/index.ts';
import { ALREADY_REGISTERED, answerWith, SETTINGS_OK, SIGNUP_OK, type FakeReply, type SeenRequest } from '../fakeAxios.ts';
import { funnelData } from '../../screens/flowData.ts';
import { renderFunnel } from './harness.tsx';

const EMAIL_ERROR = 'This email looks wrong. Please check it and try again.';

async function openSignup(reply: (req: SeenRequest) => FakeReply | Promise<FakeReply>, path = '/signup') {
  const f = await renderFunnel(path, { state: (s) => (s.plans.landingType = 'optionsy') });
  const seen = answerWith(httpClientsFor(f.store), f.store, reply);
  const field = await screen.findByLabelText('Email');
  return { ...f, seen, field };
}

const okRoute = (req: SeenRequest): FakeReply => (req.method === 'POST' ? SIGNUP_OK : SETTINGS_OK);

describe('signup-email screen', () => {
  it('shows the e-mail field, the consent note with the links from the flow, and the final carousel dot', async () => {
    await openSignup(okRoute);
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', 'https://geozilla.com/terms-of-use/');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://geozilla.com/privacy-policy/');
    // the carousel's last dot: the signup step of flows/main.json closes the carousel (carouselEnd)
    const signup = funnelData.flows.main!.steps.signup!;
    if (signup.screen !== 'signup-email') throw new Error('the main flow has no signup-email step "signup"');
    expect(signup.props.carouselEnd).toBe(true);
    const dots = screen.getByRole('list', { name: /^Slide (\d+) of \1$/ });
    expect(dots.querySelectorAll('li').length).toBeGreaterThan(1);
    expect(dots.querySelector('[aria-current="step"]')).toBe(dots.querySelector('li:last-child'));
    // an address stays left to right on a right-to-left page, with the e-mail keyboard
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field).toHaveAttribute('dir', 'ltr');
    expect(field).toHaveAttribute('inputmode', 'email');
    expect(field.closest('.fe-field')).toHaveClass('fe-field--ltr');
  });

  it('refuses an address that looks wrong before any call, and clears the message once it looks right', async () => {
    const { seen, field, store, path } = await openSignup(okRoute);
    await userEvent.type(field, 'anna@example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(EMAIL_ERROR);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(seen).toHaveLength(0);
    expect(store.signup.isValid).toBe(false);
    expect(path()).toBe('/signup');
    await userEvent.type(field, '.com');
    expect(screen.queryByText(EMAIL_ERROR)).not.toBeInTheDocument();
  });

  it.each([
    ['a zero-width space', 'an\u200Bna@example.com', 'This email address contains invisible characters (such as zero-width spaces). Please type it again.'],
    [
      'full-width letters',
      '\uFF41\uFF4E\uFF4E\uFF41@example.com',
      'This email address contains look-alike characters (such as full-width letters). Please type it with ordinary letters.',
    ],
  ])('refuses an address with %s and says what is wrong, before any call', async (_what, address, message) => {
    const { seen, field, path } = await openSignup(okRoute);
    await userEvent.click(field);
    await userEvent.paste(address);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(seen).toHaveLength(0);
    expect(path()).toBe('/signup');
  });

  it('an empty submit gets the same message', async () => {
    const { seen } = await openSignup(okRoute);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(EMAIL_ERROR)).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('signs up, keeps the token in session storage only, and moves on to the quiz', async () => {
    // whether the task that answered the signup was over when the payment settings were asked for
    let answerTaskOver = false;
    let settingsAfterAnswerTask: boolean | undefined;
    const { seen, field, store, path, events } = await openSignup((req) => {
      if (req.method === 'POST') setTimeout(() => (answerTaskOver = true), 0);
      else settingsAfterAnswerTask = answerTaskOver;
      return okRoute(req);
    });
    await userEvent.type(field, 'anna@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Whom do you want to locate?' })).toBeInTheDocument();
    expect(path()).toBe('/signup/set-your-options');
    await waitFor(() => expect(store.signup.publishableKey).toBe('pk_test_1'));
    // asked for once the next step is painted and the page idle, not in the task that answers the signup and renders the next step
    expect(settingsAfterAnswerTask).toBe(true);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      loaderOn: true,
      body: { registration_source: 'email', name: 'anna@example.com', email: 'anna@example.com', landing_type: 'optionsy' },
    });
    expect(seen[1]).toMatchObject({ method: 'GET', authorization: 'Bearer tok-123' });
    expect(store.signup).toMatchObject({ email: 'anna@example.com', isSuccess: true, userId: '42', token: 'tok-123', publishableKey: 'pk_test_1' });
    expect(store.loader.show).toBe(false);
    expect(sessionStorage.getItem('access_token')).toBe('tok-123');
    expect(localStorage.getItem(PERSIST_KEY) ?? '').not.toContain('tok-123');
    expect(events.find((e) => e.kind === 'identify')).toMatchObject({ name: '42', props: { email: 'anna@example.com' } });
  });

  it("shows the server's e-mail error in the banner and keeps what was typed", async () => {
    const { field, store, path } = await openSignup(() => ALREADY_REGISTERED);
    await userEvent.type(field, 'taken@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const banner = await screen.findByText('This email is already registered');
    expect(banner.closest('[data-error-type]')).toHaveAttribute('data-error-type', 'signup');
    expect(field).toHaveValue('taken@example.com');
    expect(store.signup.isSuccess).toBe(false);
    expect(store.loader.show).toBe(false);
    expect(path()).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('shows "Failed to create an account" when the server gives no reason', async () => {
    const { field, path } = await openSignup(() => ({ status: 500 }));
    await userEvent.type(field, 'boom@fail.test');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to create an account')).toBeInTheDocument();
    expect(field).toHaveValue('boom@fail.test');
    expect(path()).toBe('/signup');
  });

  it('sends one request for a double submit and disables the button meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { seen, field } = await openSignup(async (req) => {
      if (req.method === 'POST') await gate;
      return okRoute(req);
    });
    await userEvent.type(field, 'anna@example.com');
    const button = screen.getByRole('button', { name: 'Continue' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    await userEvent.type(field, '{Enter}');
    release();
    await screen.findByRole('heading', { name: 'Whom do you want to locate?' });
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('is the same screen on /family/signup with its own title and no carousel dots', async () => {
    const { field } = await openSignup(okRoute, '/family/signup');
    expect(field).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Save your Circle' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Slide/ })).not.toBeInTheDocument();
  });
});
