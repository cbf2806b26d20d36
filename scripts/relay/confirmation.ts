/**
 * The backend's purchase confirmation, the relay's only input (the contract: docs/operations.md
 * "Server-side conversions"). It carries what the subscription call brought (fb_event_id and the
 * `attribution` object, engine/core/attribution.ts), what the server decided (subscription id, plan,
 * prices, time) and the account, so the relay can rebuild the browser's events with the same ids.
 * Every problem is named by its field path, all of them at once.
 */

/** The visitor's consent when paying, as the funnel sent it (attribution.consent). */
export interface ConsentSnapshot {
  analytics: boolean;
  marketing: boolean;
  /** The browser sent Global Privacy Control: an opt-out of advertising. */
  gpc: boolean;
  /**
   * The browser's decision per destination id (flows/destinations.json), whether it could run when the
   * visitor paid (engine destinationMayRun: under a TCF CMP its purposes and its vendor); absent from an
   * older funnel's snapshot, then the categories decide.
   */
  vendors?: Map<string, boolean>;
}

export interface PurchaseConfirmation {
  /** The subscription call's fb_event_id: the pixel's eventID and the browser's Segment messageId. */
  eventId: string;
  /** The server's subscription id: GA4's transaction_id and Segment's order_id. */
  subscriptionId: string;
  /** When the server confirmed the payment (ms since 1970). */
  confirmedAt: number;
  plan: string;
  finalPrice: number;
  regularPrice: number;
  currency: string;
  gateway: string;
  upsell: boolean;
  landingType?: string;
  user: { id: string; email?: string };
  clientIp?: string;
  consent: ConsentSnapshot;
  userAgent: string;
  pageUrl: string;
  fbp?: string;
  fbc?: string;
  anonymousId?: string;
  gaClientId?: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: string[] };

const MAX_TEXT = 2048;

/** Reads fields of one object, collecting problems under a path prefix. */
class Reader {
  constructor(
    private readonly obj: Record<string, unknown>,
    private readonly at: string,
    private readonly problems: string[],
  ) {}

  private has(field: string): boolean {
    return Object.hasOwn(this.obj, field) && this.obj[field] !== undefined && this.obj[field] !== null;
  }

  text(field: string, required: boolean, max = 200): string | undefined {
    if (!this.has(field)) {
      if (required) this.problems.push(`${this.at}${field} is required`);
      return undefined;
    }
    const v = this.obj[field];
    if (typeof v !== 'string' || (required && !v.trim()) || v.length > max) {
      this.problems.push(`${this.at}${field} must be a ${required ? 'non-empty ' : ''}string of at most ${max} characters`);
      return undefined;
    }
    return v || undefined;
  }

  amount(field: string): number | undefined {
    const v = this.obj[field];
    const n = typeof v === 'string' && v.trim() ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1e7) {
      this.problems.push(`${this.at}${field} must be an amount (a number from 0 to 10,000,000)`);
      return undefined;
    }
    return n;
  }

  flag(field: string, required: boolean): boolean {
    if (!this.has(field) && !required) return false;
    const v = this.obj[field];
    if (typeof v !== 'boolean') this.problems.push(`${this.at}${field} must be true or false`);
    return v === true;
  }

  object(field: string): Record<string, unknown> | undefined {
    const v = this.obj[field];
    if (!v || typeof v !== 'object' || Array.isArray(v)) {
      this.problems.push(`${this.at}${field} must be an object`);
      return undefined;
    }
    return v as Record<string, unknown>;
  }
}

function readVendors(raw: unknown, problems: string[]): Map<string, boolean> | undefined {
  if (raw === undefined) return undefined;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push('attribution.consent.vendors must be an object of destination id to true or false');
    return undefined;
  }
  const out = new Map<string, boolean>();
  for (const [id, value] of Object.entries(raw)) {
    if (typeof value === 'boolean') out.set(id, value);
    else problems.push(`attribution.consent.vendors.${id} must be true or false`);
  }
  return out;
}

/**
 * The confirmation of a parsed JSON body, or every problem with its field path.
 * @example parseConfirmation({ event_id: 'e1', subscription_id: 's1', ... }).ok
 */
export function parseConfirmation(body: unknown): Parsed<PurchaseConfirmation> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, problems: ['the body must be a JSON object'] };
  const problems: string[] = [];
  const top = new Reader(body as Record<string, unknown>, '', problems);
  const eventId = top.text('event_id', true);
  const subscriptionId = top.text('subscription_id', true);
  const confirmedText = top.text('confirmed_at', true, 40);
  const confirmedAt = confirmedText ? Date.parse(confirmedText) : NaN;
  if (confirmedText && !Number.isFinite(confirmedAt)) problems.push('confirmed_at must be an ISO 8601 date and time');
  const plan = top.text('plan', true);
  const finalPrice = top.amount('price_with_discount');
  const regularPrice = top.amount('regular_price');
  const currency = top.text('currency', false, 3) ?? 'USD';
  if (!/^[A-Z]{3}$/.test(currency)) problems.push('currency must be an ISO 4217 code such as "USD"');
  const gateway = top.text('gateway', true, 40);
  const upsell = top.flag('is_upsell', false);
  const landingType = top.text('landing_type', false, 64);
  const clientIp = top.text('client_ip_address', false, 64);
  const userObj = top.object('user');
  const user = userObj ? new Reader(userObj, 'user.', problems) : undefined;
  const userId = user?.text('id', true);
  const email = user?.text('email', false, 320);
  const attribution = top.object('attribution');
  const a = attribution ? new Reader(attribution, 'attribution.', problems) : undefined;
  const consentObj = a?.object('consent');
  const c = consentObj ? new Reader(consentObj, 'attribution.consent.', problems) : undefined;
  const consent = c && {
    analytics: c.flag('analytics', true),
    marketing: c.flag('marketing', true),
    gpc: c.flag('gpc', false),
    vendors: readVendors(consentObj?.vendors, problems),
  };
  const userAgent = a?.text('user_agent', true, MAX_TEXT);
  const pageUrl = a?.text('page_url', true, MAX_TEXT);
  if (pageUrl && !/^https?:\/\//.test(pageUrl)) problems.push('attribution.page_url must be an http(s) address');
  const optional = (field: string) => a?.text(field, false, MAX_TEXT);
  if (problems.length || !eventId || !subscriptionId || !plan || !gateway || !userId || !consent || !userAgent || !pageUrl)
    return { ok: false, problems: problems.length ? problems : ['the confirmation is incomplete'] };
  return {
    ok: true,
    value: {
      eventId,
      subscriptionId,
      confirmedAt,
      plan,
      finalPrice: finalPrice!,
      regularPrice: regularPrice!,
      currency,
      gateway,
      upsell,
      ...(landingType ? { landingType } : {}),
      user: { id: userId, ...(email ? { email } : {}) },
      ...(clientIp ? { clientIp } : {}),
      consent,
      userAgent,
      pageUrl,
      ...pick({ fbp: optional('fbp'), fbc: optional('fbc'), anonymousId: optional('anonymous_id'), gaClientId: optional('ga_client_id') }),
    },
  };
}

/** The entries whose value is set. */
function pick<T extends Record<string, string | undefined>>(o: T): Partial<Record<keyof T, string>> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v)) as Partial<Record<keyof T, string>>;
}
