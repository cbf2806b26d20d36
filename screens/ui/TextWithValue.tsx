import type { ReactNode } from 'react';

/** Where the value goes in the translated text: a private-use character no translation contains. */
const VALUE_SLOT = '\uE000';

/**
 * A translated text with one of its values set as an element of its own (a Circle's name, an email
 * address): the visitor's text is split around it, so the value can read in its own direction inside
 * a <bdi> (a Latin name or address in an Arabic sentence) and be styled apart from the words around it.
 * @example <TextWithValue text={(slot) => t('download.signInHint', { email: slot })} value={<EmailAddress address={email} />} />
 */
export function TextWithValue({ text, value }: { text: (slot: string) => string; value: ReactNode }) {
  const [before, after = ''] = text(VALUE_SLOT).split(VALUE_SLOT);
  return (
    <>
      {before}
      {value}
      {after}
    </>
  );
}

/**
 * An email address in running text: left to right in every language, and never broken inside its
 * parts; the only place a long address may wrap is before its "@".
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0)
    return (
      <bdi dir="ltr" className="fe-address">
        {address}
      </bdi>
    );
  return (
    <bdi dir="ltr" className="fe-address">
      <span className="fe-address__part">{address.slice(0, at)}</span>
      <wbr />
      <span className="fe-address__part">{address.slice(at)}</span>
    </bdi>
  );
}
