import { useEffect, useRef } from 'react';

/**
 * The last failure of one way to pay, right beside its button: announced (role=alert) and focused
 * when a new one arrives, so a screen reader and a keyboard land where the visitor can try again.
 */
export function MethodFailure({ text, testId }: { text: string; testId: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [text]);
  return (
    <p className="checkout-card__failure" role="alert" tabIndex={-1} ref={ref} data-testid={testId}>
      {text}
    </p>
  );
}
