import type { AppStore } from './model.ts';

const APPLE =
  'M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.8zM14.1 5.8c.6-.8 1.1-1.8 1-2.8-.9 0-2 .6-2.7 1.4-.6.7-1.1 1.7-1 2.7 1 .1 2-.5 2.7-1.3z';

/** The store's mark: the Apple logo or the Google Play triangle (simplified, decorative). */
function Mark({ store }: { store: AppStore }) {
  if (store === 'appStore') {
    return (
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
        <path d={APPLE} fill="currentColor" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <path d="M4 2.8l10.2 9.2L4 21.2c-.4-.2-.6-.6-.6-1.1V3.9c0-.5.2-.9.6-1.1z" fill="#00d7fe" />
      <path d="M17.6 8.9l-3.4 3.1L4 2.8c.2-.1.5-.1.8 0l12.8 6.1z" fill="#00f076" />
      <path d="M17.6 15.1L4.8 21.2c-.3.1-.6.1-.8 0l10.2-9.2 3.4 3.1z" fill="#ff3a44" />
      <path d="M20.4 10.6c.9.5.9 1.9 0 2.4l-2.8 2.1-3.4-3.1 3.4-3.1 2.8 1.7z" fill="#ffd400" />
    </svg>
  );
}

/** A download link styled as a store badge; it opens the store in a new tab. */
export function StoreBadge({ store, href, caption, name }: { store: AppStore; href: string; caption: string; name: string }) {
  return (
    <a className={`download-badge download-badge--${store}`} href={href} target="_blank" rel="noopener noreferrer" data-store={store}>
      <Mark store={store} />
      <span className="download-badge__text">
        <span className="download-badge__caption">{caption}</span> <span className="download-badge__name">{name}</span>
      </span>
    </a>
  );
}
