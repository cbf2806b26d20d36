import type { ReactNode } from 'react';

/** The page frame of a funnel screen: centred content column, full height, safe side padding. */
export function Screen({ children, className = '', wide = false }: { children: ReactNode; className?: string; wide?: boolean }) {
  return <div className={`fe-screen ${wide ? 'fe-screen--wide' : ''} ${className}`.trim()}>{children}</div>;
}
