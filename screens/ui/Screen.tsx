import type { ReactNode } from 'react';
import { Art } from './art/Art.tsx';

export interface ScreenFrameProps {
  children: ReactNode;
  className?: string;
  /** The content takes the card's whole width from 1024 px (a reading column otherwise; see screen.css). */
  wide?: boolean;
  /**
   * An illustration from screens/ui/art: a short picture above the content on phones, the card's
   * second column from 1024 px. The content then sits in `.fe-screen__body`, which carries className.
   */
  art?: string;
}

/**
 * The page frame of every funnel step but the landing: a centred column with safe side padding on
 * phones; from 1024 px the one desktop look of both funnels, a white card on the mint page (screen.css).
 */
export function Screen({ children, className = '', wide = false, art }: ScreenFrameProps) {
  const frame = `fe-screen ${wide ? 'fe-screen--wide' : ''}`;
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
