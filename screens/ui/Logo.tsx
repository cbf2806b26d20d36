import { useId } from 'react';

export interface LogoProps {
  /** The product's name in the visitor's language (the text a11y.appName, which the tab title uses too). */
  name: string;
  /** `light` for green or photo backgrounds: white wordmark. */
  tone?: 'dark' | 'light';
  /** Height of the mark in px; the wordmark scales with it. */
  size?: number;
  /** Only the mark (the app icon), without the wordmark. */
  markOnly?: boolean;
  className?: string;
}

/**
 * The brand: the mark (a pin with an orange family dot over a mint geofence ring, on the green
 * gradient square, the same drawing as screens/ui/icons/icon.svg) and the wordmark, the product's name
 * from the visitor's texts, so the logo and the tab title always say the same. One inline SVG, so it
 * costs no request; the wordmark is SVG text in the page's Open Sans, drawn for the brand name
 * "Family Locator" (one name in every language: textLength fits it to the mark's width).
 */
export function Logo({ name, tone = 'dark', size = 32, markOnly = false, className = '' }: LogoProps) {
  const gradient = `fe-logo-${useId().replace(/:/g, '')}`;
  // the wordmark takes 5.3 mark heights at Open Sans 800 (textLength pins it, whatever font loads)
  const width = markOnly ? 64 : 64 + 16 + 340;
  return (
    <svg
      className={`fe-logo fe-logo--${tone} ${className}`.trim()}
      viewBox={`0 0 ${width} 64`}
      width={(size * width) / 64}
      height={size}
      role="img"
      aria-label={name}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#00B9A0" />
          <stop offset="1" stopColor="#00564A" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="15" fill={`url(#${gradient})`} />
      <ellipse cx="32" cy="52" rx="15" ry="4.5" fill="none" stroke="#02E5B7" strokeWidth="3" />
      <path d="M32 8c-9.4 0-17 7.4-17 16.6C15 37 32 52 32 52s17-15 17-27.4C49 15.4 41.4 8 32 8z" fill="#fff" />
      <circle cx="32" cy="24.5" r="7.5" fill="#FBA253" />
      {markOnly ? null : (
        <text
          x="80"
          y="44"
          textLength="340"
          lengthAdjust="spacingAndGlyphs"
          fontFamily="'Open Sans Variable', 'Open Sans', system-ui, sans-serif"
          fontSize="40"
          fontWeight="800"
          letterSpacing="-0.5"
          fill={tone === 'light' ? '#fff' : '#00564A'}
          direction="ltr"
          aria-hidden="true"
        >
          {name}
        </text>
      )}
    </svg>
  );
}
