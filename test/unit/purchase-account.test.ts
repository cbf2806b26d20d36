/**
 * A purchase belongs to the account of the tab's access token, not to the e-mail every tab shares:
 * the key, and the mismatch a tab reports when another tab signed up another account later.
 */
import { describe, expect, it } from 'vitest';
import { accountKey, accountMismatch, purchaseAccountOf } from '../../engine/payments/index.ts';

const signup = (patch: Partial<Parameters<typeof accountMismatch>[0]> = {}) => ({
  token: 'tok-a',
  accountId: '7',
  accountEmail: 'a@example.com',
  gzUserID: '7',
  email: 'a@example.com',
  ...patch,
});

describe('the purchase account', () => {
  it("is the token's account (its user id), even when another tab stored another e-mail", () => {
    expect(purchaseAccountOf(signup({ gzUserID: '8', email: 'b@example.com' }))).toBe('user:7');
  });

  it('is the stored account in a tab without a session, and the e-mail only when the server gave no id', () => {
    expect(purchaseAccountOf(signup({ token: '', accountId: '', accountEmail: '', gzUserID: '8', email: 'b@example.com' }))).toBe('user:8');
    expect(accountKey('', ' Ada@Example.com ')).toBe('email:ada@example.com');
    expect(accountKey('', '')).toBe('');
  });
});

describe('an account mismatch', () => {
  it('is reported when this tab is signed in as another account than the one stored', () => {
    expect(accountMismatch(signup({ gzUserID: '8', email: 'b@example.com' }))).toEqual({ thisTab: 'a@example.com', stored: 'b@example.com' });
  });

  it('is none for the same account, or for a tab without a session', () => {
    expect(accountMismatch(signup())).toBeUndefined();
    expect(accountMismatch(signup({ token: '', gzUserID: '8', email: 'b@example.com' }))).toBeUndefined();
    expect(accountMismatch(signup({ accountEmail: '', gzUserID: '8', email: 'b@example.com' }))).toBeUndefined();
  });
});
