import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { PREVIEW_CONFIG } from './screens/product/previewConfig.ts';

/**
 * The e2e files that measure time, load order or bytes (the landing's start-up order before and after
 * idle, the script budget until idle, the dev server's reload time): they run alone, one at a time,
 * after the others. (Layout shift delays its responses on purpose but measures neither: it runs with
 * the others.)
 */
const TIMING_SENSITIVE_E2E = ['test/e2e/landing-start.test.ts', 'test/e2e/budget.test.ts', 'test/e2e/dev.test.ts'];

/** What both e2e projects share: real Chromium against the preview server the global setup starts. */
const e2e = {
  include: ['test/e2e/**/*.test.ts'],
  environment: 'node',
  testTimeout: 90_000,
  hookTimeout: 180_000,
  // within a file, tests marked concurrent (the payment, family and measurement walks, which mostly
  // wait on the sandbox's timers and the browser) run three at a time, each in its own browser context
  maxConcurrency: 3,
  globalSetup: ['test/e2e/globalSetup.ts'],
  // the page renders after the click resolves: text assertions poll instead of reading once
  expect: { poll: { timeout: 10_000 } },
};

/** Three levels: unit (engine core, validator), components (testing-library, jsdom), e2e (real Chromium). */
export default defineConfig({
  define: { __PREVIEW__: 'true', __FUNNEL_CONFIG__: JSON.stringify(PREVIEW_CONFIG) },
  test: {
    globals: true,
    // Vitest's default (one fewer than the cores) is a single worker on a 2-core CI machine; the unit and
    // component files are independent and CPU-bound, so use every core (the e2e projects set their own)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // one module instance per worker across files (no per-file re-import of React, jsdom setup and the
          // engine): half the run time; module state a test leaves is reset in its teardown
          isolate: false,
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // on a busy shared machine a CPU-heavy test (the simulated experiments of the report) can take
          // several times its 1 to 2 s alone, past Vitest's default 5 s
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          isolate: false,
          include: ['test/components/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/components/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          ...e2e,
          name: 'e2e',
          exclude: TIMING_SENSITIVE_E2E,
          // two files at a time: most of an e2e file's time is waiting (the sandbox's timers, the pages),
          // so two keep the two cores busier without slowing each other much; after the unit tests
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          ...e2e,
          name: 'e2e-serial',
          include: TIMING_SENSITIVE_E2E,
          // alone on the machine, after the other e2e files: these measure time, order or bytes
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
