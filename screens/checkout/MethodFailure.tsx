import { useEffect, useRef } from 'react';

/**
 * The last failure of one way to pay, right beside its button: announced (role=alert), focused and
 * scrolled into sight when a new one arrives, so a screen reader, a keyboard and the eye land where
 * the visitor can try again.
 */
export function MethodFailure({ text, testId }: { text: string; testId: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const failure = ref.current;
    if (!failure) return;
    // focus alone may leave it under the Pay bar stuck to the bottom on phones (whose height, kept in
    // <html>'s scroll-padding, is measured again only as the form shows after the purchase): centred
    failure.focus({ preventScroll: true });
    failure.scrollIntoView?.({ block: 'center' });
  }, [text]);
  return (
    <p className="checkout-card__failure" role="alert" tabIndex={-1} ref={ref} data-testid={testId}>
      {text}
    </p>
  );
}
