/** The sandbox store stays bounded: accounts are capped (least recently used go first) and expire; the event log too. */
import { PagedLog } from '../../scripts/server/sandbox/pagedLog.ts';
import { createSandboxState, type Account } from '../../scripts/server/sandbox/state.ts';

const account = (n: number): Account => ({
  userId: String(n),
  email: `a${n}@example.com`,
  name: 'A',
  landingType: 'fullPrice',
  token: `t${n}`,
  clientToken: `c${n}`,
});

function add(state: ReturnType<typeof createSandboxState>, a: Account): void {
  state.accountsByEmail.set(a.email, a);
  state.accountsByToken.set(a.token, a);
}

describe('sandbox accounts', () => {
  it('keeps at most the cap, dropping the least recently used from both indexes', () => {
    const state = createSandboxState({ maxAccounts: 3 });
    for (let n = 1; n <= 5; n++) add(state, account(n));
    expect(state.accountsByEmail.size).toBe(3);
    expect(state.accountsByToken.size).toBe(3);
    expect(state.accountsByToken.get('t1')).toBeUndefined();
    expect(state.accountsByEmail.get('a2@example.com')).toBeUndefined();
    expect(state.accountsByToken.get('t5')?.email).toBe('a5@example.com');
  });

  it('keeps an account in the middle of a purchase when a flood of signups fills the store', () => {
    const state = createSandboxState({ maxAccounts: 3 });
    state.inPurchase = (a) => a.userId === '1';
    for (let n = 1; n <= 50; n++) add(state, account(n));
    expect(state.accountsByToken.get('t1')?.email).toBe('a1@example.com');
    expect(state.accountsByEmail.get('a1@example.com')?.token).toBe('t1');
    expect(state.accountsByEmail.size).toBe(3);
    expect(state.accountsByToken.size).toBe(3);
    expect(state.accountsByToken.get('t50')?.email).toBe('a50@example.com');
    expect(state.accountsByEmail.get('a2@example.com')).toBeUndefined();
  });

  it('still makes room when every account is in the middle of a purchase', () => {
    const state = createSandboxState({ maxAccounts: 3 });
    state.inPurchase = () => true;
    for (let n = 1; n <= 6; n++) add(state, account(n));
    expect(state.accountsByEmail.size).toBe(3);
    expect(state.accountsByToken.get('t6')?.email).toBe('a6@example.com');
  });

  it('forgets an account after its time to live, by e-mail and by token', async () => {
    const state = createSandboxState({ accountTtlMs: 30 });
    add(state, account(1));
    expect(state.accountsByToken.get('t1')).toBeDefined();
    await new Promise((r) => setTimeout(r, 60));
    expect(state.accountsByToken.get('t1')).toBeUndefined();
    expect(state.accountsByEmail.has('a1@example.com')).toBe(false);
  });
});

describe('paged log', () => {
  it('caps the number of entries, keeping the newest', () => {
    const log = new PagedLog<number>(3, 60_000);
    for (let n = 1; n <= 5; n++) log.push(n);
    expect(log.page(0, 10).items).toEqual([3, 4, 5]);
  });

  it('drops entries older than the age limit', () => {
    let now = 0;
    const log = new PagedLog<string>(100, 1000, () => now);
    log.push('old');
    now = 900;
    log.push('new');
    now = 1500;
    expect(log.page(0, 10).items).toEqual(['new']);
    expect(log.size).toBe(1);
  });

  it('pages with a cursor that survives entries being dropped', () => {
    const log = new PagedLog<number>(5, 60_000);
    for (let n = 1; n <= 4; n++) log.push(n);
    const first = log.page(0, 2);
    expect(first).toEqual({ items: [1, 2], nextCursor: '2' });
    for (let n = 5; n <= 7; n++) log.push(n); // 1 and 2 are dropped by the cap
    expect(log.page(Number(first.nextCursor), 10)).toEqual({ items: [3, 4, 5, 6, 7], nextCursor: null });
  });
});
