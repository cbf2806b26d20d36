import { readItem, readJson, removeItem, writeItem } from '../../engine/index.ts';
import { loadHistory, saveHistory, HISTORY_KEY } from '../../engine/index.ts';
import { MemoryStorage } from './memoryStorage.ts';

afterEach(() => vi.unstubAllGlobals());

describe('safe storage', () => {
  it('reads and writes when storage works', () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    expect(writeItem('local', 'k', 'v')).toBe(true);
    expect(readItem('local', 'k')).toBe('v');
    removeItem('local', 'k');
    expect(readItem('local', 'k')).toBeUndefined();
  });

  it('returns false instead of throwing when the quota is full', () => {
    const storage = new MemoryStorage();
    storage.full = true;
    vi.stubGlobal('localStorage', storage);
    expect(writeItem('local', 'k', 'v')).toBe(false);
  });

  it('survives storage whose every access throws (disabled cookies, private mode)', () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      },
    );
    vi.stubGlobal('sessionStorage', hostile);
    expect(readItem('session', 'k')).toBeUndefined();
    expect(writeItem('session', 'k', 'v')).toBe(false);
    expect(() => removeItem('session', 'k')).not.toThrow();
    expect(loadHistory()).toEqual([]);
    expect(() => saveHistory(['/'])).not.toThrow();
  });

  it('treats corrupt JSON as missing', () => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    sessionStorage.setItem(HISTORY_KEY, '{broken');
    expect(readJson('session', HISTORY_KEY)).toBeUndefined();
    expect(loadHistory()).toEqual([]);
    sessionStorage.setItem(HISTORY_KEY, JSON.stringify(['/', 5, '/signup']));
    expect(loadHistory()).toEqual(['/', '/signup']);
  });
});
