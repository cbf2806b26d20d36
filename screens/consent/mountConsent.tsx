/**
 * Mounts the consent banner and footer link in their own root after the funnel's (so hydration of a
 * prerendered page never sees them). Loaded lazily after the first paint.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ConsentStore } from '../../engine/analytics/runtime.ts';
import { ConsentUi } from './ConsentUi.tsx';

export interface MountConsentOptions {
  consent: ConsentStore;
  /** Loads the banner's texts (the first-paint texts: its section is among them); without them nothing is shown (events keep waiting for a choice). */
  loadTexts: () => Promise<void>;
  document: Document;
}

export async function mountConsent({ consent, loadTexts, document }: MountConsentOptions): Promise<void> {
  try {
    await loadTexts();
  } catch {
    return;
  }
  const host = document.createElement('div');
  host.className = 'consent-root';
  document.body.appendChild(host);
  createRoot(host).render(
    <StrictMode>
      <ConsentUi consent={consent} />
    </StrictMode>,
  );
}
