import { ownValue } from '../../engine/index.ts';

/**
 * The small line icons flow data may name (a choice option's or a quiz answer's `icon`): 24 px,
 * drawn with a 2 px round stroke in the current colour, so each screen tints them as it likes.
 */
export const LINE_ICONS: Readonly<Record<string, string>> = {
  'circle-plus': 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5v8m-4-4h8',
  key: 'M21 2l-2 2m-7.6 7.6a5.5 5.5 0 1 1-7.78 7.78 5.5 5.5 0 0 1 7.78-7.78zm0 0L15.5 7.5m0 0l3 3L22 7l-3-3m-3.5 3.5L19 4',
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9a8 8 0 0 1 16 0',
  heart: 'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1 7.8 7.7 7.8-7.7 1-1.1a5.5 5.5 0 0 0 0-7.8z',
  friend: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm-4-7s1.5 2 4 2 4-2 4-2M9 9.5h.01M15 9.5h.01',
  family: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 10v-1a6 6 0 0 1 6-6h4a6 6 0 0 1 6 6v1m-1-17.8a4 4 0 0 1 0 7.6M23 21v-1a6 6 0 0 0-4-5.6',
  work: 'M4 7h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2zm12 0V5a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v2M2 13h20',
  school: 'M2 9l10-5 10 5-10 5zm4 2v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5m4-2v6',
  none: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM5.6 5.6l12.8 12.8',
  schedule: 'M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm11-2v4M8 2v4M3 10h18m-13 4h2m4 0h2m-8 4h2',
  car: 'M4 17a1 1 0 0 1-1-1v-3.5l2-5A2 2 0 0 1 6.9 6h10.2a2 2 0 0 1 1.9 1.5l2 5V16a1 1 0 0 1-1 1zm-1-4.5h18M7 17v2m10-2v2M7 14.5h.01m9.99 0h.01',
  pin: 'M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0zm-8 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-14v5l3 3',
  moon: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
  compass: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm4.2-13.2l-2.1 6.3-6.3 2.1 2.1-6.3z',
  battery: 'M4 7h13a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2zm18 4v2M6 10.5v3m4-3v3',
};

/** True when `name` is one of LINE_ICONS (the validator-free check tests use on the flow data). */
export const isLineIcon = (name: string): boolean => ownValue(LINE_ICONS, name) !== undefined;

/** A decorative line icon in a span (the text beside it names the control); an unknown name draws nothing. */
export function LineIcon({ name, className }: { name: string; className: string }) {
  const d = ownValue(LINE_ICONS, name);
  if (!d) return null;
  return (
    <span className={className} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
        <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
