import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { Logo } from '../../screens/ui/Logo.tsx';

describe('Logo', () => {
  it('is one image named after the app, with the mark and the wordmark', () => {
    render(
      <StrictMode>
        <Logo name="Family Locator" />
      </StrictMode>,
    );
    const logo = screen.getByRole('img', { name: 'Family Locator' });
    expect(logo.querySelector('text')).toHaveTextContent('Family Locator');
    expect(logo.querySelector('path')).not.toBeNull();
    expect(logo).toHaveAttribute('height', '32');
    expect(Number(logo.getAttribute('width'))).toBeCloseTo((32 * 420) / 64);
  });

  it('draws only the mark, square, when asked', () => {
    render(
      <StrictMode>
        <Logo name="Family Locator" markOnly size={88} />
      </StrictMode>,
    );
    const logo = screen.getByRole('img', { name: 'Family Locator' });
    expect(logo.querySelector('text')).toBeNull();
    expect(logo).toHaveAttribute('width', '88');
    expect(logo).toHaveAttribute('viewBox', '0 0 64 64');
  });

  it('writes the wordmark white on the light tone, and gives each logo its own gradient', () => {
    render(
      <StrictMode>
        <Logo name="Family Locator" tone="light" />
        <Logo name="Family Locator" />
      </StrictMode>,
    );
    const [light, dark] = screen.getAllByRole('img', { name: 'Family Locator' });
    expect(light!.querySelector('text')).toHaveAttribute('fill', '#fff');
    expect(dark!.querySelector('text')).toHaveAttribute('fill', '#00564A');
    const ids = [light!, dark!].map((l) => l.querySelector('linearGradient')!.id);
    expect(new Set(ids).size).toBe(2);
    expect(light!.querySelector('rect')).toHaveAttribute('fill', `url(#${ids[0]})`);
  });
});
