import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetErrorReporting } from '../../engine/index.ts';

// the component files share one module instance per worker (isolate: false in vitest.config.ts):
// module-level state a test leaves must not reach the next file
afterEach(() => {
  cleanup();
  resetErrorReporting();
  localStorage.clear();
  sessionStorage.clear();
});

// A screen is a lazy chunk: on a loaded 2-core machine importing and transforming it can take
// seconds, so the find* queries wait up to 5 s instead of testing-library's default 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no scrolling; StepHost scrolls to the top on every step
window.scrollTo = () => {};

// SLOW_SCHEDULER=1 makes every clock read look 6 ms later, so React's scheduler yields after each
// unit of work, as on a slow or busy CI machine: passive effects then run a task after the commit
// they belong to. It finds tests that read effect-made state or text too early:
//   SLOW_SCHEDULER=1 npx vitest run --project components
if (process.env.SLOW_SCHEDULER === '1') {
  const realNow = performance.now.bind(performance);
  let skew = 0;
  performance.now = () => realNow() + (skew += 6);
}
