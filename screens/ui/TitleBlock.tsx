import type { ReactNode } from 'react';

export interface TitleBlockProps {
  title: ReactNode;
  text?: ReactNode;
  /** The action row under the texts (usually a Button). */
  children?: ReactNode;
  align?: 'start' | 'center';
}

/** The title, text and button block most screens are made of. */
export function TitleBlock({ title, text, children, align = 'center' }: TitleBlockProps) {
  return (
    <section className={`fe-title-block fe-title-block--${align}`}>
      <h1 className="fe-title">{title}</h1>
      {text ? <p className="fe-text">{text}</p> : null}
      {children ? <div className="fe-title-block__actions">{children}</div> : null}
    </section>
  );
}
