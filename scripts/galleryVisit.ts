/**
 * Opens one screen in a browser with the data a visitor who walked there would have: the persisted
 * store (local storage, engine/core/persistence.ts), the session's access token from a real sandbox
 * signup, the navigation history and, after the checkout, the purchase receipt. Waits until the
 * screen is really shown (not the loader, not a redirect, not its signed-out state). Shared by
 * `npm run gallery` and the accessibility and layout e2e tests.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { getVariant, type FunnelData } from '../engine/core/flowGraph.ts';
import { PERSIST_KEY, PERSIST_VERSION } from '../engine/core/persistence.ts';
import { HISTORY_KEY } from '../engine/core/history.ts';
import { ACCESS_TOKEN_KEY } from '../engine/core/startup.ts';
import { parseBind } from '../engine/core/binding.ts';
import { RECEIPT_KEY, type Receipt } from '../engine/payments/receipt.ts';
import { accountKey } from '../engine/payments/account.ts';
import { SANDBOX_PUBLISHABLE_KEY } from './server/sandbox/account.ts';
import { browserLocale } from '../engine/core/languages.ts';
import project from '../funnel.config.ts';
import { funnelData } from '../screens/flowData.ts';
import type { GalleryScreen } from './galleryScreens.ts';

/** The browser locale of a language (Accept-Language and navigator.languages follow it). */
const localeOf = (language: string): string => browserLocale(project.languages, language);

/** What a visitor types on the family screens (text-entry fields by rule). */
const TYPED: Record<string, string> = { name: 'Anna', circleName: 'Miller family', code: 'K7P4QX' };

export interface SeededStorage {
  local: Record<string, string>;
  session: Record<string, string>;
}

interface Account {
  email: string;
  token: string;
  userId: string;
}

const accounts = new Map<string, Promise<Account>>();

const purchases = new Map<string, Promise<{ id: string; finalPrice: number; regularPrice: number }>>();

/**
 * A real sandbox purchase of `plan` for the account (a test card, the subscription call, its polling),
 * once per server, landing type and plan: the success step confirms its receipt with the server.
 */
function sandboxPurchase(
  baseUrl: string,
  account: Account,
  landingType: string,
  plan: string,
): Promise<{ id: string; finalPrice: number; regularPrice: number }> {
  const key = `${baseUrl} ${landingType} ${plan}`;
  let purchase = purchases.get(key);
  if (!purchase) {
    const call = async (path: string, init: RequestInit = {}, token = account.token): Promise<{ status: number; body: Record<string, unknown> }> => {
      const res = await fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    purchase = (async () => {
      // the card gateway takes the publishable key, as Stripe does
      const card = { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' }, billing_details: { name: 'Anna' } };
      const method = await call('/sandbox/stripe/v1/payment_methods', { method: 'POST', body: JSON.stringify(card) }, SANDBOX_PUBLISHABLE_KEY);
      if (method.status !== 200) throw new Error(`sandbox payment method answered ${method.status}`);
      const started = await call(`/sandbox/portal/api/v1/users/me/subscriptions/polling/${plan}`, {
        method: 'POST',
        headers: { 'idempotency-key': `gallery-${plan}-${account.userId}` },
        body: JSON.stringify({ gateway: 'stripe', payment_method_nonce: method.body.id, fb_event_id: `gallery-${account.userId}`, landing_type: landingType }),
      });
      const pollingId = (started.body.data as { polling_result_id?: string } | undefined)?.polling_result_id;
      if (!pollingId) throw new Error(`sandbox subscription answered ${started.status}: ${JSON.stringify(started.body)}`);
      for (let attempt = 0; attempt < 30; attempt++) {
        const result = await call(`/sandbox/portal/api/v1/polling/get-result/${pollingId}`);
        const data = (result.body.data as { result_data?: Record<string, unknown> } | undefined)?.result_data;
        if (result.status === 200 && data?.status === 'succeeded')
          return { id: String(data.subscription_id), finalPrice: Number(data.price_with_discount), regularPrice: Number(data.regular_price) };
        if (result.status !== 202) throw new Error(`sandbox polling answered ${result.status}: ${JSON.stringify(result.body)}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
      throw new Error('the sandbox purchase did not finish within 30 s');
    })();
    purchases.set(key, purchase);
  }
  return purchase;
}

const circleNames = new Map<string, Promise<string>>();

/**
 * The name of the Circle an invite code opens, as the sandbox's lookup answers it (the join branch's
 * welcome); asked once per server and code (the sandbox limits lookups per address).
 */
function sandboxCircleName(baseUrl: string, code: string): Promise<string> {
  const key = `${baseUrl} ${code}`;
  let name = circleNames.get(key);
  if (!name) {
    name = fetch(`${baseUrl}/sandbox/webapi/api/v1/circles/${encodeURIComponent(code)}`).then(async (res) => {
      if (!res.ok) throw new Error(`sandbox circle lookup of ${code} answered ${res.status}`);
      return ((await res.json()) as { circle: { name: string } }).circle.name;
    });
    circleNames.set(key, name);
  }
  return name;
}

/** One sandbox account per server and landing type, created through the sandbox's signup call. */
function sandboxAccount(baseUrl: string, landingType: string): Promise<Account> {
  const key = `${baseUrl} ${landingType}`;
  let account = accounts.get(key);
  if (!account) {
    // short and unique, as a visitor's own address would look on the screens that show it
    const email = `anna.${Math.random().toString(36).slice(2, 8)}@example.com`;
    account = fetch(`${baseUrl}/sandbox/webapi/api/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ registration_source: 'email', name: email, email, landing_type: landingType }),
    }).then(async (res) => {
      if (!res.ok) throw new Error(`sandbox signup answered ${res.status}`);
      const body = (await res.json()) as { access_token: string; entity: { geozilla_user_id: string } };
      return { email, token: body.access_token, userId: body.entity.geozilla_user_id };
    });
    accounts.set(key, account);
  }
  return account;
}

/**
 * The storage a visitor has on arriving at `screen`: each step walked leaves what its screen stores.
 * @example await seededStorage(screens[8], 'http://127.0.0.1:8080') // { local: { 'persist:root': … }, session: { access_token: … } }
 */
export async function seededStorage(screen: GalleryScreen, baseUrl: string, data: FunnelData = funnelData): Promise<SeededStorage> {
  const variant = getVariant(data.landings, screen.variantId)!;
  const plans: Record<string, unknown> = { landingType: screen.variantId };
  const signup: Record<string, unknown> = {};
  const family: Record<string, unknown> = {};
  // the persisted slices a bind may name (a bind elsewhere starts its slice here)
  const slices: Record<string, Record<string, unknown>> = { plans, signup, family };
  const bound = (bind: string, value: string): void => {
    const { slice, field } = parseBind(bind);
    (slices[slice] ??= {})[field] = value;
  };
  const analyticsData: Record<string, string> = {};
  const session: Record<string, string> = {};
  const history: string[] = [];
  for (const { step, outcome } of screen.walked) {
    history.push(step.path ?? variant.paths[0]!);
    switch (step.screen) {
      case 'signup-email': {
        const account = await sandboxAccount(baseUrl, screen.variantId);
        Object.assign(signup, { email: account.email, isValid: true, isSuccess: true, userId: account.userId });
        session[ACCESS_TOKEN_KEY] = account.token;
        break;
      }
      case 'quiz':
        for (const q of step.props.questions) analyticsData[`quiz_${q.id}`] = q.answers[0]!.id;
        break;
      case 'paywall':
        plans.plan = variant.defaultPlan;
        break;
      case 'checkout': {
        const plan = data.plans.plans[(plans.plan as string | undefined) ?? variant.defaultPlan]!;
        // a purchase the sandbox made for real: the success step shows a receipt only once the server confirms it
        const buyer = await sandboxAccount(baseUrl, screen.variantId);
        const bought = await sandboxPurchase(baseUrl, buyer, screen.variantId, plan.name);
        const receipt: Receipt = {
          plan: plan.name,
          id: bought.id,
          finalPrice: bought.finalPrice,
          regularPrice: bought.regularPrice,
          discountPercentage: bought.regularPrice > 0 ? ((bought.regularPrice - bought.finalPrice) / bought.regularPrice) * 100 : 0,
          paymentMethodId: 'pm_gallery_card',
          paymentMethodAccount: accountKey(buyer.userId, buyer.email),
          upsellData: { success: null, finalPrice: 0, regularPrice: 0 },
          upsellClosed: false,
        };
        plans.checkoutVisited = true;
        session[RECEIPT_KEY] = JSON.stringify(receipt);
        break;
      }
      case 'phone-number':
        Object.assign(family, { phone: '+12025550143', phoneCountry: 'US' });
        break;
      case 'text-entry':
        bound(step.props.bind, TYPED[step.props.rule] ?? 'Anna');
        if (step.props.verify === 'circle') family.circleName = await sandboxCircleName(baseUrl, TYPED.code!);
        break;
      case 'choice':
        if (step.props.bind) bound(step.props.bind, outcome ?? step.props.options[0]!.id);
        break;
      case 'share-code':
        family.code = TYPED.code;
        break;
      case 'add-home':
        family.home = '221B Baker Street, London';
        break;
      case 'offer':
        family.offerStartedAt = Date.now() - 60_000;
        break;
      default:
        break;
    }
  }
  history.push(screen.path);
  session[HISTORY_KEY] = JSON.stringify(history);
  const root = { version: PERSIST_VERSION, ...slices, events: { analyticsData, utm_source: 'organic' }, ui: {} };
  return { local: { [PERSIST_KEY]: JSON.stringify(root) }, session };
}

export interface VisitOptions {
  baseUrl: string;
  language: string;
  width: number;
  height?: number;
}

export interface Visit {
  context: BrowserContext;
  page: Page;
}

/**
 * Opens `screen` in a fresh browser context (own storage, language and viewport) with its seeded
 * data and waits until it is ready to look at. Throws when the screen redirected elsewhere or
 * stayed behind the loader. Close `visit.context` when done.
 */
export async function visitScreen(browser: Browser, screen: GalleryScreen, options: VisitOptions): Promise<Visit> {
  const storage = await seededStorage(screen, options.baseUrl);
  const context = await browser.newContext({
    locale: localeOf(options.language),
    viewport: { width: options.width, height: options.height ?? 800 },
    reducedMotion: 'reduce',
  });
  await context.addInitScript((seed: SeededStorage) => {
    // once per context: a reload keeps what the page itself stored since
    if (sessionStorage.getItem('gallery:seeded')) return;
    sessionStorage.setItem('gallery:seeded', '1');
    for (const [k, v] of Object.entries(seed.local)) localStorage.setItem(k, v);
    for (const [k, v] of Object.entries(seed.session)) sessionStorage.setItem(k, v);
  }, storage);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  try {
    await page.goto(`${options.baseUrl}${screen.path}`);
    await waitUntilShown(page, screen);
  } catch (error) {
    await context.close();
    throw error;
  }
  return { context, page };
}

/** The step's heading is up, no loader covers it, fonts and images are in, and the URL is still the screen's. */
export async function waitUntilShown(page: Page, screen: GalleryScreen): Promise<void> {
  const main = page.locator(`main[data-step="${screen.stepId}"]`);
  await main.locator('h1').first().waitFor({ state: 'visible' });
  await page.locator('.fe-loader').first().waitFor({ state: 'hidden', timeout: 10_000 });
  // not network idle: the page's keepalive error-report requests never look finished to the DevTools protocol
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((img) => (img.complete ? undefined : img.decode().catch(() => undefined))));
  });
  const path = new URL(page.url()).pathname;
  if (path !== screen.path) throw new Error(`${screen.key}: opened ${screen.path} but the funnel went to ${path}`);
  if (screen.screen === 'checkout' && (await main.getByTestId('checkout-total').count()) === 0) {
    throw new Error(`${screen.key}: the checkout shows its signed-out state`);
  }
}
