/**
 * Which account a purchase belongs to. The access token is per tab (session storage), while the
 * signup e-mail and user id are persisted in local storage and so shared by every tab: the one
 * another tab signed up last. A purchase is charged to the token's account, so it is keyed by that
 * account (its user id), never by the shared e-mail, and a tab whose account differs from the stored
 * one says so instead of showing another account's purchase.
 */
import { writeItem } from '../core/safeStorage.ts';
import { ACCESS_ACCOUNT_KEY, ACCESS_TOKEN_KEY } from '../core/startup.ts';
import type { SignupState } from './state.ts';

/** The key of an account: its user id, or its e-mail when the server gave no id. */
export function accountKey(userId: string, email: string): string {
  if (userId) return `user:${userId}`;
  const address = email.trim().toLowerCase();
  return address ? `email:${address}` : '';
}

/**
 * The account purchases of this tab are keyed by: the one its access token belongs to, else (a tab
 * without a session, or a session from before the account was kept beside the token) the stored one.
 */
export function purchaseAccountOf(signup: Pick<SignupState, 'accountId' | 'accountEmail' | 'userId' | 'email'>): string {
  return signup.accountEmail ? accountKey(signup.accountId, signup.accountEmail) : accountKey(signup.userId, signup.email);
}

/** The tab's signed-in e-mail and the one stored by another tab, when they name different accounts. */
export interface AccountMismatch {
  thisTab: string;
  stored: string;
}

/** Whether this tab is signed in as another account than the one stored (signed up later in another tab). */
export function accountMismatch(signup: Pick<SignupState, 'token' | 'accountId' | 'accountEmail' | 'userId' | 'email'>): AccountMismatch | undefined {
  if (!signup.token || !signup.accountEmail) return undefined;
  const stored = accountKey(signup.userId, signup.email);
  if (!stored || stored === accountKey(signup.accountId, signup.accountEmail)) return undefined;
  return { thisTab: signup.accountEmail, stored: signup.email };
}

/**
 * Keeps a new session: the access token and its account in session storage (this tab only) and in the
 * signup state.
 */
export function rememberSession(signup: SignupState, session: { token: string; userId: string; email: string }): void {
  writeItem('session', ACCESS_TOKEN_KEY, session.token);
  // without a user id the e-mail names the account (accountKey)
  writeItem('session', ACCESS_ACCOUNT_KEY, JSON.stringify({ id: session.userId, email: session.email }));
  Object.assign(signup, { token: session.token, accountId: session.userId, accountEmail: session.email });
}
