import { useSnapshot } from 'valtio/react';
import { useEngine } from '../context.ts';
import { ErrorBanner } from './ErrorBanner.tsx';
import { LoadingOverlay } from './LoadingOverlay.tsx';

/** Always mounted: the error banner and the store-driven full-screen loader. */
export function MessageOverlay() {
  const { store } = useEngine();
  const loader = useSnapshot(store.loader);
  return (
    <>
      <ErrorBanner />
      {loader.show ? <LoadingOverlay withMessage={loader.withMessage} type={loader.type} /> : null}
    </>
  );
}
