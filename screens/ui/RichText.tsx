import { Fragment, cloneElement, type ReactElement } from 'react';
import { ownValue } from '../../engine/index.ts';

const TAG = /<([a-z][a-zA-Z0-9]*)>(.*?)<\/\1>/g;

export interface RichTextProps {
  /** A translated text with simple tags, e.g. "You agree to our <terms>Terms of Use</terms>." */
  text: string;
  /** The element each tag becomes; its translated inner text becomes the element's children. */
  components: Record<string, ReactElement>;
}

/**
 * A translated sentence with links in it, so translators keep the whole sentence and word order.
 * Text outside tags is rendered as text (never as HTML); an unknown tag keeps only its inner text.
 * @example <RichText text={t('signup.consent')} components={{ terms: <a href={termsUrl} /> }} />
 */
export function RichText({ text, components }: RichTextProps) {
  const parts: Array<string | ReactElement> = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner] = match;
    parts.push(text.slice(last, match.index));
    const element = ownValue(components, name!);
    parts.push(element ? cloneElement(element, { key: match.index }, inner) : inner!);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts.map((p, i) => (typeof p === 'string' ? <Fragment key={`t${i}`}>{p}</Fragment> : p))}</>;
}
