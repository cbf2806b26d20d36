import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { Art } from '../../screens/ui/art/Art.tsx';
import { Screen } from '../../screens/ui/Screen.tsx';

describe('Art', () => {
  it("is a decorative image with its size set, loaded lazily unless it is the screen's main picture", () => {
    const { container } = render(
      <StrictMode>
        <Art name="circle" />
        <Art name="crash-detection" priority />
      </StrictMode>,
    );
    const [lazy, eager] = [...container.querySelectorAll('img')];
    expect(lazy).toHaveAttribute('alt', '');
    expect(lazy).toHaveAttribute('width', '480');
    expect(lazy).toHaveAttribute('height', '400');
    expect(lazy).toHaveAttribute('loading', 'lazy');
    // a file URL in the build; the test transform may inline a small file as a data URL
    expect(lazy!.getAttribute('src')).toMatch(/(circle.*\.svg|^data:image\/svg\+xml)/);
    expect(eager).toHaveAttribute('loading', 'eager');
    expect(eager!.getAttribute('src')).toMatch(/(crash-detection.*\.svg|^data:image\/svg\+xml)/);
    expect(eager!.getAttribute('src')).not.toBe(lazy!.getAttribute('src'));
  });

  it('draws nothing for an unknown name', () => {
    const { container } = render(<Art name="no-such-art" />);
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('Screen', () => {
  it('without art: one frame carrying the screen class (the same desktop card for every screen)', () => {
    const { container } = render(
      <Screen className="quiz">
        <h1>Q</h1>
      </Screen>,
    );
    const frame = container.firstElementChild!;
    expect(frame.className).toBe('fe-screen quiz');
    expect(frame.querySelector('img')).toBeNull();
  });

  it('with art: the illustration beside a body that carries the screen class and the content', () => {
    const { container } = render(
      <Screen className="share-code" art="circle">
        <h1>Invite</h1>
      </Screen>,
    );
    const frame = container.firstElementChild!;
    expect(frame).toHaveClass('fe-screen', 'fe-screen--art');
    expect(frame).not.toHaveClass('share-code');
    expect(frame.querySelector('.fe-screen__art img')).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('heading', { name: 'Invite' }).parentElement).toHaveClass('fe-screen__body', 'share-code');
  });
});
