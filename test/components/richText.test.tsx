import { render, screen } from '@testing-library/react';
import { RichText } from '../../screens/ui/RichText.tsx';

describe('RichText', () => {
  it('turns tags into the given elements and keeps the words around them', () => {
    render(
      <p data-testid="p">
        <RichText
          text="By continuing, you agree to our <terms>Terms of Use</terms> and <privacy>Privacy Policy</privacy>."
          components={{ terms: <a href="/terms" />, privacy: <a href="/privacy" /> }}
        />
      </p>,
    );
    expect(screen.getByTestId('p')).toHaveTextContent('By continuing, you agree to our Terms of Use and Privacy Policy.');
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('never renders markup from the text and keeps an unknown tag as plain text', () => {
    const { container } = render(
      <p>
        <RichText text={'<img src=x onerror="alert(1)"> <b>bold</b> <x>y</x>'} components={{}} />
      </p>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror="alert(1)"> bold y');
  });
});
