/**
 * A step that waits for the backend before it moves on (the signup, an invite code's lookup) has the
 * step it leads to rendered out of sight meanwhile (prepareNext, React's Activity): the answer then
 * only shows it. Out of sight it is hidden, after the step on screen, without its effects (no page
 * view, no reservation started); shown, it is the same element, with what the answer brought. A step
 * whose render may be thrown away is rendered out of sight once while the step before is read, only to
 * be laid out ahead, then dropped.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { funnelData } from '../../screens/flowData.ts';
import { httpClientsFor } from '../../screens/product/signup.ts';
import { screens } from '../../screens/registry.ts';
import { lazyScreen } from '../../engine/react/index.ts';
import type { AnalyticsEvent } from '../../engine/index.ts';
import { answerWith, SETTINGS_OK, SIGNUP_OK, type FakeReply } from '../fakeAxios.ts';
import { renderFunnel } from './harness.tsx';
import en from '../../locales/en.json';

const family = funnelData.flows.family!.steps;
const signupPath = family['family-signup']!.path!;
const offerPath = family['family-offer']!.path!;

/** A reply held until the test lets it go. */
function heldReply(): { reply: Promise<FakeReply>; answer: (reply: FakeReply) => void } {
  let answer!: (reply: FakeReply) => void;
  const reply = new Promise<FakeReply>((resolve) => (answer = resolve));
  return { reply, answer };
}

const stepMain = (stepId: string): HTMLElement | null => document.querySelector<HTMLElement>(`main[data-step="${stepId}"]`);
const pageViews = (events: AnalyticsEvent[], stepId: string): AnalyticsEvent[] => events.filter((e) => e.kind === 'page' && e.props.step === stepId);

async function submitFamilySignup() {
  await screens.offer.preload();
  const signup = heldReply();
  const f = await renderFunnel(signupPath, { state: (s) => (s.family.name = 'Anna') });
  answerWith(httpClientsFor(f.store), f.store, (req) => (req.method === 'POST' ? signup.reply : SETTINGS_OK));
  await userEvent.type(await screen.findByLabelText('Email'), 'anna@example.com');
  await userEvent.click(screen.getByRole('button', { name: en.common.continue }));
  return { f, signup };
}

describe('a step prepared while the backend answers', () => {
  it('renders the offer hidden behind the signup, without its effects, then shows that same element when the account exists', async () => {
    const { f, signup } = await submitFamilySignup();
    await waitFor(() => expect(stepMain('family-offer')).not.toBeNull());
    const prepared = stepMain('family-offer')!;
    // out of sight, after the step on screen: the first main[data-step] is still the signup
    expect(prepared).not.toBeVisible();
    expect(document.querySelector('main[data-step]')).toBe(stepMain('family-signup'));
    expect(prepared.querySelector('h1')).toHaveTextContent(en.family.offer.title);
    // no effect of the offer has run: no page view, and its reservation has not started
    expect(pageViews(f.events, 'family-offer')).toHaveLength(0);
    expect(f.store.family.offerStartedAt).toBe(0);
    expect(f.path()).toBe(signupPath);

    const answeredAt = Date.now();
    await act(async () => signup.answer(SIGNUP_OK));
    await waitFor(() => expect(f.path()).toBe(offerPath));
    expect(stepMain('family-signup')).toBeNull();
    // the element rendered out of sight is the one shown: the move rendered no new offer
    expect(stepMain('family-offer')).toBe(prepared);
    expect(prepared).toBeVisible();
    // its page view comes when it is shown, after the signup's step_completed, as for a step rendered on the move
    await waitFor(() => expect(pageViews(f.events, 'family-offer').length).toBeGreaterThan(0));
    const completed = f.events.findIndex((e) => e.name === 'step_completed' && e.props.step === 'family-signup');
    expect(completed).toBeGreaterThan(-1);
    expect(f.events.indexOf(pageViews(f.events, 'family-offer')[0]!)).toBeGreaterThan(completed);
    // the reservation starts when the offer is shown, not when it was prepared
    expect(f.store.family.offerStartedAt).toBeGreaterThanOrEqual(answeredAt);
    expect(screen.getByRole('timer')).toHaveTextContent('15:00');
  });

  it('drops the prepared step when the signup fails, and keeps the visitor and the address on the signup', async () => {
    const { f, signup } = await submitFamilySignup();
    await waitFor(() => expect(stepMain('family-offer')).not.toBeNull());
    await act(async () => signup.answer({ status: 422, data: { errors: { info: { email: 'This email is already registered' } } } }));
    await waitFor(() => expect(stepMain('family-offer')).toBeNull());
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already registered');
    expect(f.path()).toBe(signupPath);
    expect(screen.getByLabelText('Email')).toHaveValue('anna@example.com');
    expect(pageViews(f.events, 'family-offer')).toHaveLength(0);
  });

  it('shows what the answer brought on the prepared step: the Circle’s name from the invite code’s lookup', async () => {
    await screens['circle-welcome'].preload();
    const lookup = heldReply();
    const f = await renderFunnel(family['enter-code']!.path!, { state: (s) => Object.assign(s.family, { name: 'James', circleAction: 'join' }) });
    answerWith(httpClientsFor(f.store), f.store, () => lookup.reply);
    await userEvent.type(await screen.findByLabelText(en.family.code.label), 'k7p-4qx');
    await userEvent.click(screen.getByRole('button', { name: en.family.code.join }));
    await waitFor(() => expect(stepMain('circle-joined')).not.toBeNull());
    const prepared = stepMain('circle-joined')!;
    expect(prepared).not.toBeVisible();

    await act(async () => lookup.answer({ status: 200, data: { circle: { code: 'K7P4QX', name: 'Smith family' } } }));
    await waitFor(() => expect(f.path()).toBe(family['circle-joined']!.path));
    expect(stepMain('circle-joined')).toBe(prepared);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.family.joined.title.replace('{{circle}}', 'Smith family'));
  });

  it('prepares only a screen that says it may render before it is shown, once its code is here', async () => {
    const plain = lazyScreen(async () => ({ default: () => null }));
    const preparable = lazyScreen(async () => ({ default: () => null, preparable: true }));
    expect(preparable.preparable()).toBe(false); // its code has not arrived
    await Promise.all([plain.preload(), preparable.preload()]);
    expect(plain.preparable()).toBe(false);
    expect(preparable.preparable()).toBe(true);
    // the checkout takes the purchase under way and its dates as it renders: never prepared
    await screens.checkout.preload();
    expect(screens.checkout.preparable()).toBe(false);
  });

  it('lays out only a screen whose render may be thrown away (warmable, or preparable), once its code is here', async () => {
    const plain = lazyScreen(async () => ({ default: () => null }));
    const warmable = lazyScreen(async () => ({ default: () => null, warmable: true }));
    const preparable = lazyScreen(async () => ({ default: () => null, preparable: true }));
    expect(warmable.warmable()).toBe(false); // its code has not arrived
    await Promise.all([plain.preload(), warmable.preload(), preparable.preload()]);
    expect([plain.warmable(), warmable.warmable(), preparable.warmable()]).toEqual([false, true, true]);
    expect(warmable.preparable()).toBe(false);
    // the checkout's render only reads: it may be laid out ahead; the success step restores the receipt as it renders
    await Promise.all([screens.checkout.preload(), screens['checkout-success'].preload()]);
    expect(screens.checkout.warmable()).toBe(true);
    expect(screens['checkout-success'].warmable()).toBe(false);
  });
});

describe('the next step laid out ahead while this one is read', () => {
  /** Idle callbacks that run when the test says so (jsdom has none: the engine lays nothing out ahead there). */
  function idleCallbacks() {
    const queue = new Map<number, () => void>();
    let id = 0;
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => (queue.set(++id, fn), id));
    vi.stubGlobal('cancelIdleCallback', (n: number) => queue.delete(n));
    return async (): Promise<void> => {
      await act(async () => {
        const due = [...queue.values()];
        queue.clear();
        due.forEach((fn) => fn());
      });
    };
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('renders the checkout outside the page on the paywall, lays out its copy beside the paywall, drops it, and renders the checkout anew on Continue', async () => {
    await screens.checkout.preload();
    const runIdle = idleCallbacks();
    const laidOut: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      if (this.tagName === 'MAIN')
        laidOut.push(`${this.style.visibility}:${this.querySelector('h1')?.textContent ?? ''}:after ${this.previousElementSibling?.getAttribute('data-step')}`);
      return 0;
    });
    const observer = new MutationObserver(() => {
      // the step rendered only to be laid out is never in the page: only its copy, with no data-step
      if (stepMain('checkout')) laidOut.push('checkout in the page');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const f = await renderFunnel('/signup/plans');
    await screen.findByRole('button', { name: en.common.continue });
    // idle moments: the downloads for the next step, then its render out of sight, then its copy
    for (let i = 0; i < 6 && laidOut.length === 0; i++) await runIdle();
    expect(laidOut).toEqual([`hidden:${en.checkout.needsSignup.title}:after plans`]);
    // its copy went in the same task; nothing of the checkout ran: no event, the paywall still the step on screen
    expect(document.body).not.toHaveTextContent(en.checkout.needsSignup.title);
    expect(f.events.filter((e) => e.props.step === 'checkout' || e.name === 'Checkout Started')).toEqual([]);
    expect(document.querySelector('main[data-step]')).toBe(stepMain('plans'));

    // a later visit to the paywall's type of next step is not laid out again
    await runIdle();
    expect(laidOut).toHaveLength(1);
    observer.disconnect();

    await userEvent.click(screen.getByRole('button', { name: en.common.continue }));
    await waitFor(() => expect(f.path()).toBe('/checkout'));
    expect(await screen.findByRole('heading', { name: en.checkout.needsSignup.title })).toBeVisible();
  });
});
