import { ownValue } from '../../engine/index.ts';
/** The small line icons an option may name in its `icon` prop; an unknown name draws nothing. */
const PATHS: Record<string, string> = {
  'circle-plus': 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5v8m-4-4h8',
  key: 'M21 2l-2 2m-7.6 7.6a5.5 5.5 0 1 1-7.78 7.78 5.5 5.5 0 0 1 7.78-7.78zm0 0L15.5 7.5m0 0l3 3L22 7l-3-3m-3.5 3.5L19 4',
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9a8 8 0 0 1 16 0',
};

/** An option icon, decorative (the label names the option). */
export function ChoiceIcon({ name }: { name: string }) {
  const d = ownValue(PATHS, name);
  if (!d) return null;
  return (
    <span className="choice__icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24">
        <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
