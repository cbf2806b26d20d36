import type { ReactNode } from 'react';
import { Art } from './art/Art.tsx';

export interface ScreenFrameProps {
  children: ReactNode;
  className?: string;
  wide?: boolean;
  /**
   * From 1024 px: a white card centred on the brand's light background instead of a column on a white
   * page (see screen.css).
   */
  card?: boolean;
  /**
   * An illustration from screens/ui/art: a short picture above the content on phones, the card's
   * second column from 1024 px. The content then sits in `.fe-screen__body`, which carries className.
   */
  art?: string;
}

/** The page frame of a funnel screen: centred content column, full height, safe side padding. */
export function Screen({ children, className = '', wide = false, card = false, art }: ScreenFrameProps) {
  const frame = `fe-screen ${wide ? 'fe-screen--wide' : ''} ${card ? 'fe-screen--card' : ''}`;
  if (!art) return <div className={`${frame} ${className}`.replace(/\s+/g, ' ').trim()}>{children}</div>;
  return (
    <div className={`${frame} fe-screen--art`.replace(/\s+/g, ' ').trim()}>
      <div className="fe-screen__art">
        <Art name={art} className="fe-screen__art-image" priority />
      </div>
      <div className={`fe-screen__body ${className}`.trim()}>{children}</div>
    </div>
  );
}
