import { recordNavigation } from '../../engine/index.ts';

describe('navigation history (spec section 2)', () => {
  it('appends a new path on forward navigation', () => {
    expect(recordNavigation(['/'], '/check-location', 'forward')).toEqual({ list: ['/', '/check-location'] });
  });

  it('cuts the list back to an already visited path on forward navigation', () => {
    expect(recordNavigation(['/', '/a', '/b', '/c'], '/a', 'forward')).toEqual({ list: ['/', '/a'] });
  });

  it('keeps the list on a reload of the last path', () => {
    expect(recordNavigation(['/', '/a'], '/a', 'forward')).toEqual({ list: ['/', '/a'] });
  });

  it('sends a back navigation to the last recorded path', () => {
    expect(recordNavigation(['/', '/a', '/b'], '/a', 'back')).toEqual({ list: ['/', '/a', '/b'], redirect: '/b' });
  });

  it('does not redirect a back navigation that lands on the last path, or with no history', () => {
    expect(recordNavigation(['/', '/a'], '/a', 'back')).toEqual({ list: ['/', '/a'] });
    expect(recordNavigation([], '/a', 'back')).toEqual({ list: [] });
  });
});
