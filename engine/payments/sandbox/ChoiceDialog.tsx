import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTexts } from '../../react/translator.ts';
import type { ChoiceChannel } from './choiceChannel.ts';

export interface ChoiceDialogProps<C extends string> {
  channel: ChoiceChannel<C>;
  titleKey: string;
  textKey: string;
  /** The buttons, the first one focused. */
  choices: Array<{ id: C; labelKey: string; variant: 'primary' | 'secondary' | 'link' }>;
  /** The answer when the dialog goes away unanswered (Escape, unmount). */
  dismissWith: C;
}

/**
 * A modal sandbox dialog above everything (the checkout loader included), like the provider's own
 * 3-D Secure frame: a title, a text and one button per choice; Escape picks `dismissWith`.
 */
export function ChoiceDialog<C extends string>({ channel, titleKey, textKey, choices, dismissWith }: ChoiceDialogProps<C>) {
  const { t } = useTexts();
  const open = useSyncExternalStore(channel.subscribe, channel.pending, channel.pending);
  const id = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  // a question left open when the page goes away is answered, so the purchase never hangs
  useEffect(
    () => () => {
      if (channel.pending()) channel.answer(dismissWith);
    },
    [channel, dismissWith],
  );
  if (!open) return null;
  return createPortal(
    <div className="checkout-dialog" onKeyDown={(e) => e.key === 'Escape' && channel.answer(dismissWith)}>
      <div className="checkout-dialog__panel" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
        <h2 className="checkout-dialog__title" id={`${id}-title`}>
          {t(titleKey)}
        </h2>
        <p className="checkout-dialog__text" id={`${id}-text`}>
          {t(textKey, open)}
        </p>
        <div className="checkout-dialog__actions">
          {choices.map((choice, i) => (
            <button
              key={choice.id}
              ref={i === 0 ? first : undefined}
              type="button"
              className={`fe-button fe-button--${choice.variant}`}
              onClick={() => channel.answer(choice.id)}
            >
              {t(choice.labelKey)}
            </button>
          ))}
        </div>
      </div>
    </div>,
    document.body,
  );
}
