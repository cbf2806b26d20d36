/**
 * A purchase belongs to the account of the tab's access token, not to the e-mail every tab shares:
 * the key, and the mismatch a tab reports when another tab signed up another account later.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountKey, accountMismatch, purchaseAccountOf } from '../../engine/payments/index.ts';
import { clearPurchaseRecord, readPurchaseRecord, writePurchaseRecord, type PurchaseRecord } from '../../engine/payments/index.ts';
import { MemoryStorage } from './memoryStorage.ts';

const signup = (patch: Partial<Parameters<typeof accountMismatch>[0]> = {}) => ({
  token: 'tok-a',
  accountId: '7',
  accountEmail: 'a@example.com',
  userId: '7',
  email: 'a@example.com',
  ...patch,
});

describe('the purchase account', () => {
  it("is the token's account (its user id), even when another tab stored another e-mail", () => {
    expect(purchaseAccountOf(signup({ userId: '8', email: 'b@example.com' }))).toBe('user:7');
  });

  it('is the stored account in a tab without a session, and the e-mail only when the server gave no id', () => {
    expect(purchaseAccountOf(signup({ token: '', accountId: '', accountEmail: '', userId: '8', email: 'b@example.com' }))).toBe('user:8');
    expect(accountKey('', ' Ada@Example.com ')).toBe('email:ada@example.com');
    expect(accountKey('', '')).toBe('');
  });
});

describe('an account mismatch', () => {
  it('is reported when this tab is signed in as another account than the one stored', () => {
    expect(accountMismatch(signup({ userId: '8', email: 'b@example.com' }))).toEqual({ thisTab: 'a@example.com', stored: 'b@example.com' });
  });

  it('is none for the same account, or for a tab without a session', () => {
    expect(accountMismatch(signup())).toBeUndefined();
    expect(accountMismatch(signup({ token: '', userId: '8', email: 'b@example.com' }))).toBeUndefined();
    expect(accountMismatch(signup({ accountEmail: '', userId: '8', email: 'b@example.com' }))).toBeUndefined();
  });
});

describe("each account's record", () => {
  afterEach(() => {
    clearPurchaseRecord();
    vi.unstubAllGlobals();
  });
  const record = (account: string, plan: string): PurchaseRecord => ({
    account,
    plan,
    idempotencyKey: `k-${account}`,
    fbEventId: 'e',
    paymentMethodId: 'pm',
    pollingId: 'poll',
    startedAt: 1,
    status: 'processing',
    checkoutPath: '/checkout',
    successPath: '',
  });

  it("is stored apart: another account's purchase in the same browser never replaces it", () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    writePurchaseRecord(record('user:1', 'gz-3-month-fox'));
    writePurchaseRecord(record('user:2', 'gz-1-month-tiger'));
    expect(readPurchaseRecord('user:1')).toMatchObject({ plan: 'gz-3-month-fox', idempotencyKey: 'k-user:1' });
    expect(readPurchaseRecord('user:2')).toMatchObject({ plan: 'gz-1-month-tiger' });
    clearPurchaseRecord('user:2');
    expect(readPurchaseRecord('user:1')).toBeDefined();
    expect(readPurchaseRecord('user:2')).toBeUndefined();
  });
});
